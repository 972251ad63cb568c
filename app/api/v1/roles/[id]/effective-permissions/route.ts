// GET /api/v1/roles/:id/effective-permissions — what a holder of the role can do.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZEffectivePermissions } from '@/lib/roles/schemas';
import { getEffectivePermissions } from '@/lib/roles/effective-permissions';
import { routeIndex } from '@/app/api/route-index.generated';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'users:read',
  params: ZIdParams,
  summary: 'Effective permissions of a role',
  description:
    'Every catalogue permission with `granted` (the role has it), the API operations it unlocks for a user of the role\'s scope, and `effective` (granted and unlocking at least one operation in that scope). Read from the same route metadata the API enforces. A user\'s effective organization access is their `orgAccess`/`orgIds` (`GET /users/:id`).',
  tags: ['Roles'],
  response: ZEffectivePermissions,
  handler: ({ ctx, params }) => getEffectivePermissions(ctx, params.id, routeIndex),
});
