// /api/v1/orgs/organizations/:id — one organization.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZOrganization, ZUpdateOrganization } from '@/lib/organizations/schemas';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { toOrganizationDto } from '@/lib/organizations/to-organization-dto';
import { updateOrganization } from '@/lib/organizations/update-organization';
import { deleteOrganization } from '@/lib/organizations/delete-organization';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:read',
  params: ZIdParams,
  summary: 'Get an organization',
  tags: ['Organizations'],
  response: ZOrganization,
  handler: async ({ ctx, params }) => toOrganizationDto(await getOrganizationOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: 'user',
  permission: 'orgs:write',
  mfa: true,
  params: ZIdParams,
  body: ZUpdateOrganization,
  summary: 'Update an organization',
  tags: ['Organizations'],
  response: ZOrganization,
  handler: ({ ctx, params, body }) => updateOrganization(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'orgs:write',
  mfa: true,
  params: ZIdParams,
  summary: 'Soft-delete an organization',
  description: 'A human, MFA-gated action.',
  tags: ['Organizations'],
  handler: ({ ctx, params }) => deleteOrganization(ctx, params.id),
});
