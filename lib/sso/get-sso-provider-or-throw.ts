import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { notFound } from '@/lib/http/errors';
import { ssoProviderWhere } from '@/lib/sso/sso-provider-where';
import { testProviderConnection } from '@/lib/sso/oidc-config';
import { providerInclude, toSsoProviderDto } from '@/lib/sso/to-sso-provider-dto';

export async function getSsoProviderOrThrow(ctx: ScopedContext, id: string) {
  const row = await db.ssoProvider.findFirst({ where: { AND: [{ id }, ssoProviderWhere(ctx)] }, include: providerInclude });
  if (!row) throw notFound('SSO provider');
  return row;
}

/** One provider; with `test`, the issuer's discovery document and keys are fetched now. */
export async function getSsoProvider(ctx: ScopedContext, id: string, test: boolean) {
  const row = await getSsoProviderOrThrow(ctx, id);
  const dto = toSsoProviderDto(row);
  return test ? { ...dto, test: await testProviderConnection(row) } : dto;
}
