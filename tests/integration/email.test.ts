import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { enqueueEmail } from '@/lib/mail/enqueue-email';
import { runDueJobs, pendingJobCount } from '../helpers/jobs';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';

let smtp: SmtpReceiver;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.stop();
});

describe('email through the worker', () => {
  it('delivers a queued message to the SMTP server', async () => {
    await db.$transaction((tx) => enqueueEmail(tx, { to: 'ops@example.test', subject: 'Hello', text: 'Open https://example.test/a?b=c' }));
    expect(await pendingJobCount('send_email')).toBe(1);
    await runDueJobs();
    const mail = await smtp.waitFor((m) => m.subject === 'Hello');
    expect(mail.text).toContain('https://example.test/a?b=c');
    expect(await pendingJobCount('send_email')).toBe(0);
  });

  it('does not send when the enqueuing transaction rolls back', async () => {
    await db
      .$transaction(async (tx) => {
        await enqueueEmail(tx, { to: 'ops@example.test', subject: 'Rolled back', text: 'x' });
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await pendingJobCount('send_email')).toBe(0);
  });
});
