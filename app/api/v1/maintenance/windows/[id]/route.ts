// /api/v1/maintenance/windows/:id — one maintenance window.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZUpdateWindow, ZWindow } from '@/lib/maintenance/schemas';
import { getWindow } from '@/lib/maintenance/get-window';
import { updateWindow } from '@/lib/maintenance/update-window';
import { deleteWindow } from '@/lib/maintenance/delete-window';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Get a maintenance window',
  description: 'With its occurrence in progress and its next one. Needs `devices:read`.',
  tags: ['Maintenance'],
  response: ZWindow,
  handler: ({ ctx, params }) => getWindow(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  body: ZUpdateWindow,
  summary: 'Edit a maintenance window',
  description:
    'Needs `devices:write`. Name, description, targets and options apply at once, to a running occurrence too. A schedule change (`startsAt`, `endsAt`, `durationMinutes`, `timezone`, `recurrence`, `daysOfWeek`, `dayOfMonth`, `until`) replaces the occurrences that have not started; the one in progress keeps its times. A cancelled window answers 409 `WINDOW_CANCELLED`.',
  tags: ['Maintenance'],
  response: ZWindow,
  handler: ({ ctx, params, body }) => updateWindow(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  summary: 'Delete a maintenance window',
  description: 'Needs `devices:write`. Deletes the window and its occurrences: covered devices leave maintenance at once. Alerts already suppressed stay as they are.',
  tags: ['Maintenance'],
  handler: ({ ctx, params }) => deleteWindow(ctx, params.id),
});
