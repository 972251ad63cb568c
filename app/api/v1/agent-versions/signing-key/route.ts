// GET /api/v1/agent-versions/signing-key — the public key agents verify self-updates with.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { releaseKey } from '@/lib/agent-releases/release-signing';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  summary: 'Agent release signing key',
  description: 'The server’s Ed25519 agent release key (SPKI DER, base64; created on first use). Every artifact of GET /agent-versions carries a `signature` over `rmm-agent-release:v1:<version>:<os>:<arch>:<sha256>` made with it; agents store it at enrollment and refuse updates that do not verify. See docs/AGENT-UPDATES.md.',
  tags: ['Agents'],
  response: z.object({ algorithm: z.literal('ed25519'), publicKey: z.string().describe('SPKI DER, base64') }),
  handler: async () => ({ algorithm: 'ed25519' as const, publicKey: (await releaseKey()).publicKey }),
});
