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
  await assertPolicyRefs(policy, input);
  return toPolicyDto(await db.alertPolicy.update({ where: { id: policy.id }, data: input }));
}
