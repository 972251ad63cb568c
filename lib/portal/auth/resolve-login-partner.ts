// Which partner's portal a sign-in or reset request is for: the custom domain the request came
// in on, else the `site` key. Without either, the address must identify a single account.
import { requestHostName } from '@/lib/portal/session/request-host';
import { brandingForRequest } from '@/lib/portal/branding/resolve-branding';

/** The partner id, `null` when no portal was named, or `undefined` when a named one does not exist. */
export async function resolveLoginPartner(req: Request, site: string | undefined): Promise<string | null | undefined> {
  const resolved = await brandingForRequest(requestHostName(req), site);
  if (resolved) return resolved.partnerId;
  return site ? undefined : null;
}
