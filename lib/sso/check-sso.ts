// GET /sso/check/:orgId: whether "Sign in with SSO" applies. The same answer shape for an
// unknown id, a tenant without SSO and a deleted one, so it reveals no more than a login
// button would.
import { z } from 'zod';
import { publicUrl } from '@/lib/public-url';
import { findDomainProvider, findTenantProvider } from '@/lib/sso/find-tenant-provider';
import type { TSsoCheck } from '@/lib/sso/schemas';

const isUuid = (v: string) => z.string().uuid().safeParse(v).success;

export async function checkSso(key: string): Promise<TSsoCheck> {
  const provider = isUuid(key) ? await findTenantProvider(key) : key.includes('.') ? await findDomainProvider(key) : null;
  if (!provider) return { available: false, tenantId: null, providerName: null, enforced: false, loginUrl: null };
  // A tenant id is answered with that tenant (the organization falls back to its partner's
  // provider but still signs in through the organization's link).
  const tenantId = isUuid(key) ? key : (provider.orgId ?? provider.partnerId);
  return {
    available: true,
    tenantId,
    providerName: provider.name,
    enforced: provider.enforceSso,
    loginUrl: publicUrl(`/api/v1/sso/login/${tenantId}`),
  };
}
