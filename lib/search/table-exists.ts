// Whether a table of a domain that may not be deployed yet exists (search and the dashboard
// read alerts when that domain's migration has run, and answer without them otherwise).
import { db } from '@/lib/db';

export async function tableExists(name: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ present: boolean }[]>`select to_regclass(${`public.${name}`}) is not null as present`;
  return rows[0]?.present === true;
}
