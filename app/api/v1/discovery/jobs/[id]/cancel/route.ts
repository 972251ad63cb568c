// POST /api/v1/discovery/jobs/:id/cancel — stop a queued or running scan.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZJob } from '@/lib/discovery/schemas';
import { cancelJob } from '@/lib/discovery/jobs';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:manage',
  params: ZIdParams,
  summary: 'Cancel a discovery job',
  description: 'Needs `discovery:manage`. The job is `cancelled` at once: a queued scan’s command is withdrawn before the agent claims it; a running scan is stopped on the agent (a `cancel_command`), and batches it still sends are refused (409 `JOB_NOT_RUNNING`, which also stops the agent). Assets already reported stay. 409 `JOB_FINISHED` for a job in a final state.',
  tags: ['Discovery'],
  response: ZJob,
  handler: ({ ctx, params }) => cancelJob(ctx, params.id),
});
