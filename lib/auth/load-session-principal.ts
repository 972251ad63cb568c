// The session behind an access token with its user and the user's place in the hierarchy
// (membership, role, partner, organization), in one statement. Every authenticated request
// reads this, so it is SQL of its own: through Prisma the same include was five statements,
// each compiled by the query compiler on every request (~2.5 ms of web CPU a request).
// The result has the shape loadPrincipal reads, so principalFromUser maps both alike.
import { dbPool } from '@/lib/db';
import type { OrgAccessMode } from '@/lib/auth/context';
import type { UserWithMemberships } from '@/lib/auth/load-principal';

export interface SessionWithUser {
  id: string;
  userId: string;
  mfa: boolean;
  expiresAt: Date;
  revokedAt: Date | null;
  user: UserWithMemberships;
}

interface Row {
  session_id: string;
  user_id: string;
  mfa: boolean;
  expires_at: Date;
  revoked_at: Date | null;
  email: string;
  name: string;
  status: string;
  mfa_enabled: boolean;
  is_platform_admin: boolean;
  deleted_at: Date | null;
  pm_partner_id: string | null;
  pm_role_id: string;
  pm_org_access: OrgAccessMode;
  pm_org_ids: string[];
  pm_permissions: string[];
  pm_partner_status: string;
  pm_partner_deleted_at: Date | null;
  pm_partner_settings: unknown;
  om_org_id: string | null;
  om_role_id: string;
  om_permissions: string[];
  om_partner_id: string;
  om_org_deleted_at: Date | null;
  om_partner_status: string;
  om_partner_deleted_at: Date | null;
  om_partner_settings: unknown;
}

const SQL = `
select s.id as session_id, s.user_id, s.mfa, s.expires_at, s.revoked_at,
  u.email, u.name, u.status::text as status, u.mfa_enabled, u.is_platform_admin, u.deleted_at,
  pu.partner_id as pm_partner_id, pu.role_id as pm_role_id, pu.org_access::text as pm_org_access, pu.org_ids::text[] as pm_org_ids,
  pr.permissions as pm_permissions, pp.status::text as pm_partner_status, pp.deleted_at as pm_partner_deleted_at, pp.settings as pm_partner_settings,
  ou.org_id as om_org_id, ou.role_id as om_role_id, orr.permissions as om_permissions, o.partner_id as om_partner_id, o.deleted_at as om_org_deleted_at,
  op.status::text as om_partner_status, op.deleted_at as om_partner_deleted_at, op.settings as om_partner_settings
from sessions s
join users u on u.id = s.user_id
left join partner_users pu on pu.user_id = u.id
left join roles pr on pr.id = pu.role_id
left join partners pp on pp.id = pu.partner_id
left join organization_users ou on ou.user_id = u.id
left join roles orr on orr.id = ou.role_id
left join organizations o on o.id = ou.org_id
left join partners op on op.id = o.partner_id
where s.id = $1`;

/** The session `sessionId` with its user, or null when there is no such session. */
export async function loadSessionPrincipal(sessionId: string): Promise<SessionWithUser | null> {
  const { rows } = await dbPool().query<Row>({ name: 'load-session-principal', text: SQL, values: [sessionId] });
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.session_id,
    userId: r.user_id,
    mfa: r.mfa,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
    user: {
      id: r.user_id,
      email: r.email,
      name: r.name,
      status: r.status,
      mfaEnabled: r.mfa_enabled,
      isPlatformAdmin: r.is_platform_admin,
      deletedAt: r.deleted_at,
      partnerMembership: r.pm_partner_id
        ? {
            partnerId: r.pm_partner_id,
            roleId: r.pm_role_id,
            orgAccess: r.pm_org_access,
            orgIds: r.pm_org_ids,
            role: { permissions: r.pm_permissions },
            partner: { status: r.pm_partner_status, deletedAt: r.pm_partner_deleted_at, settings: r.pm_partner_settings },
          }
        : null,
      organizationMembership: r.om_org_id
        ? {
            orgId: r.om_org_id,
            roleId: r.om_role_id,
            role: { permissions: r.om_permissions },
            organization: {
              partnerId: r.om_partner_id,
              deletedAt: r.om_org_deleted_at,
              partner: { status: r.om_partner_status, deletedAt: r.om_partner_deleted_at, settings: r.om_partner_settings },
            },
          }
        : null,
    },
  };
}
