// /api/v1/discovery/profiles/:id — one discovery profile: read, update, delete.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZProfile, ZUpdateProfile } from '@/lib/discovery/schemas';
import { deleteProfile, getProfile, updateProfile } from '@/lib/discovery/profiles';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:read',
  params: ZIdParams,
  summary: 'Get a discovery profile',
  description: 'Needs `discovery:read`.',
  tags: ['Discovery'],
  response: ZProfile,
  handler: ({ ctx, params }) => getProfile(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:manage',
  params: ZIdParams,
  body: ZUpdateProfile,
  summary: 'Update a discovery profile',
  description: 'Needs `discovery:manage`. Changes only the fields given; `snmpCredentials` given replaces the stored list (send `[]` to clear it); `options` are merged. The probe must stay in the profile’s organization. The same subnet cap applies (400 `SUBNET_TOO_LARGE`). A scan already queued keeps the subnets it was queued with.',
  tags: ['Discovery'],
  response: ZProfile,
  handler: ({ ctx, params, body }) => updateProfile(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:manage',
  params: ZIdParams,
  summary: 'Delete a discovery profile',
  description: 'Needs `discovery:manage`. 409 `SCAN_IN_PROGRESS` while one of its scans is queued or running. Its past jobs and the assets it found stay.',
  tags: ['Discovery'],
  handler: ({ ctx, params }) => deleteProfile(ctx, params.id),
});
