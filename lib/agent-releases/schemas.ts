import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { OS_TYPES } from '@/lib/agents/schemas';

export const AGENT_ARCHES = ['amd64', 'arm64'] as const;

export const ZAgentVersion = z.object({
  version: z.string(),
  promoted: z.boolean().describe('The release served when no version is asked for'),
  releasedAt: ZTimestamp,
  notes: z.string().nullable(),
  artifacts: z.array(z.object({ os: z.enum(OS_TYPES), arch: z.enum(AGENT_ARCHES), fileName: z.string(), sha256: z.string(), size: z.number().int(), downloadUrl: z.string() })),
}).meta({ id: 'AgentVersion' });
export type TAgentVersion = z.infer<typeof ZAgentVersion>;
