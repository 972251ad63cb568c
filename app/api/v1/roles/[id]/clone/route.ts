// POST /api/v1/roles/:id/clone — copy a role into a new custom role.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCloneRole, ZRole } from '@/lib/roles/schemas';
import { cloneRole } from '@/lib/roles/clone-role';

export const POST = defineRoute({
  auth: 'user',
  permission: 'users:manage',
  mfa: true,
  scopes: ['system', 'partner'],
  params: ZIdParams,
  body: ZCloneRole,
  status: 201,
  summary: 'Clone a role',
  description: 'Built-in or custom. The copy is a custom role with the same scope and permissions, named `<name> (copy)` unless `name` is given. Cloning a role with permissions the caller lacks: 403 `PRIVILEGE_ESCALATION`.',
  tags: ['Roles'],
  response: ZRole,
  handler: ({ ctx, params, body }) => cloneRole(ctx, params.id, body),
});
