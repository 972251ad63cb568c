// Every id a policy names must exist inside the policy's own scope: a foreign id is a 400
// naming the field, never a silent no-op (and never a way to notify another tenant).
import { db } from '@/lib/db';
import { badRequest } from '@/lib/http/errors';

interface Refs {
  ruleIds?: string[];
  channelIds?: string[];
  escalationChannelIds?: string[];
  userIds?: string[];
  escalationUserIds?: string[];
  messageTemplateId?: string | null;
}

const fail = (path: string, id: string) => badRequest(`Unknown ${path} entry`, [{ path, message: `${id} is not in the policy scope` }], 'REFERENCE_NOT_IN_SCOPE');

export async function assertPolicyRefs(owner: { partnerId: string; orgId: string | null }, refs: Refs): Promise<void> {
  // Org policies may use their organization's records and partner-wide ones.
  const cfg = { partnerId: owner.partnerId, ...(owner.orgId ? { OR: [{ orgId: owner.orgId }, { orgId: null }] } : {}) };
  if (refs.ruleIds?.length) {
    const found = await db.alertRule.findMany({ where: { id: { in: refs.ruleIds }, ...cfg }, select: { id: true } });
    const missing = refs.ruleIds.find((id) => !found.some((f) => f.id === id));
    if (missing) throw fail('ruleIds', missing);
  }
  for (const field of ['channelIds', 'escalationChannelIds'] as const) {
    const list = refs[field];
    if (!list?.length) continue;
    const found = await db.alertChannel.findMany({ where: { id: { in: list }, ...cfg }, select: { id: true } });
    const missing = list.find((id) => !found.some((f) => f.id === id));
    if (missing) throw fail(field, missing);
  }
  for (const field of ['userIds', 'escalationUserIds'] as const) {
    const list = refs[field];
    if (!list?.length) continue;
    const [partnerUsers, orgUsers] = await Promise.all([
      db.partnerUser.findMany({ where: { partnerId: owner.partnerId, userId: { in: list } }, select: { userId: true } }),
      owner.orgId ? db.organizationUser.findMany({ where: { orgId: owner.orgId, userId: { in: list } }, select: { userId: true } }) : Promise.resolve([]),
    ]);
    const known = new Set([...partnerUsers, ...orgUsers].map((u) => u.userId));
    const missing = list.find((id) => !known.has(id));
    if (missing) throw fail(field, missing);
  }
  if (refs.messageTemplateId) {
    const t = await db.alertTemplate.findFirst({ where: { id: refs.messageTemplateId, partnerId: owner.partnerId, kind: 'message' }, select: { id: true } });
    if (!t) throw fail('messageTemplateId', refs.messageTemplateId);
  }
}
