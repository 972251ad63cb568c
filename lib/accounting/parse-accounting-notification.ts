// Which companies a notification names. QuickBooks-style bodies list
// `eventNotifications[].realmId`; a flat `{ realmId }` or `{ companyId }` is accepted too.
import { z } from 'zod';

const ZCompanyId = z.union([z.string(), z.number().int().nonnegative()]).transform(String).pipe(z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/));

const ZNotification = z.union([
  z.object({ eventNotifications: z.array(z.object({ realmId: ZCompanyId }).passthrough()).min(1).max(100) }).passthrough(),
  z.object({ realmId: ZCompanyId }).passthrough(),
  z.object({ companyId: ZCompanyId }).passthrough(),
]);

/** The distinct company ids, or null when the body is not a notification we can read. */
export function parseAccountingNotification(rawBody: Uint8Array): string[] | null {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(rawBody));
  } catch {
    return null;
  }
  const parsed = ZNotification.safeParse(json);
  if (!parsed.success) return null;
  const v = parsed.data as { eventNotifications?: { realmId: string }[]; realmId?: string; companyId?: string };
  const ids = v.eventNotifications ? v.eventNotifications.map((n) => n.realmId) : [v.realmId ?? v.companyId!];
  return [...new Set(ids)];
}
