// A connection's credentials at rest: sealed with the credential box, bound to the connection
// row, opened only to build its adapter.
import { openCredential, sealCredential, CredentialUnreadableError } from '@/lib/security/credential-box';
import { AppError, badRequest } from '@/lib/http/errors';
import { AutotaskAdapter } from './autotask-adapter';
import { ConnectWiseAdapter } from './connectwise-adapter';
import { HaloPsaAdapter } from './halopsa-adapter';
import type { PsaAdapter } from './psa-adapter';
import { ZAutotaskCredentials, ZConnectWiseCredentials, ZHaloCredentials, ZSyncroCredentials, ZZendeskCredentials, type PsaProvider } from './schemas';
import { SyncroAdapter } from './syncro-adapter';
import { ZendeskAdapter } from './zendesk-adapter';

const PURPOSE = 'psa.credentials';

export type PsaCredentials = Record<string, string>;

const CREDENTIAL_SHAPES = { connectwise: ZConnectWiseCredentials, halopsa: ZHaloCredentials, autotask: ZAutotaskCredentials, zendesk: ZZendeskCredentials, syncro: ZSyncroCredentials } as const;

/** The credentials checked against the provider's shape (an update may send either shape). */
export function credentialsFor(provider: string, raw: unknown): PsaCredentials {
  const schema = CREDENTIAL_SHAPES[provider as PsaProvider];
  if (!schema) throw badRequest(`Unknown PSA provider ${provider}`);
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
  // Syncro has no public identifier: its only credential is the secret token.
  if (provider === 'syncro') return 'API token';
  const id = provider === 'connectwise' ? `${credentials.companyId}+${credentials.publicKey}` : provider === 'autotask' ? credentials.username : provider === 'zendesk' ? credentials.email : credentials.clientId;
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
  switch (provider) {
    case 'connectwise':
      return new ConnectWiseAdapter(connection.baseUrl, credentials as never);
    case 'halopsa':
      return new HaloPsaAdapter(connection.baseUrl, credentials as never);
    case 'autotask':
      return new AutotaskAdapter(connection.baseUrl, credentials as never);
    case 'zendesk':
      return new ZendeskAdapter(connection.baseUrl, credentials as never);
    case 'syncro':
      return new SyncroAdapter(connection.baseUrl, credentials as never);
    default:
      throw new AppError('PSA_PROVIDER_UNKNOWN', 409, `Unknown PSA provider ${String(provider)}`);
  }
}
