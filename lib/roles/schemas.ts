import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { ALL_PERMISSIONS } from '@/lib/auth/permissions';

export const ZPermissionName = z.enum(ALL_PERMISSIONS as [string, ...string[]]);
const ZPermissionList = z
  .array(ZPermissionName)
  .max(ALL_PERMISSIONS.length * 2)
  .transform((list) => [...new Set(list)])
  .describe('Names from GET /roles/permissions/available');

export const ZListRolesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  scope: z.enum(['partner', 'organization']).optional(),
  isSystem: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  search: z.string().trim().max(100).optional(),
  partnerId: z.string().uuid().optional().describe('System scope only: one partner'),
});

export const ZCreateRole = z
  .object({
    name: z.string().trim().min(1).max(100),
    description: z.string().trim().max(500).nullable().optional(),
    scope: z.enum(['partner', 'organization']).default('partner'),
    permissions: ZPermissionList,
    partnerId: z.string().uuid().optional().describe('Required for system-scope callers; ignored otherwise'),
  })
  .strict();

export const ZUpdateRole = z
  .object({
    name: z.string().trim().min(1).max(100),
    description: z.string().trim().max(500).nullable(),
    permissions: ZPermissionList,
  })
  .partial()
  .strict();

export const ZCloneRole = z
  .object({
    name: z.string().trim().min(1).max(100).optional().describe('Default: "<source name> (copy)"'),
    description: z.string().trim().max(500).nullable().optional(),
  })
  .strict();

export const ZRole = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  scope: z.enum(['system', 'partner', 'organization']),
  isSystem: z.boolean(),
  permissions: z.array(z.string()),
  userCount: z.number().int().describe('Users holding the role that the caller can see'),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'Role' });

export const ZAvailablePermission = z.object({
  permission: z.string(),
  description: z.string(),
  resource: z.string(),
  action: z.string(),
});

export const ZEffectivePermissions = z.object({
  role: z.object({ id: z.string().uuid(), name: z.string(), scope: z.enum(['system', 'partner', 'organization']), isSystem: z.boolean() }),
  granted: z.array(z.string()).describe('Permissions the role grants'),
  effective: z.array(z.string()).describe('Granted permissions that unlock at least one operation for a user of this role\'s scope'),
  permissions: z.array(
    z.object({
      permission: z.string(),
      description: z.string(),
      granted: z.boolean(),
      effective: z.boolean(),
      operations: z.array(z.object({ method: z.string(), path: z.string(), mfa: z.boolean() })).describe('Operations this permission unlocks in the role\'s scope'),
    }),
  ),
  openOperations: z.number().int().describe('Operations that need no permission, available to every user'),
});
