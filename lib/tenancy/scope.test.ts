import { describe, expect, it } from 'vitest';
import type { ScopedContext } from '@/lib/auth/context';
import { hasDecision } from '@/lib/tenancy/authorization-decisions';
import { MATCH_NOTHING_ID, ownPartnerWhere, partnerWhere, tenantOrPartnerWideWhere, tenantWhere } from '@/lib/tenancy/scope';

const P = '11111111-1111-4111-8111-111111111111';
const A = '22222222-2222-4222-8222-222222222222';
const B = '33333333-3333-4333-8333-333333333333';

const system = (): ScopedContext => ({ scope: 'system', partnerId: null, orgId: null, orgAccess: 'all', orgIds: [] });
const partner = (orgAccess: ScopedContext['orgAccess'], orgIds: string[] = []): ScopedContext => ({ scope: 'partner', partnerId: P, orgId: null, orgAccess, orgIds });
const organization = (): ScopedContext => ({ scope: 'organization', partnerId: P, orgId: A, orgAccess: 'selected', orgIds: [A] });

describe('tenancy predicates', () => {
  it('tenantWhere narrows by partner and organization access', () => {
    expect(tenantWhere(system())).toEqual({});
    expect(tenantWhere(partner('all'))).toEqual({ partnerId: P });
    expect(tenantWhere(partner('selected', [A, B]))).toEqual({ partnerId: P, orgId: { in: [A, B] } });
    expect(tenantWhere(partner('none', [A]))).toEqual({ partnerId: P, orgId: { in: [] } });
    expect(tenantWhere(organization())).toEqual({ partnerId: P, orgId: A });
    expect(tenantWhere({ ...partner('all'), partnerId: null })).toEqual({ partnerId: MATCH_NOTHING_ID });
  });

  it('tenantOrPartnerWideWhere adds the partner-wide rows (org_id null) wherever organizations are narrowed', () => {
    expect(tenantOrPartnerWideWhere(system())).toEqual({});
    expect(tenantOrPartnerWideWhere(partner('all'))).toEqual({ partnerId: P });
    expect(tenantOrPartnerWideWhere(partner('selected', [B]))).toEqual({ partnerId: P, OR: [{ orgId: null }, { orgId: { in: [B] } }] });
    expect(tenantOrPartnerWideWhere(organization())).toEqual({ partnerId: P, OR: [{ orgId: null }, { orgId: A }] });
  });

  it('partnerWhere lets system callers see every partner; ownPartnerWhere matches nothing for them', () => {
    expect(partnerWhere(system())).toEqual({});
    expect(partnerWhere(organization())).toEqual({ partnerId: P });
    expect(ownPartnerWhere(system())).toEqual({ partnerId: MATCH_NOTHING_ID });
    expect(ownPartnerWhere(partner('selected', [A]))).toEqual({ partnerId: P });
  });

  it('records an authorization decision on the context it was given, and only on that one', () => {
    const ctx = partner('all');
    const other = partner('all');
    expect(hasDecision(ctx)).toBe(false);
    tenantWhere(ctx);
    expect(hasDecision(ctx)).toBe(true);
    expect(hasDecision(other)).toBe(false);
    const sys = system();
    partnerWhere(sys);
    expect(hasDecision(sys)).toBe(true);
  });
});
