import type { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { assertConfigWritable } from '@/lib/alerts/config-scope';
import type { ZUpdatePolicy } from '@/lib/alerts/policies/schemas';
import { assertPolicyRefs } from '@/lib/alerts/policies/assert-policy-refs';
import { getPolicyOrThrow } from '@/lib/alerts/policies/get-policy-or-throw';
import { toPolicyDto } from '@/lib/alerts/policies/to-policy-dto';

export async function updatePolicy(ctx: ActorContext, id: string, input: z.output<typeof ZUpdatePolicy>) {
  const policy = await getPolicyOrThrow(ctx, id);
  assertConfigWritable(ctx, policy);
  // Only ids the update adds are checked: a rule or user removed since keeps its stale id (a
  // policy for one deleted rule must not widen to every rule), and resending it is no error.
  const added = <K extends 'ruleIds' | 'channelIds' | 'escalationChannelIds' | 'userIds' | 'escalationUserIds'>(k: K) => input[k]?.filter((id) => !policy[k].includes(id));
  await assertPolicyRefs(policy, {
    ruleIds: added('ruleIds'),
    channelIds: added('channelIds'),
    escalationChannelIds: added('escalationChannelIds'),
    userIds: added('userIds'),
    escalationUserIds: added('escalationUserIds'),
    messageTemplateId: input.messageTemplateId,
  });
  return toPolicyDto(await db.alertPolicy.update({ where: { id: policy.id }, data: input }));
}
