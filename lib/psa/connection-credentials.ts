// A connection's credentials at rest: sealed with the credential box, bound to the connection
// row, opened only to build its adapter.
import { openCredential, sealCredential, CredentialUnreadableError } from '@/lib/security/credential-box';
import { AppError, badRequest } from '@/lib/http/errors';
import { ConnectWiseAdapter } from './connectwise-adapter';
import { HaloPsaAdapter } from './halopsa-adapter';
import type { PsaAdapter } from './psa-adapter';
import { ZConnectWiseCredentials, ZHaloCredentials, type PsaProvider } from './schemas';

const PURPOSE = 'psa.credentials';

export type PsaCredentials = Record<string, string>;

/** The credentials checked against the provider's shape (an update may send either shape). */
export function credentialsFor(provider: string, raw: unknown): PsaCredentials {
  const schema = provider === 'connectwise' ? ZConnectWiseCredentials : ZHaloCredentials;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw badRequest(`credentials do not match the ${provider} shape`, parsed.error.issues.map((i) => ({ path: ['body', 'credentials', ...i.path].join('.'), message: i.message })));
  }
  return parsed.data as PsaCredentials;
}

export function sealPsaCredentials(connectionId: string, credentials: PsaCredentials): string {
  return sealCredential(JSON.stringify(credentials), { purpose: PURPOSE, boundTo: connectionId });
}

/** The public half of the credentials, shortened: enough to tell two connections apart. */
export function credentialHint(provider: string, credentials: PsaCredentials): string {
  const id = provider === 'connectwise' ? `${credentials.companyId}+${credentials.publicKey}` : credentials.clientId;
  return id.length <= 4 ? '****' : `…${id.slice(-4)}`;
}

export function adapterFor(connection: { id: string; provider: string; baseUrl: string; credentialsSealed: string }): PsaAdapter {
  let credentials: PsaCredentials;
  try {
    credentials = JSON.parse(openCredential(connection.credentialsSealed, { purpose: PURPOSE, boundTo: connection.id })) as PsaCredentials;
  } catch (error) {
    if (error instanceof CredentialUnreadableError || error instanceof SyntaxError) {
      throw new AppError('CREDENTIALS_UNREADABLE', 409, 'Stored PSA credentials cannot be decrypted: save them again');
    }
    throw error;
  }
  const provider = connection.provider as PsaProvider;
  if (provider === 'connectwise') return new ConnectWiseAdapter(connection.baseUrl, credentials as never);
  return new HaloPsaAdapter(connection.baseUrl, credentials as never);
}
