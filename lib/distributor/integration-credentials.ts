// The integration's API credentials at rest: sealed with the credential box, bound to the
// integration row, opened only to build a client.
import { openCredential, sealCredential, CredentialUnreadableError } from '@/lib/security/credential-box';
import { AppError } from '@/lib/http/errors';
import { DistributorHttpClient, type DistributorCredentials } from './http-client';
import type { DistributorClient } from './distributor-client';

const PURPOSE = 'distributor.credentials';

export function sealIntegrationCredentials(integrationId: string, credentials: DistributorCredentials): string {
  return sealCredential(JSON.stringify({ clientId: credentials.clientId, clientSecret: credentials.clientSecret }), { purpose: PURPOSE, boundTo: integrationId });
}

export function openIntegrationCredentials(integration: { id: string; credentialsSealed: string | null }): DistributorCredentials | null {
  if (!integration.credentialsSealed) return null;
  const parsed = JSON.parse(openCredential(integration.credentialsSealed, { purpose: PURPOSE, boundTo: integration.id })) as DistributorCredentials;
  return { clientId: parsed.clientId, clientSecret: parsed.clientSecret };
}

export function credentialsReadable(integration: { id: string; credentialsSealed: string | null }): boolean {
  try {
    return openIntegrationCredentials(integration) !== null;
  } catch (error) {
    if (error instanceof CredentialUnreadableError) return false;
    throw error;
  }
}

export const clientIdHint = (clientId: string) => (clientId.length <= 4 ? '****' : `…${clientId.slice(-4)}`);

/** A client for an active integration with readable credentials; 409 otherwise. */
export function clientForIntegration(integration: { id: string; status: string; credentialsSealed: string | null }): DistributorClient {
  if (integration.status !== 'active') throw new AppError('INTEGRATION_INACTIVE', 409, 'The distributor integration is inactive');
  let credentials: DistributorCredentials | null;
  try {
    credentials = openIntegrationCredentials(integration);
  } catch (error) {
    if (error instanceof CredentialUnreadableError) throw new AppError('CREDENTIALS_UNREADABLE', 409, 'Stored distributor credentials cannot be decrypted: save them again');
    throw error;
  }
  if (!credentials) throw new AppError('CREDENTIALS_MISSING', 409, 'The distributor integration has no credentials');
  return new DistributorHttpClient(credentials);
}
