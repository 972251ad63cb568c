// SNMP credentials at rest: the community or the v3 user's keys are sealed (AES-256-GCM, key
// derived from ENCRYPTION_KEY for this purpose) and bound to the device id, so a sealed value
// copied onto another device does not open.
import { openCredential, sealCredential } from '@/lib/security/credential-box';
import { ZSnmpCredentials, type TSnmpCredentials } from '@/lib/snmp/schemas';

const PURPOSE = 'snmp.credentials';

export function sealSnmpCredentials(deviceId: string, credentials: TSnmpCredentials): string {
  return sealCredential(JSON.stringify(credentials), { purpose: PURPOSE, boundTo: deviceId });
}

export function openSnmpCredentials(deviceId: string, sealed: string): TSnmpCredentials {
  return ZSnmpCredentials.parse(JSON.parse(openCredential(sealed, { purpose: PURPOSE, boundTo: deviceId })));
}

/** What the console may see of the credentials: never a secret. */
export function describeSnmpCredentials(credentials: TSnmpCredentials) {
  return credentials.version === 'v2c'
    ? { community: '********' as const }
    : { username: credentials.username, authProtocol: credentials.authProtocol, privProtocol: credentials.privProtocol };
}
