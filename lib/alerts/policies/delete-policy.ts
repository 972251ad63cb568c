import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { assertConfigWritable } from '@/lib/alerts/config-scope';
import { getPolicyOrThrow } from '@/lib/alerts/policies/get-policy-or-throw';

export async function deletePolicy(ctx: ActorContext, id: string): Promise<void> {
  const policy = await getPolicyOrThrow(ctx, id);
  assertConfigWritable(ctx, policy);
  await db.alertPolicy.delete({ where: { id: policy.id } });
}
