// THE gate every ticket creator passes (console API, inbound email, and later the customer
// portal, the AI assistant's ticket tool and vulnerability-driven creation): with the partner's
// service-management mode `off`, no new ticket is created, on any path (doc 1). Existing
// tickets stay readable and writable; nothing is deleted.
import type { DbOrTx } from '@/lib/db';
import { conflict, notFound } from '@/lib/http/errors';
import { readServiceManagementMode } from '@/lib/partners/to-partner-dto';

export interface TicketCreationPartner {
  id: string;
  name: string;
  slug: string;
  settings: unknown;
}

export const serviceManagementOff = () =>
  conflict('Service management is off for this partner: new tickets cannot be created', 'service_management_off');

/**
 * Throws 409 `service_management_off` when the partner's mode is `off` (404 when the partner does
 * not exist). Call it inside the creating transaction: the partner row is share-locked, so a
 * concurrent switch to `off` waits for the creation to commit, or the creation sees `off`.
 * Returns the partner fields creators need (name, slug for mail routing, settings for SLAs).
 */
export async function assertTicketCreationAllowed(client: DbOrTx, partnerId: string): Promise<TicketCreationPartner> {
  const rows = await client.$queryRaw<{ id: string; name: string; slug: string; settings: unknown; service_management_mode: string }[]>`
    select id, name, slug, settings, service_management_mode from partners
    where id = ${partnerId}::uuid and deleted_at is null
    for share`;
  const partner = rows[0];
  if (!partner) throw notFound('Partner');
  if (readServiceManagementMode(partner.service_management_mode) === 'off') throw serviceManagementOff();
  return { id: partner.id, name: partner.name, slug: partner.slug, settings: partner.settings };
}
