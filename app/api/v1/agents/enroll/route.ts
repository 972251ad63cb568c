// POST /api/v1/agents/enroll — an agent trades an enrollment key for its own credential.
import { defineRoute } from '@/lib/http/define-route';
import { ZEnrollBody, ZEnrollResponse } from '@/lib/agents/schemas';
import { enrollAgent } from '@/lib/agents/enroll-agent';

export const POST = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  body: ZEnrollBody,
  cleanText: true,
  status: 201,
  errors: [401, 403, 429],
  summary: 'Enroll an agent',
  description: [
    'Authenticated by the enrollment key and, when configured, the enrollment secret (the key’s own secret if it was minted with `issueEnrollmentSecret`, else the global AGENT_ENROLLMENT_SECRET). Creates the device (or fills the provisioned row of a single-use key, or reuses the row of the same `machineId` in the organization) and returns the agent’s bearer `authToken` once; it is stored hashed. Emits `device.enrolled`.',
    'Errors: 401 `ENROLLMENT_KEY_INVALID`, `ENROLLMENT_SECRET_REQUIRED`, `ENROLLMENT_SECRET_INVALID`; 403 `ENROLLMENT_KEY_EXPIRED`, `ENROLLMENT_KEY_EXHAUSTED`, `ENROLLMENT_KEY_REVOKED`, `PARTNER_OFFBOARDING`, `PARTNER_INACTIVE`, `DEVICE_LIMIT_REACHED`; 429 per source IP (AGENT_ENROLL_RATE_LIMIT_PER_IP). Nothing is created on any error; the use of a key is counted atomically, so agents racing for the last use get exactly one success.',
  ].join('\n\n'),
  tags: ['Agents'],
  response: ZEnrollResponse,
  handler: ({ ctx, body }) => enrollAgent(ctx, body),
});
