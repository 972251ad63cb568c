// GET /api/v1/roles/permissions/available — the permission catalogue.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZAvailablePermission } from '@/lib/roles/schemas';
import { listAvailablePermissions } from '@/lib/roles/available-permissions';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'users:read',
  summary: 'Permissions a role can grant',
  description: 'The one typed catalogue every route declares its permission from, with descriptions, in catalogue order.',
  tags: ['Roles'],
  response: z.object({ data: z.array(ZAvailablePermission) }),
  handler: () => listAvailablePermissions(),
});
