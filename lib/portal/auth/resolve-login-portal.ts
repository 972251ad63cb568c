// Which portal a sign-in or reset request is for: the custom domain the request came in on
// (an organization's domain admits that organization's contacts only), else the `site` key.
// Without either, the address must identify a single account.
import { requestHostName } from '@/lib/portal/session/request-host';
import { brandingForRequest } from '@/lib/portal/branding/resolve-branding';

export interface LoginPortal {
  partnerId: string;
  orgId: string | null;
}

/** The portal named, `null` when none was, or `undefined` when a named one does not exist. */
export async function resolveLoginPortal(req: Request, site: string | undefined): Promise<LoginPortal | null | undefined> {
  const resolved = await brandingForRequest(requestHostName(req), site);
  if (resolved) return { partnerId: resolved.partnerId, orgId: resolved.orgId };
  return site ? undefined : null;
}
