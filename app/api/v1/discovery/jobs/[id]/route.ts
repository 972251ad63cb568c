// GET /api/v1/discovery/jobs/:id — one scan with its progress.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZJob } from '@/lib/discovery/schemas';
import { getJob } from '@/lib/discovery/jobs';
import { JOB_STATES_DOC } from '@/lib/discovery/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:read',
  params: ZIdParams,
  summary: 'Get a discovery job',
  description: `Needs \`discovery:read\`. Progress (\`targetsScanned\` of \`targetsTotal\`, \`progress\` percent), hosts found so far and new assets, updated as the agent’s batches arrive.\n\n${JOB_STATES_DOC}`,
  tags: ['Discovery'],
  response: ZJob,
  handler: ({ ctx, params }) => getJob(ctx, params.id),
});
