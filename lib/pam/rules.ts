// Elevation rules and signer groups: CRUD and the preview of a draft rule over recent requests.
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { PamRule, PamSignerGroup, Prisma } from '@/lib/generated/prisma/client';
import { badRequest, conflict, notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { tenantWhere } from '@/lib/tenancy/scope';
import { ruleMatches } from '@/lib/pam/match';
import { MATCH_FIELDS, type CreatePamRule, type CreateSignerGroup, type ListPamQuery, type PreviewPamRule, type TPamRule, type UpdatePamRule, type UpdateSignerGroup } from '@/lib/pam/schemas';
import { resolvePamOrg, signerGroupsOf } from '@/lib/pam/scope';
import { loadRequestDtos } from '@/lib/pam/requests';

export function toRuleDto(r: PamRule): TPamRule {
  return {
    id: r.id,
    orgId: r.orgId,
    name: r.name,
    verdict: r.verdict as TPamRule['verdict'],
    priority: r.priority,
    enabled: r.enabled,
    durationMinutes: r.durationMinutes,
    matchSigner: r.matchSigner,
    matchSignerThumbprint: r.matchSignerThumbprint,
    matchSignerGroupId: r.matchSignerGroupId,
    matchHash: r.matchHash,
    matchPathGlob: r.matchPathGlob,
    matchParentImage: r.matchParentImage,
    matchCommandLine: r.matchCommandLine,
    matchUser: r.matchUser,
    matchAdGroup: r.matchAdGroup,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function getRuleOrThrow(ctx: ScopedContext, id: string): Promise<PamRule> {
  const rule = await db.pamRule.findFirst({ where: { id, ...tenantWhere(ctx) } });
  if (!rule) throw notFound('Rule');
  return rule;
}

/** A signer group named by a rule must belong to the rule's organization (else 400: no probing of other tenants). */
async function assertGroupOfOrg(orgId: string, groupId: string | null | undefined): Promise<void> {
  if (!groupId) return;
  const found = await db.pamSignerGroup.findFirst({ where: { id: groupId, orgId }, select: { id: true } });
  if (!found) throw badRequest('matchSignerGroupId names no signer group of this organization', [{ path: 'matchSignerGroupId', message: 'Unknown signer group' }]);
}

function matchData(input: Partial<Record<(typeof MATCH_FIELDS)[number], string | null | undefined>>) {
  const out: Partial<Record<(typeof MATCH_FIELDS)[number], string | null>> = {};
  for (const f of MATCH_FIELDS) if (input[f] !== undefined) out[f] = input[f] ?? null;
  return out;
}

export async function listRules(ctx: ScopedContext, query: ListPamQuery) {
  const where: Prisma.PamRuleWhereInput = { ...tenantWhere(ctx), ...(query.orgId ? { AND: [{ orgId: query.orgId }] } : {}) };
  const [rows, total] = await Promise.all([db.pamRule.findMany({ where, orderBy: [{ priority: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }], ...pageArgs(query) }), db.pamRule.count({ where })]);
  return pageResult(rows.map(toRuleDto), query, total);
}

export async function createRule(ctx: ScopedContext & { userId?: string }, input: CreatePamRule) {
  const owner = await resolvePamOrg(ctx, input.orgId);
  await assertGroupOfOrg(owner.orgId, input.matchSignerGroupId);
  const rule = await db.pamRule.create({
    data: { ...owner, name: input.name, verdict: input.verdict, priority: input.priority, enabled: input.enabled, durationMinutes: input.durationMinutes, createdBy: ctx.userId ?? null, ...matchData(input) },
  });
  return toRuleDto(rule);
}

export async function updateRule(ctx: ScopedContext, id: string, input: UpdatePamRule) {
  const current = await getRuleOrThrow(ctx, id);
  const next = { ...current, ...matchData(input) };
  if (!MATCH_FIELDS.some((f) => next[f] !== null)) throw badRequest('At least one match field is required', [{ path: '', message: 'The update would leave no match field' }]);
  if (next.matchSignerGroupId && (next.matchSigner || next.matchSignerThumbprint)) {
    throw badRequest('matchSignerGroupId cannot be combined with matchSigner or matchSignerThumbprint', [{ path: 'matchSignerGroupId', message: 'Mutually exclusive with matchSigner and matchSignerThumbprint' }]);
  }
  await assertGroupOfOrg(current.orgId, input.matchSignerGroupId);
  const { name, verdict, priority, enabled, durationMinutes } = input;
  const rule = await db.pamRule.update({ where: { id: current.id }, data: { name, verdict, priority, enabled, durationMinutes, ...matchData(input) } });
  return toRuleDto(rule);
}

export async function deleteRule(ctx: ScopedContext, id: string): Promise<void> {
  const rule = await getRuleOrThrow(ctx, id);
  await db.pamRule.delete({ where: { id: rule.id } });
}

const PREVIEW_SCAN = 1000;
const PREVIEW_RETURN = 100;

export async function previewRule(ctx: ScopedContext, input: PreviewPamRule) {
  const owner = await resolvePamOrg(ctx, input.orgId);
  await assertGroupOfOrg(owner.orgId, input.matchSignerGroupId);
  const since = new Date(Date.now() - input.days * 86_400_000);
  const recent = await db.pamElevationRequest.findMany({ where: { orgId: owner.orgId, createdAt: { gte: since } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: PREVIEW_SCAN });
  const draft = { matchSigner: null, matchSignerThumbprint: null, matchSignerGroupId: null, matchHash: null, matchPathGlob: null, matchParentImage: null, matchCommandLine: null, matchUser: null, matchAdGroup: null, ...matchData(input) };
  const groups = await signerGroupsOf(owner.orgId);
  const matched = recent.filter((r) => ruleMatches(draft, r, groups));
  return { days: input.days, scanned: recent.length, matched: matched.length, requests: await loadRequestDtos(matched.slice(0, PREVIEW_RETURN)) };
}

// Signer groups.

type GroupWithCount = PamSignerGroup & { _count: { rules: number } };
const toGroupDto = (g: GroupWithCount) => ({
  id: g.id,
  orgId: g.orgId,
  name: g.name,
  description: g.description,
  signers: g.signers,
  thumbprints: g.thumbprints,
  ruleCount: g._count.rules,
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});
const withCount = { _count: { select: { rules: true } } } as const;

async function getGroupOrThrow(ctx: ScopedContext, id: string) {
  const group = await db.pamSignerGroup.findFirst({ where: { id, ...tenantWhere(ctx) }, include: withCount });
  if (!group) throw notFound('Signer group');
  return group;
}

export async function listSignerGroups(ctx: ScopedContext, query: ListPamQuery) {
  const where: Prisma.PamSignerGroupWhereInput = { ...tenantWhere(ctx), ...(query.orgId ? { AND: [{ orgId: query.orgId }] } : {}) };
  const [rows, total] = await Promise.all([db.pamSignerGroup.findMany({ where, include: withCount, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }), db.pamSignerGroup.count({ where })]);
  return pageResult(rows.map(toGroupDto), query, total);
}

const dedupe = (values: string[]) => [...new Set(values)];

export async function createSignerGroup(ctx: ScopedContext, input: CreateSignerGroup) {
  const owner = await resolvePamOrg(ctx, input.orgId);
  const group = await db.pamSignerGroup.create({
    data: { ...owner, name: input.name, description: input.description ?? null, signers: dedupe(input.signers), thumbprints: dedupe(input.thumbprints) },
    include: withCount,
  });
  return toGroupDto(group);
}

export async function updateSignerGroup(ctx: ScopedContext, id: string, input: UpdateSignerGroup) {
  const current = await getGroupOrThrow(ctx, id);
  const signers = input.signers ? dedupe(input.signers) : current.signers;
  const thumbprints = input.thumbprints ? dedupe(input.thumbprints) : current.thumbprints;
  if (signers.length + thumbprints.length === 0) throw badRequest('A signer group needs at least one signer or thumbprint');
  const group = await db.pamSignerGroup.update({ where: { id: current.id }, data: { name: input.name, description: input.description, signers, thumbprints }, include: withCount });
  return toGroupDto(group);
}

export async function deleteSignerGroup(ctx: ScopedContext, id: string): Promise<void> {
  const group = await getGroupOrThrow(ctx, id);
  if (group._count.rules > 0) throw conflict(`The signer group is used by ${group._count.rules} rule(s); change or delete them first`, 'SIGNER_GROUP_IN_USE');
  await db.pamSignerGroup.delete({ where: { id: group.id } });
}
