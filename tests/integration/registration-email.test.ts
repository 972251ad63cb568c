// The verification email: operator templates, the offline development transport, and retries
// when the SMTP server is down.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeJobsDue, pendingJobCount, runDueJobs } from '../helpers/jobs';
import { startSmtpReceiver } from '../helpers/smtp';
import { freePort } from '../../scripts/lib/postgres';
import { resetEnvCache } from '@/lib/env';
import { sha256Hex } from '@/lib/auth/secrets';
import { db } from '@/lib/db';

const STRONG = 'Sturdy-Passw0rd!';
let seq = 0;
const body = (companyName = `Mail Co ${++seq}`) => ({ companyName, name: 'Mo <Mail>', email: `mail-${++seq}-${Date.now()}@example.test`, password: STRONG, acceptTerms: true });
const ip = () => `198.20.0.${++seq % 250}`;
const temps: string[] = [];

function setEnv(values: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

afterEach(async () => {
  setEnv({ SMTP_URL: undefined, MAIL_DIR: undefined, MAIL_TEMPLATE_DIR: undefined, MAIL_FROM: undefined, APP_BASE_URL: 'http://localhost:3000' });
  for (const dir of temps.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rmm-mail-'));
  temps.push(dir);
  return dir;
}

describe('verification email', () => {
  it('uses the configured sender, base URL and operator templates, escaping values in HTML', async () => {
    const smtp = await startSmtpReceiver();
    const templates = await tempDir();
    await writeFile(path.join(templates, 'verify-email-partner.subject.txt'), 'Welcome aboard, {{companyName}}\n');
    await writeFile(path.join(templates, 'verify-email-partner.txt'), 'Hi {{name}}, confirm here: {{link}} (valid {{expiresHours}}h){{unknown}}');
    setEnv({ SMTP_URL: smtp.url, MAIL_TEMPLATE_DIR: templates, MAIL_FROM: 'Acme RMM <signup@acme.example>', APP_BASE_URL: 'https://rmm.acme.example' });
    try {
      const input = body('Tags <b>&</b> Co');
      expect((await api.post('/auth/register-partner', { body: input, ip: ip() })).status).toBe(200);
      await runDueJobs();
      const mail = await smtp.waitFor((m) => m.subject === 'Welcome aboard, Tags <b>&</b> Co');
      expect(mail.from?.text).toContain('signup@acme.example');
      const link = /https:\/\/rmm\.acme\.example\/verify-email\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
      expect(link).toBeDefined();
      expect(mail.text).toContain('Hi Mo <Mail>, confirm here: ');
      expect(mail.text).toContain('(valid 24h)');
      expect(mail.text).not.toContain('{{');
      // The HTML part is the built-in one (not overridden) with values escaped.
      expect(String(mail.html)).toContain('Tags &lt;b&gt;&amp;&lt;/b&gt; Co');
      expect(String(mail.html)).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);
      const token = new URL(link!).searchParams.get('token')!;
      expect(await db.pendingRegistration.count({ where: { tokenHash: sha256Hex(token) } })).toBe(1);
    } finally {
      await smtp.stop();
    }
  });

  it('without SMTP_URL writes the message to MAIL_DIR so an offline install still works', async () => {
    const dir = await tempDir();
    setEnv({ MAIL_DIR: dir });
    const input = body();
    expect((await api.post('/auth/register-partner', { body: input, ip: ip() })).status).toBe(200);
    await runDueJobs();
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dir, files[0]), 'utf8');
    expect(eml).toContain(`To: ${input.email}`);
    expect(eml).toMatch(/verify-email\?token=/);
  });

  it('is retried by the worker when the SMTP server is unreachable', async () => {
    const deadPort = await freePort();
    setEnv({ SMTP_URL: `smtp://127.0.0.1:${deadPort}` });
    const input = body();
    expect((await api.post('/auth/register-partner', { body: input, ip: ip() })).status).toBe(200);
    await runDueJobs();
    expect(await pendingJobCount('send_email')).toBe(1);
    const smtp = await startSmtpReceiver();
    try {
      setEnv({ SMTP_URL: smtp.url });
      expect(await makeJobsDue(['send_email'])).toBe(1);
      await runDueJobs();
      const mail = await smtp.waitFor((m) => (m.text ?? '').includes('verify-email?token='));
      expect(mail.subject).toContain('Mail Co');
      expect(await pendingJobCount('send_email')).toBe(0);
    } finally {
      await smtp.stop();
    }
  });
});
