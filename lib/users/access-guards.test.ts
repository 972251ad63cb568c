import { describe, expect, it } from 'vitest';
import type { ActorContext } from '@/lib/auth/context';
import type { Permission } from '@/lib/auth/permissions';
import { AppError } from '@/lib/http/errors';
import { assertCanGrantOrgAccess, assertCanGrantPermissions, assertCanManageUser } from '@/lib/users/access-guards';

const ORG_A = '00000000-0000-0000-0000-00000000000a';
const ORG_B = '00000000-0000-0000-0000-00000000000b';

function caller(permissions: Permission[], access: Partial<ActorContext> = {}): ActorContext {
  return {
    kind: 'user', requestId: 'r', ip: null, userId: 'u', email: 'e', name: 'n', sessionId: 's', mfa: true,
    scope: 'partner', partnerId: 'p', orgId: null, roleId: 'role', orgAccess: 'all', orgIds: [],
    permissions: new Set(permissions),
    ...access,
  } as ActorContext;
}

const code = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
};

describe('access guards', () => {
  it('permissions: only what the caller holds, listing what is missing', () => {
    const ctx = caller(['devices:read', 'users:manage']);
    expect(code(() => assertCanGrantPermissions(ctx, ['devices:read']))).toBeNull();
    const thrown = (() => {
      try {
        assertCanGrantPermissions(ctx, ['devices:read', 'billing:manage', 'audit:read']);
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(thrown).toMatchObject({ status: 403, code: 'PRIVILEGE_ESCALATION', details: { missing: ['audit:read', 'billing:manage'] } });
  });

  it('org access: full access grants anything; selected grants only a subset; none grants nothing but none', () => {
    expect(code(() => assertCanGrantOrgAccess(caller([]), { orgAccess: 'all', orgIds: [] }))).toBeNull();
    const selected = caller([], { orgAccess: 'selected', orgIds: [ORG_A] });
    expect(code(() => assertCanGrantOrgAccess(selected, { orgAccess: 'selected', orgIds: [ORG_A] }))).toBeNull();
    expect(code(() => assertCanGrantOrgAccess(selected, { orgAccess: 'selected', orgIds: [ORG_A, ORG_B] }))).toBe('PRIVILEGE_ESCALATION');
    expect(code(() => assertCanGrantOrgAccess(selected, { orgAccess: 'all', orgIds: [] }))).toBe('PRIVILEGE_ESCALATION');
    expect(code(() => assertCanGrantOrgAccess(selected, { orgAccess: 'none', orgIds: [] }))).toBeNull();
    const none = caller([], { orgAccess: 'none' });
    expect(code(() => assertCanGrantOrgAccess(none, { orgAccess: 'selected', orgIds: [ORG_A] }))).toBe('PRIVILEGE_ESCALATION');
    const orgUser = caller([], { scope: 'organization', orgId: ORG_B, orgAccess: 'selected', orgIds: [ORG_B] });
    expect(code(() => assertCanGrantOrgAccess(orgUser, { orgAccess: 'selected', orgIds: [ORG_B] }))).toBeNull();
    expect(code(() => assertCanGrantOrgAccess(orgUser, { orgAccess: 'selected', orgIds: [ORG_A] }))).toBe('PRIVILEGE_ESCALATION');
  });

  it('managing a user needs their permissions and organizations; platform admins are off limits', () => {
    const target = { id: 't', isPlatformAdmin: false, scope: 'partner' as const, permissions: ['devices:read'], orgAccess: 'selected' as const, orgIds: [ORG_A], orgId: null };
    expect(code(() => assertCanManageUser(caller(['devices:read'], { orgAccess: 'selected', orgIds: [ORG_A] }), target))).toBeNull();
    expect(code(() => assertCanManageUser(caller([], { orgAccess: 'all' }), target))).toBe('PRIVILEGE_ESCALATION');
    expect(code(() => assertCanManageUser(caller(['devices:read'], { orgAccess: 'selected', orgIds: [ORG_B] }), target))).toBe('PRIVILEGE_ESCALATION');
    const customer = { ...target, scope: 'organization' as const, orgAccess: null, orgIds: [], orgId: ORG_B };
    expect(code(() => assertCanManageUser(caller(['devices:read'], { orgAccess: 'selected', orgIds: [ORG_B] }), customer))).toBeNull();
    expect(code(() => assertCanManageUser(caller(['devices:read'], { scope: 'system' }), { ...target, isPlatformAdmin: true }))).toBe('FORBIDDEN');
  });
});
