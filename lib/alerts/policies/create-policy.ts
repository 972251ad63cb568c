import type { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { resolveConfigOwner } from '@/lib/alerts/config-scope';
import type { ZCreatePolicy } from '@/lib/alerts/policies/schemas';
import { assertPolicyRefs } from '@/lib/alerts/policies/assert-policy-refs';
import { toPolicyDto } from '@/lib/alerts/policies/to-policy-dto';

export async function createPolicy(ctx: ActorContext, input: z.output<typeof ZCreatePolicy>) {
  const owner = await resolveConfigOwner(ctx, input.orgId);
  const { orgId: _orgId, ...fields } = input;
  await assertPolicyRefs(owner, fields);
  const policy = await db.alertPolicy.create({ data: { ...fields, partnerId: owner.partnerId, orgId: owner.orgId, createdBy: ctx.userId } });
  return toPolicyDto(policy);
}
