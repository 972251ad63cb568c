import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { OS_TYPES } from '@/lib/agents/schemas';

export const AGENT_ARCHES = ['amd64', 'arm64'] as const;

export const ZAgentVersion = z.object({
  version: z.string(),
  promoted: z.boolean().describe('The release served when no version is asked for'),
  releasedAt: ZTimestamp,
  notes: z.string().nullable(),
  rolloutPercent: z.number().int().describe('Share of devices (0-100, by a stable hash of the device id) offered this release for self-update while it is promoted'),
  rolloutGroupIds: z.array(z.string()).describe('Devices in these groups are offered the release whatever the percentage'),
  artifacts: z.array(z.object({
    os: z.enum(OS_TYPES),
    arch: z.enum(AGENT_ARCHES),
    fileName: z.string(),
    sha256: z.string(),
    size: z.number().int(),
    signature: z.string().nullable().describe('Ed25519 signature (base64) of `rmm-agent-release:v1:<version>:<os>:<arch>:<sha256>` by the release key (GET /agent-versions/signing-key); null until first offered'),
    downloadUrl: z.string(),
  })),
}).meta({ id: 'AgentVersion' });
export type TAgentVersion = z.infer<typeof ZAgentVersion>;

export const ZFleetAgentVersion = z.object({
  version: z.string().nullable().describe('Null: devices that never reported an agent version'),
  devices: z.number().int(),
  updating: z.number().int().describe('Devices whose last update state is downloading or trial'),
  failed: z.number().int().describe('Devices whose last update was refused (failed)'),
  rolledBack: z.number().int().describe('Devices whose last update was rolled back'),
});
