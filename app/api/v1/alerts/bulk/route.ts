// POST /api/v1/alerts/bulk — one action on up to 100 alerts, each on its own.
import { defineRoute } from '@/lib/http/define-route';
import { ZBulkAlertBody, ZBulkAlertResult } from '@/lib/alerts/schemas';
import { bulkAlertAction } from '@/lib/alerts/bulk-alert-action';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  body: ZBulkAlertBody,
  summary: 'Act on many alerts',
  description:
    '`action` is acknowledge, resolve, suppress or dismiss; `alertIds` holds 1 to 100 ids. Each alert moves through the same compare-and-set as the single routes: the answer is 200 with one result per id (`ok`, the `status` the single route would answer, the error envelope or the updated alert). Partial success is normal.',
  tags: ['Alerts'],
  response: ZBulkAlertResult,
  audit: 'alert.bulk',
  handler: ({ ctx, body }) => bulkAlertAction(ctx, body),
});
