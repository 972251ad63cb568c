// /api/v1/groups/:id — one device group.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZGroup, ZUpdateGroup } from '@/lib/device-groups/schemas';
import { getGroup } from '@/lib/device-groups/get-group';
import { updateGroup } from '@/lib/device-groups/update-group';
import { deleteGroup } from '@/lib/device-groups/delete-group';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Get a device group',
  tags: ['Device groups'],
  response: ZGroup,
  handler: ({ ctx, params }) => getGroup(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  body: ZUpdateGroup,
  summary: 'Edit a device group',
  description: 'Name, description and (dynamic groups only, else 409 `GROUP_NOT_DYNAMIC`) rules; new rules re-evaluate the membership at once.',
  tags: ['Device groups'],
  response: ZGroup,
  handler: ({ ctx, params, body }) => updateGroup(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  summary: 'Delete a device group',
  description: 'Deletes the group with its memberships, pins and membership log; the devices are untouched.',
  tags: ['Device groups'],
  handler: ({ ctx, params }) => deleteGroup(ctx, params.id),
});
