import type { Task } from 'graphile-worker';
import { ZEmailMessage } from '@/lib/mail/schemas';
import { sendEmail } from '@/lib/mail/send-email';

/** Sends one queued email; throwing makes graphile-worker retry with backoff. */
export const sendEmailTask: Task = async (payload, helpers) => {
  const message = ZEmailMessage.parse(payload);
  const result = await sendEmail(message);
  helpers.logger.info(`sent "${message.subject}" (${result.messageId})`);
};
