// GET /api/v1/vulnerabilities/software/:groupKey — one remediation group and its findings.
import { defineRoute } from '@/lib/http/define-route';
import { ZGroupParams, ZSoftwareGroupDetail } from '@/lib/vulnerabilities/schemas';
import { getSoftwareGroup } from '@/lib/vulnerabilities/get-software-group';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZGroupParams,
  summary: 'Get a vulnerable software group',
  description:
    '`groupKey` is `<ecosystem>:<package>` as listed by `GET /vulnerabilities/software` (percent-encoded in the path). The group’s summary and its findings device by device (every status but resolved, at most 2000), each with the update a patch scan found that reaches the fixed version. 404 when no finding of the group is in scope.',
  tags: ['Vulnerabilities'],
  response: ZSoftwareGroupDetail,
  handler: ({ ctx, params }) => getSoftwareGroup(ctx, params.groupKey),
});
