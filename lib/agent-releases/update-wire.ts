// What the server and the agent share about a self-update: the offer a heartbeat answer carries,
// and the message each artifact's Ed25519 signature covers (the server signs it, the agent
// verifies it). No server imports: the agent bundle includes this file.

export interface UpdateOffer {
  version: string;
  os: string;
  arch: string;
  url: string;
  sha256: string;
  signature: string;
  format: 'bundle' | 'binary';
}

/** The signed message of one artifact: version, platform and content digest, under a domain prefix. */
export function releaseSignatureMessage(a: { version: string; os: string; arch: string; sha256: string }): string {
  return `rmm-agent-release:v1:${a.version}:${a.os}:${a.arch}:${a.sha256.toLowerCase()}`;
}
