// /api/v1/monitors/alerts/:id — move or dismiss a monitor alert.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAlert } from '@/lib/alerts/schemas';
import { ZPatchMonitorAlert } from '@/lib/monitors/schemas';
import { dismissMonitorAlert, patchMonitorAlert } from '@/lib/monitors/monitor-alerts';

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  body: ZPatchMonitorAlert,
  summary: 'Update a monitor alert',
  description: '`status` acknowledged | resolved | suppressed | dismissed moves the alert through the same state machine as /alerts/:id/<action>, with the same 409s.',
  tags: ['Monitors'],
  response: ZAlert,
  audit: 'alert.update',
  handler: ({ ctx, params, body }) => patchMonitorAlert(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  summary: 'Dismiss a monitor alert',
  description: 'Dismisses it (the record is kept for history and hidden from lists); 409 when already dismissed.',
  tags: ['Monitors'],
  audit: 'alert.dismiss',
  handler: ({ ctx, params }) => dismissMonitorAlert(ctx, params.id),
});
