import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { finalizeOffboarding, sweepOffboardingPartners } from '@/lib/offboarding/finalize-offboarding';

const Payload = z.object({
  partnerId: z.string().uuid(),
  trigger: z.enum(['deadline', 'check']),
  startedAt: z.string().datetime({ offset: true }).optional(),
});

/** The offboarding reaper for one partner (at the drain deadline, or after an agent uninstalled). */
export const finalizeOffboardingTask: Task = async (payload, helpers) => {
  const p = Payload.parse(payload);
  const outcome = await finalizeOffboarding(p.partnerId, p.trigger, p.startedAt);
  helpers.logger.info(`offboarding ${p.partnerId} (${p.trigger}): ${outcome}`);
};

/** Every 15 minutes: the clock-based safety net over every offboarding partner. */
export const sweepOffboardingTask: Task = async (_payload, helpers) => {
  const churned = await sweepOffboardingPartners();
  if (churned) helpers.logger.info(`offboarding sweep churned ${churned} partner(s)`);
};
