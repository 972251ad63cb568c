// /api/v1/orgs/partners — list and create partners (system scope).
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreatePartner, ZListPartnersQuery, ZPartner } from '@/lib/partners/schemas';
import { listPartners } from '@/lib/partners/list-partners';
import { createPartner } from '@/lib/partners/create-partner';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:read',
  scopes: ['system'],
  query: ZListPartnersQuery,
  summary: 'List partners',
  description: 'Soft-deleted partners are excluded. Page size default 50, max 100.',
  tags: ['Partners'],
  response: ZPageOf(ZPartner),
  handler: ({ query }) => listPartners(query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'orgs:write',
  scopes: ['system'],
  mfa: true,
  body: ZCreatePartner,
  status: 201,
  summary: 'Create a partner',
  description: 'Creates the partner with its built-in roles (Partner Admin, Technician, Read Only, Organization Admin, Organization User). 409 `SLUG_CONFLICT` when the slug is taken.',
  tags: ['Partners'],
  response: ZPartner,
  handler: ({ ctx, body }) => createPartner(ctx, body),
});
