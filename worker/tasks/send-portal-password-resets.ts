import type { Task } from 'graphile-worker';
import { sendPortalPasswordResets, ZPasswordResetRequest } from '@/lib/portal/auth/send-portal-password-resets';

/** One forgot-password request of the customer portal: mails the matching accounts a reset link. */
export const sendPortalPasswordResetsTask: Task = async (payload, helpers) => {
  const sent = await sendPortalPasswordResets(ZPasswordResetRequest.parse(payload));
  helpers.logger.debug(`portal password reset: ${sent} link(s) mailed`);
};
