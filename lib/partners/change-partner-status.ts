// Partner status moves (doc 1 "States and transitions"). Entering `offboarding` revokes every
// user session of the partner at once and starts draining its agents; leaving it restores access.
import type { Tx } from '@/lib/db';
import type { Partner, PartnerStatus } from '@/lib/generated/prisma/client';
import type { UserContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { revokePartnerAccess } from '@/lib/partners/revoke-partner-access';
import { cancelAgentOffboarding, severAgentCredentials, startAgentOffboarding } from '@/lib/offboarding/agent-offboarding';

export async function changePartnerStatus(
  tx: Tx,
  ctx: UserContext,
  partner: Partner,
  from: PartnerStatus,
  to: PartnerStatus,
): Promise<Partner> {
  if (from === 'churned' && to !== 'churned') {
    throw conflict('A churned partner cannot be reactivated', 'INVALID_STATUS_TRANSITION');
  }
  if (to === 'offboarding') {
    await revokePartnerAccess(tx, partner.id, 'partner_offboarding');
    const startedAt = new Date();
    const updated = await tx.partner.update({ where: { id: partner.id }, data: { status: to, offboardingStartedAt: startedAt } });
    await startAgentOffboarding(tx, partner.id, startedAt);
    return updated;
  }
  if (to === 'churned') await severAgentCredentials(tx, partner.id);
  if (from === 'offboarding') {
    if (to !== 'churned') await cancelAgentOffboarding(tx, partner.id);
    return tx.partner.update({ where: { id: partner.id }, data: { status: to, offboardingStartedAt: null } });
  }
  void ctx;
  return tx.partner.update({ where: { id: partner.id }, data: { status: to } });
}
