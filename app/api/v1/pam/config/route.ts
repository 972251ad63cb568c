// /api/v1/pam/config — the organization's default verdict for requests no rule matches.
import { defineRoute } from '@/lib/http/define-route';
import { ZPamConfig, ZPamConfigQuery, ZPutPamConfig } from '@/lib/pam/schemas';
import { getPamConfig, putPamConfig } from '@/lib/pam/requests';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:read',
  query: ZPamConfigQuery,
  summary: 'Read the PAM default verdict',
  description: 'Needs `pam:read`. `orgId` names the organization (organization callers: their own). An organization never configured answers the defaults: `pending` (a technician decides) and 15 minutes, with `updatedAt` null.',
  tags: ['PAM'],
  response: ZPamConfig,
  handler: ({ ctx, query }) => getPamConfig(ctx, query.orgId),
});

export const PUT = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'pam:manage',
  body: ZPutPamConfig,
  audit: 'pam_config.update',
  summary: 'Set the PAM default verdict',
  description: 'Needs `pam:manage`. `defaultVerdict`: `pending` (the request waits for a technician), `approve` (for `defaultDurationMinutes`) or `deny`, for requests no enabled rule matches. `defaultDurationMinutes` is also what a technician’s approval grants when it names no duration.',
  tags: ['PAM'],
  response: ZPamConfig,
  handler: ({ ctx, body }) => putPamConfig(ctx, body),
});
