// GET /sso/login/:orgId: the authorization-code flow with PKCE, state and nonce. The state is
// stored (hashed) in PostgreSQL with the nonce and the code verifier, so whichever web process
// receives the callback can finish the sign-in, and a state is good for one callback only.
import * as oidc from 'openid-client';
import { db } from '@/lib/db';
import { AppError, notFound, tooManyRequests } from '@/lib/http/errors';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { sha256Hex } from '@/lib/auth/secrets';
import { findTenantProvider } from '@/lib/sso/find-tenant-provider';
import { describeOidcError, discoverProvider, redirectUri } from '@/lib/sso/oidc-config';
import { logger } from '@/lib/observability/logger';

export const LOGIN_STATE_TTL_MS = 10 * 60_000;
// Each start stores a row and asks the provider for its metadata: bounded per client address.
const STARTS_PER_IP = 60;
const STARTS_WINDOW_SECONDS = 600;

export async function startSsoLogin(ip: string | null, tenantId: string, input: { returnTo?: string; loginHint?: string }): Promise<string> {
  const verdict = await consumeRateLimit(`sso-login:${ip ?? 'unknown'}`, STARTS_PER_IP, STARTS_WINDOW_SECONDS);
  if (!verdict.allowed) throw tooManyRequests('Too many sign-in attempts; try again later', verdict.retryAfterSeconds);
  const provider = await findTenantProvider(tenantId);
  if (!provider) throw notFound('SSO provider');
  let config: oidc.Configuration;
  try {
    config = await discoverProvider(provider);
  } catch (error) {
    logger.warn({ providerId: provider.id, reason: describeOidcError(error) }, 'sso discovery failed');
    throw new AppError('IDP_UNAVAILABLE', 503, 'The identity provider could not be reached; try again shortly or ask your administrator to test the SSO connection');
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await db.ssoLoginState.create({
    data: {
      providerId: provider.id,
      stateHash: sha256Hex(state),
      nonce,
      codeVerifier,
      returnTo: input.returnTo ?? null,
      expiresAt: new Date(Date.now() + LOGIN_STATE_TTL_MS),
    },
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(),
    scope: provider.scopes.join(' '),
    response_type: 'code',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(input.loginHint ? { login_hint: input.loginHint } : {}),
  });
  return url.href;
}
