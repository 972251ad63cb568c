// Who a user is in the tenant hierarchy, read from the user's association (doc 1: the token
// context is resolved from the partner-user association). Used at login, on refresh and on
// every authenticated request, so role and access changes apply on the next request.
import type { DbOrTx } from '@/lib/db';
import { ALL_PERMISSIONS, isPermission, type Permission } from '@/lib/auth/permissions';
import type { OrgAccessMode, Scope } from '@/lib/auth/context';

export const PLATFORM_ADMIN_ROLE_ID = '00000000-0000-0000-0000-000000000001';

export interface Principal {
  userId: string;
  email: string;
  name: string;
  status: string;
  mfaEnabled: boolean;
  scope: Scope;
  partnerId: string | null;
  orgId: string | null;
  roleId: string;
  permissions: Set<Permission>;
  orgAccess: OrgAccessMode;
  orgIds: string[];
  /** Status of the caller's partner; null for platform admins. 'deleted' for soft-deleted tenants. */
  partnerStatus: string | null;
  /** The partner's settings (security.ipAllowlist lives here); null for platform admins. */
  partnerSettings: unknown;
}

export const principalInclude = {
  partnerMembership: { include: { role: true, partner: { select: { status: true, deletedAt: true, settings: true } } } },
  organizationMembership: {
    include: {
      role: true,
      organization: { select: { partnerId: true, deletedAt: true, partner: { select: { status: true, deletedAt: true, settings: true } } } },
    },
  },
} as const;

type UserWithMemberships = {
  id: string;
  email: string;
  name: string;
  status: string;
  mfaEnabled: boolean;
  isPlatformAdmin: boolean;
  deletedAt: Date | null;
  partnerMembership: {
    partnerId: string;
    roleId: string;
    orgAccess: OrgAccessMode;
    orgIds: string[];
    role: { permissions: string[] };
    partner: { status: string; deletedAt: Date | null; settings: unknown };
  } | null;
  organizationMembership: {
    orgId: string;
    roleId: string;
    role: { permissions: string[] };
    organization: { partnerId: string; deletedAt: Date | null; partner: { status: string; deletedAt: Date | null; settings: unknown } };
  } | null;
};

const toPermissions = (names: string[]) => new Set(names.filter(isPermission));

/** Maps a user row with its memberships to a principal, or null when it has no place. */
export function principalFromUser(user: UserWithMemberships): Principal | null {
  if (user.deletedAt) return null;
  const base = { userId: user.id, email: user.email, name: user.name, status: user.status, mfaEnabled: user.mfaEnabled };
  if (user.isPlatformAdmin) {
    return {
      ...base,
      scope: 'system',
      partnerId: null,
      orgId: null,
      roleId: PLATFORM_ADMIN_ROLE_ID,
      permissions: new Set(ALL_PERMISSIONS),
      orgAccess: 'all',
      orgIds: [],
      partnerStatus: null,
      partnerSettings: null,
    };
  }
  const pm = user.partnerMembership;
  if (pm) {
    return {
      ...base,
      scope: 'partner',
      partnerId: pm.partnerId,
      orgId: null,
      roleId: pm.roleId,
      permissions: toPermissions(pm.role.permissions),
      orgAccess: pm.orgAccess,
      orgIds: pm.orgIds,
      partnerStatus: pm.partner.deletedAt ? 'deleted' : pm.partner.status,
      partnerSettings: pm.partner.settings,
    };
  }
  const om = user.organizationMembership;
  if (om) {
    const deleted = om.organization.deletedAt || om.organization.partner.deletedAt;
    return {
      ...base,
      scope: 'organization',
      partnerId: om.organization.partnerId,
      orgId: om.orgId,
      roleId: om.roleId,
      permissions: toPermissions(om.role.permissions),
      orgAccess: 'selected',
      orgIds: [om.orgId],
      partnerStatus: deleted ? 'deleted' : om.organization.partner.status,
      partnerSettings: om.organization.partner.settings,
    };
  }
  return null;
}

export async function loadPrincipal(client: DbOrTx, userId: string): Promise<Principal | null> {
  const user = await client.user.findUnique({ where: { id: userId }, include: principalInclude });
  return user ? principalFromUser(user as UserWithMemberships) : null;
}

export type { UserWithMemberships };
