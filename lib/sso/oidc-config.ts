// The openid-client configuration of one provider: discovery through the address-safe fetch,
// ID token signatures checked against the provider's JWKS (openid-client skips that by default
// for the code flow, trusting TLS; we check it so a token is bound to the provider's keys even
// when a provider is reached over a private plain-http link), and the client secret opened
// from its sealed form only here.
import * as oidc from 'openid-client';
import { openCredential, sealCredential } from '@/lib/security/credential-box';
import { oidcFetch } from '@/lib/sso/oidc-fetch';
import { publicUrl } from '@/lib/public-url';

const SECRET_PURPOSE = 'sso.client_secret';

export const sealClientSecret = (secret: string, providerId: string) => sealCredential(secret, { purpose: SECRET_PURPOSE, boundTo: providerId });

export function redirectUri(): string {
  return publicUrl('/api/v1/sso/callback');
}

export interface ProviderConnection {
  id: string;
  issuer: string;
  clientId: string;
  clientSecretSealed: string;
}

export async function discoverProvider(provider: ProviderConnection): Promise<oidc.Configuration> {
  const secret = openCredential(provider.clientSecretSealed, { purpose: SECRET_PURPOSE, boundTo: provider.id });
  const issuer = new URL(provider.issuer);
  return oidc.discovery(issuer, provider.clientId, { client_secret: secret }, oidc.ClientSecretBasic(secret), {
    [oidc.customFetch]: oidcFetch,
    timeout: 10,
    execute: [
      oidc.enableNonRepudiationChecks,
      // Plain http only reaches what the address policy allows (private targets when self-hosted).
      ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
    ],
  });
}

/** What "test connection" reports: discovery and the key set, fetched now. */
export async function testProviderConnection(provider: ProviderConnection): Promise<{ ok: boolean; issuer: string | null; keys: number | null; error: string | null }> {
  try {
    const config = await discoverProvider(provider);
    const metadata = config.serverMetadata();
    if (!metadata.jwks_uri) return { ok: false, issuer: metadata.issuer, keys: null, error: 'The discovery document names no jwks_uri' };
    const res = await oidcFetch(metadata.jwks_uri, { headers: { accept: 'application/json' } });
    const body = (await res.json().catch(() => null)) as { keys?: unknown[] } | null;
    if (!res.ok || !Array.isArray(body?.keys)) return { ok: false, issuer: metadata.issuer, keys: null, error: `The key set answered HTTP ${res.status} without keys` };
    return { ok: true, issuer: metadata.issuer, keys: body.keys.length, error: null };
  } catch (error) {
    return { ok: false, issuer: null, keys: null, error: describeOidcError(error) };
  }
}

/** A short, safe reason for logs, audits and the console: openid-client's code and message. */
export function describeOidcError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}${cause}`.slice(0, 500);
}
