// /api/v1/orgs/partners/:id — one partner (system scope).
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPartner, ZUpdatePartner } from '@/lib/partners/schemas';
import { getPartnerOrThrow } from '@/lib/partners/get-partner-or-throw';
import { partnerDto } from '@/lib/partners/to-partner-dto';
import { updatePartner } from '@/lib/partners/update-partner';
import { deletePartner } from '@/lib/partners/delete-partner';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'orgs:read',
  scopes: ['system'],
  params: ZIdParams,
  summary: 'Get a partner',
  description: '404 when missing or soft-deleted.',
  tags: ['Partners'],
  response: ZPartner,
  handler: async ({ params }) => partnerDto(await getPartnerOrThrow(params.id)),
});

export const PATCH = defineRoute({
  auth: 'user',
  permission: 'orgs:write',
  scopes: ['system'],
  mfa: true,
  params: ZIdParams,
  body: ZUpdatePartner,
  summary: 'Update a partner',
  description: '400 when no field is given. `status: offboarding` revokes every session under the partner at once; `status: active` before the reaper finalizes restores access. `ssoConfig` takes only `allowed` (false turns single sign-on off for the partner: no SSO sign-in, no enforcement, no new providers); its other keys are read from the partner’s SSO providers.',
  tags: ['Partners'],
  response: ZPartner,
  handler: ({ ctx, params, body }) => updatePartner(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: 'user',
  permission: 'orgs:write',
  scopes: ['system'],
  mfa: true,
  params: ZIdParams,
  summary: 'Soft-delete a partner',
  description: 'Sets deletedAt; the partner disappears from every query and GET by id answers 404.',
  tags: ['Partners'],
  handler: ({ ctx, params }) => deletePartner(ctx, params.id),
});
