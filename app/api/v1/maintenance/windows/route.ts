// /api/v1/maintenance/windows — maintenance windows. The spec names no maintenance permission:
// reads take devices:read and writes devices:write, since a window changes how devices are
// monitored (said in every operation's description).
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateWindow, ZListWindowsQuery, ZWindow } from '@/lib/maintenance/schemas';
import { listWindows } from '@/lib/maintenance/list-windows';
import { createWindow } from '@/lib/maintenance/create-window';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListWindowsQuery,
  summary: 'List maintenance windows',
  description: 'Windows of the caller’s organizations plus partner-wide ones, newest start first. Needs `devices:read` (no maintenance permission exists).',
  tags: ['Maintenance'],
  response: ZPageOf(ZWindow),
  handler: ({ ctx, query }) => listWindows(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  body: ZCreateWindow,
  status: 201,
  summary: 'Create a maintenance window',
  description: [
    'Needs `devices:write` (no maintenance permission exists). A window belongs to one organization (`orgId`) or, omitted, to the whole partner (callers that see every organization).',
    '**Targets**: at least one organization, site, device group or device, all inside the window’s scope (else 400 `TARGET_NOT_IN_SCOPE`). Groups are resolved when checked, so devices joining a group during an occurrence are covered.',
    '**Schedule**: `startsAt` plus `endsAt` or `durationMinutes` (1 minute to 31 days), in `timezone`. `recurrence` `none` (one-off, must end in the future), `daily`, `weekly` (`daysOfWeek`) or `monthly` (`dayOfMonth`), optionally `until`. Recurring occurrences keep the local start time across DST changes and are materialized 30 days ahead (a worker rolls them forward hourly).',
    '**Occurrence states** (derived from the times): `scheduled` → `active` at `startsAt` → `completed` at `endsAt`; `cancelled` when the window is cancelled before it started. `POST /maintenance/occurrences/:id/start` and `/end` move the times by hand.',
    '**Effects**: with `suppressAlerts` (default true), alerts raised for a covered device during an active occurrence are created straight in `suppressed` (until the occurrence ends) with no notification, webhook event or correlation; they stay open and auto-resolve when their condition clears. `suppressPatching` is stored for patching. No webhook event types exist for maintenance.',
  ].join('\n\n'),
  tags: ['Maintenance'],
  response: ZWindow,
  handler: ({ ctx, body }) => createWindow(ctx, body),
});
