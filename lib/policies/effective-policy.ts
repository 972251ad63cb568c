// GET /devices/:id/effective-policy: the active policies that apply to a device, most specific
// assignment first (device > group > saved filter > site > organization > partner), and their settings merged
// key by key: each setting comes from the most specific policy that sets it; between policies
// applying at the same level the most recently updated one wins.
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';
import { SETTING_KEYS, type ComplianceStatus, type PolicySettings, type TEffectivePolicy } from '@/lib/policies/schemas';
import { applicablePolicies } from '@/lib/policies/evaluate-policies';

export async function effectivePolicy(ctx: ScopedContext, deviceId: string): Promise<TEffectivePolicy> {
  const device = await db.device.findFirst({ where: { id: deviceId, ...tenantWhere(ctx) }, select: { id: true } });
  if (!device) throw notFound('Device');
  const pairs = await applicablePolicies(db, { deviceIds: [deviceId] });
  const policies = await db.policy.findMany({ where: { id: { in: pairs.map((p) => p.policyId) } }, select: { id: true, name: true, settings: true, updatedAt: true } });
  const compliance = await db.devicePolicyCompliance.findMany({ where: { deviceId }, select: { policyId: true, status: true } });
  const ranked = pairs
    .map((p) => ({ ...p, policy: policies.find((x) => x.id === p.policyId)! }))
    .filter((p) => p.policy)
    .sort((a, b) => b.precedence - a.precedence || b.policy.updatedAt.getTime() - a.policy.updatedAt.getTime() || a.policyId.localeCompare(b.policyId));
  const settings: Record<string, unknown> = {};
  const sources: TEffectivePolicy['sources'] = [];
  for (const key of SETTING_KEYS) {
    const winner = ranked.find((p) => (p.policy.settings as PolicySettings)[key] !== undefined);
    if (!winner) continue;
    const value = (winner.policy.settings as PolicySettings)[key];
    settings[key] = value;
    sources.push({ key, value, policyId: winner.policyId, policyName: winner.policy.name, via: winner.via });
  }
  return {
    deviceId,
    settings: settings as PolicySettings,
    sources,
    policies: ranked.map((p) => ({
      policyId: p.policyId,
      name: p.policy.name,
      via: p.via,
      precedence: p.precedence,
      complianceStatus: (compliance.find((c) => c.policyId === p.policyId)?.status as ComplianceStatus | undefined) ?? null,
    })),
  };
}
