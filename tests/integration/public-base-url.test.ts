// Links the service builds start with its public base URL: APP_BASE_URL when set, otherwise the
// port (and host) the server listens on. The verification email is built by the worker's job,
// the install script by the web process: both read the same environment.
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { runDueJobs } from '../helpers/jobs';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { resetEnvCache } from '@/lib/env';

const KEYS = ['APP_BASE_URL', 'PORT', 'HOST', 'SMTP_URL'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
let seq = 0;
let smtp: SmtpReceiver | null = null;
let server: TestServer | null = null;

function setEnv(values: Partial<Record<(typeof KEYS)[number], string | undefined>>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

afterEach(async () => {
  await smtp?.stop();
  await server?.stop();
  smtp = server = null;
  setEnv(saved);
});

async function verificationLink(): Promise<string> {
  const email = `base-url-${++seq}-${Date.now()}@example.test`;
  const res = await api.post('/auth/register-partner', {
    body: { companyName: `Base Url Co ${seq}`, name: 'Bea', email, password: 'Sturdy-Passw0rd!', acceptTerms: true },
    ip: `198.21.0.${seq}`,
  });
  expect(res.status).toBe(200);
  await runDueJobs();
  const mail = await smtp!.waitFor((m) => m.to !== undefined && JSON.stringify(m.to).includes(email));
  const link = /https?:\/\/\S+?\/verify-email\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeDefined();
  return link!;
}

describe('public base URL', () => {
  it('without APP_BASE_URL, links use the port the service runs on', async () => {
    smtp = await startSmtpReceiver();
    setEnv({ APP_BASE_URL: undefined, PORT: '4567', HOST: undefined, SMTP_URL: smtp.url });
    expect(await verificationLink()).toMatch(/^http:\/\/localhost:4567\/verify-email\?token=/);

    server = await startTestServer();
    const script = await (await fetch(`${server.url}/api/v1/agents/install.sh`)).text();
    expect(script).toContain('SERVER="${RMM_SERVER:-http://localhost:4567}"');
    const openapi = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as { servers: { url: string }[] };
    expect(openapi.servers[0].url).toBe('http://localhost:4567/api/v1');
  });

  it('a specific HOST is used as the link host', async () => {
    smtp = await startSmtpReceiver();
    setEnv({ APP_BASE_URL: undefined, PORT: '4567', HOST: '127.0.0.1', SMTP_URL: smtp.url });
    expect(await verificationLink()).toMatch(/^http:\/\/127\.0\.0\.1:4567\/verify-email\?token=/);
  });

  it('APP_BASE_URL wins over PORT and HOST', async () => {
    smtp = await startSmtpReceiver();
    setEnv({ APP_BASE_URL: 'https://rmm.partner.example/', PORT: '4567', HOST: '127.0.0.1', SMTP_URL: smtp.url });
    expect(await verificationLink()).toMatch(/^https:\/\/rmm\.partner\.example\/verify-email\?token=/);

    server = await startTestServer();
    const script = await (await fetch(`${server.url}/api/v1/agents/install.sh`)).text();
    expect(script).toContain('SERVER="${RMM_SERVER:-https://rmm.partner.example}"');
  });
});
