// With the partner's service-management mode `off`, billing is hidden and no new billing
// document (catalog item, quote, invoice, contract) is created, on any path — the same rule and
// answer as new tickets (doc 1). Existing documents stay readable.
import type { DbOrTx } from '@/lib/db';
import { conflict, notFound } from '@/lib/http/errors';
import { readServiceManagementMode } from '@/lib/partners/to-partner-dto';

export const billingOff = () =>
  conflict('Service management is off for this partner: new billing documents cannot be created', 'service_management_off');

/** Share-locks the partner row so a concurrent switch to `off` waits for this creation. */
export async function assertBillingAllowed(client: DbOrTx, partnerId: string): Promise<void> {
  const rows = await client.$queryRaw<{ mode: string }[]>`
    select service_management_mode as mode from partners where id = ${partnerId}::uuid and deleted_at is null for share`;
  if (!rows[0]) throw notFound('Partner');
  if (readServiceManagementMode(rows[0].mode) === 'off') throw billingOff();
}
