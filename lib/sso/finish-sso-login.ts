// GET /sso/callback: the provider sends the browser back with a code (or an error). The stored
// state is consumed first (once, unexpired), then openid-client exchanges the code with the
// PKCE verifier and validates the ID token as OIDC Core 3.1.3.7 requires: issuer, audience
// (and azp), signature through the provider's JWKS, nonce, expiry and issued-at. The signed-in
// user is provisioned, and a one-time result code (60 seconds) is handed to the console, which
// exchanges it for the service's own tokens. Any failure lands on the login page with a code.
import * as oidc from 'openid-client';
import { db } from '@/lib/db';
import type { AnonymousContext } from '@/lib/auth/context';
import { randomToken, sha256Hex } from '@/lib/auth/secrets';
import { writeAudit } from '@/lib/audit/write-audit';
import { logger } from '@/lib/observability/logger';
import { publicUrl } from '@/lib/public-url';
import { amrSatisfiesMfa } from '@/lib/sso/presets';
import { ssoAllowed } from '@/lib/partners/sso-config';
import { describeOidcError, discoverProvider, redirectUri } from '@/lib/sso/oidc-config';
import { provisionSsoUser, SsoRefusal, type IdTokenClaims } from '@/lib/sso/provision-sso-user';

export const RESULT_TTL_MS = 60_000;

export type CallbackQuery = Record<string, string | undefined>;

function failure(code: string): string {
  return publicUrl(`/login?ssoError=${encodeURIComponent(code)}`);
}

/** Returns where to send the browser: the console's exchange page, or the login page with an error code. */
export async function finishSsoLogin(ctx: AnonymousContext, query: CallbackQuery): Promise<string> {
  if (!query.state) return failure('SSO_STATE_INVALID');
  const stateHash = sha256Hex(query.state);
  // Consumed before anything else: a replayed or raced callback finds it gone.
  const consumed = await db.ssoLoginState.updateMany({ where: { stateHash, consumedAt: null, expiresAt: { gt: new Date() } }, data: { consumedAt: new Date() } });
  const state = consumed.count === 1 ? await db.ssoLoginState.findUnique({ where: { stateHash }, include: { provider: true } }) : null;
  if (!state) {
    // Logged, not audited: anyone can call this with a made-up state, and the audit trail
    // belongs to tenants. Nothing is known of the tenant here.
    logger.info({ requestId: ctx.requestId, ip: ctx.ip }, 'sso callback with an unknown, used or expired state');
    return failure('SSO_STATE_INVALID');
  }
  const provider = state.provider;
  const fail = async (code: string, reason: string) => {
    logger.info({ providerId: provider.id, code, reason }, 'sso sign-in refused');
    await writeAudit(ctx, {
      action: 'sso.login_failed',
      targetType: 'sso_provider',
      targetId: provider.id,
      partnerId: provider.partnerId,
      orgId: provider.orgId,
      result: 'failure',
      details: { code, reason: reason.slice(0, 500) },
    });
    return failure(code);
  };
  if (!provider.enabled) return fail('SSO_PROVIDER_DISABLED', 'The provider was disabled after the sign-in started');
  const partner = await db.partner.findUnique({ where: { id: provider.partnerId }, select: { ssoConfig: true } });
  if (!ssoAllowed(partner?.ssoConfig)) return fail('SSO_PROVIDER_DISABLED', 'Single sign-on was turned off for the partner after the sign-in started');
  if (query.error) return fail('SSO_IDP_ERROR', `${query.error}: ${query.error_description ?? ''}`);

  let claims: IdTokenClaims;
  try {
    const config = await discoverProvider(provider);
    // The URL the provider redirected to, rebuilt from the registered redirect URI (the request
    // URL may carry an internal host behind a proxy).
    const current = new URL(redirectUri());
    for (const [k, v] of Object.entries(query)) if (v !== undefined) current.searchParams.set(k, v);
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: state.codeVerifier,
      expectedState: query.state,
      expectedNonce: state.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) return fail('SSO_TOKEN_INVALID', 'No ID token in the token response');
    claims = idClaims as unknown as IdTokenClaims;
  } catch (error) {
    return fail('SSO_TOKEN_INVALID', describeOidcError(error));
  }

  try {
    const code = randomToken(32);
    await db.$transaction(async (tx) => {
      const provisioned = await provisionSsoUser(tx, provider, claims);
      const mfa = provider.trustIdpMfa && amrSatisfiesMfa(claims.amr);
      await tx.ssoLoginResult.create({
        data: { providerId: provider.id, userId: provisioned.principal.userId, codeHash: sha256Hex(code), mfa, expiresAt: new Date(Date.now() + RESULT_TTL_MS) },
      });
      await tx.ssoProvider.update({ where: { id: provider.id }, data: { lastLoginAt: new Date() } });
      if (provisioned.created || provisioned.linked) {
        await writeAudit(ctx, {
          action: provisioned.created ? 'sso.user_provisioned' : 'sso.identity_linked',
          targetType: 'user',
          targetId: provisioned.principal.userId,
          partnerId: provider.partnerId,
          orgId: provider.orgId,
          actor: { type: 'sso_provider', id: provider.id, email: null },
          details: { providerId: provider.id, subject: claims.sub, roleId: provisioned.principal.roleId },
        }, tx);
      }
      if (provisioned.roleChange) {
        await writeAudit(ctx, {
          action: 'sso.role_synced',
          targetType: 'user',
          targetId: provisioned.principal.userId,
          partnerId: provider.partnerId,
          orgId: provider.orgId,
          actor: { type: 'sso_provider', id: provider.id, email: null },
          details: { providerId: provider.id, subject: claims.sub, fromRoleId: provisioned.roleChange.from, toRoleId: provisioned.roleChange.to, groupsClaim: provider.groupsClaim },
        }, tx);
      }
    });
    const target = new URL(publicUrl('/login/sso'));
    if (state.returnTo) target.searchParams.set('returnTo', state.returnTo);
    // In the fragment: never sent to a server, so it stays out of access logs and referrers.
    target.hash = `code=${code}`;
    return target.href;
  } catch (error) {
    if (error instanceof SsoRefusal) return fail(error.code, error.message);
    throw error;
  }
}
