import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWebhookAgents, pinnedLookup, sendWebhookRequest } from '@/lib/webhooks/send-webhook-request';

let server: Server;
let port: number;
const seen: { host?: string; url?: string; auth?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({ host: req.headers.host, url: req.url, auth: req.headers.authorization, body });
    if (req.url === '/redirect') return void res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    if (req.url === '/big') return void res.writeHead(500).end('é'.repeat(5000));
    if (req.url === '/hang') return; // never answers
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  closeWebhookAgents();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const pinned = { address: '127.0.0.1', family: 4 as const };

describe('sendWebhookRequest', () => {
  it('connects to the pinned address whatever the hostname resolves to, keeping Host and credentials', async () => {
    const url = new URL(`http://user:p%40ss@hooks.invalid:${port}/in?x=1`);
    const res = await sendWebhookRequest({ url, pinned, headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' });
    expect(res).toMatchObject({ status: 200, body: 'ok', error: null });
    expect(res.durationMs).toBeGreaterThanOrEqual(0);
    expect(seen.at(-1)).toEqual({ host: `hooks.invalid:${port}`, url: '/in?x=1', auth: `Basic ${Buffer.from('user:p@ss').toString('base64')}`, body: '{"a":1}' });
  });

  it('does not follow redirects', async () => {
    const before = seen.length;
    const res = await sendWebhookRequest({ url: new URL(`http://hooks.invalid:${port}/redirect`), pinned, headers: {}, body: '{}' });
    expect(res.status).toBe(302);
    expect(seen.length).toBe(before + 1);
  });

  it('keeps 1,000 characters of the response body', async () => {
    const res = await sendWebhookRequest({ url: new URL(`http://hooks.invalid:${port}/big`), pinned, headers: {}, body: '{}' });
    expect(res.status).toBe(500);
    expect(res.body).toBe('é'.repeat(1000));
  });

  it('reports transport failures and its deadline as errors', async () => {
    const refused = await sendWebhookRequest({ url: new URL('http://hooks.invalid:1/'), pinned, headers: {}, body: '{}' });
    expect(refused).toMatchObject({ status: null, body: null });
    expect(refused.error).toMatch(/ECONNREFUSED/);
    const hung = await sendWebhookRequest({ url: new URL(`http://hooks.invalid:${port}/hang`), pinned, headers: {}, body: '{}', timeoutMs: 50 });
    expect(hung).toMatchObject({ status: null, error: 'Timed out after 50 ms' });
  });

  it('pinnedLookup answers the pinned address in both callback shapes', async () => {
    const lookup = pinnedLookup({ address: '::1', family: 6 });
    const single = await new Promise((resolve) => lookup('anything.example', {}, (_e, address, family) => resolve([address, family])));
    const all = await new Promise((resolve) => lookup('anything.example', { all: true }, (_e, list) => resolve(list)));
    expect(single).toEqual(['::1', 6]);
    expect(all).toEqual([{ address: '::1', family: 6 }]);
  });
});
