// GET /api/v1/discovery/jobs — scans, newest first.
import { defineRoute } from '@/lib/http/define-route';
import { ZJobPage, ZListJobsQuery } from '@/lib/discovery/schemas';
import { listJobs } from '@/lib/discovery/jobs';
import { JOB_STATES_DOC } from '@/lib/discovery/docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:read',
  query: ZListJobsQuery,
  summary: 'List discovery jobs',
  description: `Needs \`discovery:read\`. Filters: \`orgId\`, \`profileId\`, \`status\`.\n\n${JOB_STATES_DOC}`,
  tags: ['Discovery'],
  response: ZJobPage,
  handler: ({ ctx, query }) => listJobs(ctx, query),
});
