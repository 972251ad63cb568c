// /api/v1/monitors/:id — one monitor.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZMonitor, ZUpdateMonitor } from '@/lib/monitors/schemas';
import { getMonitorOrThrow } from '@/lib/monitors/get-monitor-or-throw';
import { toMonitorDto } from '@/lib/monitors/to-monitor-dto';
import { deleteMonitor, updateMonitor } from '@/lib/monitors/monitors';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Get a monitor',
  tags: ['Monitors'],
  response: ZMonitor,
  handler: async ({ ctx, params }) => toMonitorDto(await getMonitorOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  body: ZUpdateMonitor,
  summary: 'Update a monitor',
  description: 'Any of name, intervalSeconds, timeoutMs, enabled, severity, failureThreshold, or `config` (the whole configuration of the monitor kind; the kind cannot change).',
  tags: ['Monitors'],
  response: ZMonitor,
  audit: 'monitor.update',
  handler: ({ ctx, params, body }) => updateMonitor(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  summary: 'Delete a monitor',
  description: 'Deletes its results; its open alert is resolved and kept.',
  tags: ['Monitors'],
  audit: 'monitor.delete',
  handler: ({ ctx, params }) => deleteMonitor(ctx, params.id),
});
