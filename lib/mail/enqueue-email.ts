// Email leaves through the worker: the job commits with the change that caused it and is
// retried when the SMTP server is unreachable.
import type { DbOrTx } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { ZEmailMessage, type EmailMessage } from '@/lib/mail/schemas';

export async function enqueueEmail(client: DbOrTx, message: EmailMessage): Promise<string> {
  return enqueueJob(client, 'send_email', ZEmailMessage.parse(message), { maxAttempts: 12 });
}
