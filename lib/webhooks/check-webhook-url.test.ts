import { afterEach, describe, expect, it } from 'vitest';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { setHostResolver, type ResolvedAddress } from '@/lib/webhooks/resolve-host';

const HOSTED = { hosted: true, allowLoopback: false };
const SELF_HOSTED = { hosted: false, allowLoopback: false };

function fakeDns(table: Record<string, string[]>) {
  const calls: string[] = [];
  setHostResolver(async (host) => {
    calls.push(host);
    const answers = table[host];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answers.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  });
  return calls;
}

afterEach(() => setHostResolver(null));

describe('checkWebhookUrl (hosted)', () => {
  it('accepts https to a public host and pins the resolved address', async () => {
    fakeDns({ 'hooks.example.com': ['93.184.216.34'] });
    const check = await checkWebhookUrl('https://hooks.example.com/in?x=1', HOSTED);
    expect(check).toMatchObject({ ok: true, hostname: 'hooks.example.com', pinned: { address: '93.184.216.34', family: 4 } });
  });

  it.each([
    ['http://hooks.example.com/', 'invalid', /HTTPS/],
    ['ftp://hooks.example.com/', 'invalid', /http and https/],
    ['not a url', 'invalid', /absolute/],
    ['https://localhost/', 'unsafe', /not allowed/],
    ['https://LOCALHOST./', 'unsafe', /not allowed/],
    ['https://api.localhost/', 'unsafe', /not allowed/],
    ['https://printer.local/', 'unsafe', /not allowed/],
    ['https://metadata.google.internal/computeMetadata/v1/', 'unsafe', /not allowed/],
    ['https://127.0.0.1/', 'unsafe', /loopback/],
    ['https://2130706433/', 'unsafe', /loopback/], // decimal 127.0.0.1
    ['https://0x7f.1/', 'unsafe', /loopback/], // hex/short form
    ['https://0177.0.0.1/', 'unsafe', /loopback/], // octal
    ['https://[::1]/', 'unsafe', /loopback/],
    ['https://[::ffff:127.0.0.1]/', 'unsafe', /loopback/],
    ['https://[::ffff:7f00:1]/', 'unsafe', /loopback/],
    ['https://[0:0:0:0:0:ffff:7f00:1]/', 'unsafe', /loopback/],
    ['https://[::ffff:169.254.169.254]/', 'unsafe', /metadata/],
    ['https://169.254.169.254/latest/meta-data/', 'unsafe', /metadata/],
    ['https://[fe80::1]/', 'unsafe', /link-local/],
    ['https://10.0.0.5/', 'unsafe', /private/],
    ['https://172.16.9.9/', 'unsafe', /private/],
    ['https://192.168.1.1/', 'unsafe', /private/],
    ['https://[fd00::1]/', 'unsafe', /private/],
    ['https://100.64.3.3/', 'unsafe', /cgnat/],
    ['https://192.0.2.1/', 'unsafe', /documentation/],
    ['https://198.51.100.1/', 'unsafe', /documentation/],
    ['https://203.0.113.1/', 'unsafe', /documentation/],
    ['https://[2001:db8::1]/', 'unsafe', /documentation/],
  ])('%s → %s', async (url, kind, reason) => {
    fakeDns({});
    const check = await checkWebhookUrl(url, HOSTED);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.kind).toBe(kind);
      expect(check.reason).toMatch(reason);
    }
  });

  it('refuses a hostname whose DNS answer is private, and one with any blocked answer among public ones', async () => {
    fakeDns({ 'internal.example.com': ['10.1.1.1'], 'mixed.example.com': ['93.184.216.34', '127.0.0.1'], 'v6.example.com': ['::ffff:192.168.0.10'] });
    expect(await checkWebhookUrl('https://internal.example.com/', HOSTED)).toMatchObject({ ok: false, kind: 'unsafe' });
    expect(await checkWebhookUrl('https://mixed.example.com/', HOSTED)).toMatchObject({ ok: false, kind: 'unsafe' });
    expect(await checkWebhookUrl('https://v6.example.com/', HOSTED)).toMatchObject({ ok: false, kind: 'unsafe' });
  });

  it('reports a name that does not resolve as unresolvable', async () => {
    fakeDns({});
    expect(await checkWebhookUrl('https://nowhere.example.com/', HOSTED)).toMatchObject({ ok: false, kind: 'unresolvable' });
  });
});

describe('checkWebhookUrl (self-hosted)', () => {
  it('allows private targets, over plain http too', async () => {
    fakeDns({ 'nas.lan': ['192.168.1.20'], 'printer.local': ['10.0.0.9'] });
    expect(await checkWebhookUrl('http://nas.lan:8080/hook', SELF_HOSTED)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('https://10.0.0.5/hook', SELF_HOSTED)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('http://[fd00::5]/hook', SELF_HOSTED)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('http://printer.local/', SELF_HOSTED)).toMatchObject({ ok: true });
  });

  it('still needs https for public targets', async () => {
    fakeDns({ 'hooks.example.com': ['93.184.216.34'] });
    expect(await checkWebhookUrl('http://hooks.example.com/', SELF_HOSTED)).toMatchObject({ ok: false, kind: 'invalid' });
    expect(await checkWebhookUrl('https://hooks.example.com/', SELF_HOSTED)).toMatchObject({ ok: true });
  });

  it('still blocks metadata, loopback, link-local, CGNAT and documentation targets', async () => {
    fakeDns({ 'evil.example.com': ['169.254.169.254'] });
    for (const url of ['http://127.0.0.1/', 'http://localhost/', 'http://[::1]/', 'http://169.254.169.254/', 'http://[fd00:ec2::254]/', 'http://[fe80::1]/', 'https://100.64.0.1/', 'https://192.0.2.5/', 'http://evil.example.com/', 'http://[::ffff:127.0.0.1]/']) {
      expect((await checkWebhookUrl(url, SELF_HOSTED)).ok, url).toBe(false);
    }
  });
});

describe('the test-only loopback switch', () => {
  it('opens http://127.0.0.1 and nothing else', async () => {
    fakeDns({});
    const policy = { hosted: true, allowLoopback: true };
    expect(await checkWebhookUrl('http://127.0.0.1:4000/hook', policy)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('http://127.0.0.2:4000/hook', policy)).toMatchObject({ ok: false });
    expect(await checkWebhookUrl('http://localhost:4000/hook', policy)).toMatchObject({ ok: false });
    expect(await checkWebhookUrl('http://10.0.0.1/hook', policy)).toMatchObject({ ok: false });
  });
});
