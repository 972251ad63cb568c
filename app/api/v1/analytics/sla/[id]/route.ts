// /api/v1/analytics/sla/:id — one SLA definition.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZSla, ZUpdateSla } from '@/lib/analytics/schemas';
import { getSlaOrThrow, slaDto } from '@/lib/analytics/sla-scope';
import { updateSla } from '@/lib/analytics/update-sla';
import { deleteSla } from '@/lib/analytics/delete-sla';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:read',
  params: ZIdParams,
  summary: 'Get an SLA definition',
  description: 'Needs `analytics:read`. Out-of-scope definitions answer 404.',
  tags: ['Analytics'],
  response: ZSla,
  handler: async ({ ctx, params }) => slaDto(await getSlaOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:manage',
  params: ZIdParams,
  body: ZUpdateSla,
  summary: 'Edit an SLA definition',
  description: 'Needs `analytics:manage`. Name, description, thresholds and filters; the target kind and organization stay. A partner-wide definition needs access to every organization (else 403).',
  tags: ['Analytics'],
  response: ZSla,
  handler: ({ ctx, params, body }) => updateSla(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:manage',
  params: ZIdParams,
  summary: 'Delete an SLA definition',
  description: 'Needs `analytics:manage`. A partner-wide definition needs access to every organization (else 403).',
  tags: ['Analytics'],
  handler: ({ ctx, params }) => deleteSla(ctx, params.id),
});
