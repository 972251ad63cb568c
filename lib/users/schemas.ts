import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { ZEmail } from '@/lib/auth/schemas';

const ZUuid = z.string().uuid();
export const ZOrgAccess = z.enum(['all', 'selected', 'none']).meta({ id: 'OrgAccess' });
const ZOrgIds = z.array(ZUuid).max(1000).describe('Organizations the user may see when orgAccess is "selected"');

export const ZListUsersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().trim().max(255).optional().describe('Matches name or email'),
  status: z.enum(['active', 'invited', 'disabled']).optional(),
  scope: z.enum(['partner', 'organization']).optional(),
  roleId: ZUuid.optional(),
  orgId: ZUuid.optional().describe('Organization users of this organization'),
  partnerId: ZUuid.optional().describe('System scope only: one partner'),
});

export const ZInviteUser = z
  .object({
    email: ZEmail,
    name: z.string().trim().min(1).max(255),
    roleId: ZUuid.describe('A partner-scope role, or an organization-scope role for customer staff'),
    orgAccess: ZOrgAccess.optional().describe('Partner-scope roles only; default "all"'),
    orgIds: ZOrgIds.optional(),
    orgId: ZUuid.optional().describe('Required for organization-scope roles: the organization the user belongs to'),
  })
  .strict();

export const ZResendInvite = z.object({ userId: ZUuid }).strict();

export const ZUpdateUser = z
  .object({
    name: z.string().trim().min(1).max(255),
    status: z.enum(['active', 'disabled']).describe('Disabling ends every session; the user\'s API keys stop working until re-enabled'),
    orgAccess: ZOrgAccess,
    orgIds: ZOrgIds,
  })
  .partial()
  .strict();

export const ZChangeUserRole = z.object({ roleId: ZUuid }).strict();

export const ZAcceptInvite = z
  .object({
    token: z.string().min(1).max(200),
    password: z.string().min(1, 'Password is required').max(1024),
    name: z.string().trim().min(1).max(255).optional().describe('Replaces the name the inviter entered'),
  })
  .strict();

export const ZInviteToken = z.object({ token: z.string().min(1).max(200) }).strict();

const ZRoleRef = z.object({ id: z.string(), name: z.string(), scope: z.enum(['system', 'partner', 'organization']), isSystem: z.boolean() });

export const ZUser = z.object({
  id: z.string().uuid(),
  email: z.string(),
  name: z.string(),
  status: z.enum(['active', 'invited', 'disabled']),
  scope: z.enum(['system', 'partner', 'organization']),
  partnerId: z.string().uuid().nullable(),
  orgId: z.string().uuid().nullable(),
  organization: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  role: ZRoleRef.nullable(),
  orgAccess: ZOrgAccess.nullable(),
  orgIds: z.array(z.string().uuid()),
  mfaEnabled: z.boolean(),
  lastLoginAt: ZTimestamp.nullable(),
  invitation: z
    .object({ expiresAt: ZTimestamp, lastSentAt: ZTimestamp, sendCount: z.number().int(), expired: z.boolean() })
    .nullable()
    .describe('Set while the user has not accepted the invitation'),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'User' });

/** The signed-in user (GET /users/me): the profile plus what this session may do. */
export const ZMe = z.object({
  id: z.string().uuid(),
  email: z.string(),
  name: z.string(),
  status: z.enum(['active', 'invited', 'disabled']),
  mfaEnabled: z.boolean(),
  lastLoginAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  scope: z.enum(['system', 'partner', 'organization']),
  partnerId: z.string().uuid().nullable(),
  orgId: z.string().uuid().nullable(),
  orgAccess: ZOrgAccess,
  orgIds: z.array(z.string().uuid()),
  role: ZRoleRef,
  permissions: z.array(z.string()).describe('Effective permissions of this session, sorted'),
  mfa: z.boolean().describe('This session completed MFA'),
  partner: z.object({ id: z.string().uuid(), name: z.string(), slug: z.string(), status: z.string() }).nullable(),
  organization: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
}).meta({ id: 'CurrentUser' });

export const ZInvitePreview = z.object({
  email: z.string(),
  name: z.string(),
  partner: z.object({ id: z.string().uuid(), name: z.string() }),
  organization: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  role: z.object({ name: z.string() }),
  expiresAt: ZTimestamp,
});

export const ZAcceptInviteResponse = z.object({
  accepted: z.literal(true),
  user: z.object({ id: z.string().uuid(), email: z.string(), name: z.string() }),
  partner: z.object({ id: z.string().uuid(), name: z.string() }),
  organization: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
});
