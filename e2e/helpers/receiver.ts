// An HTTP receiver for the journeys that deliver outbound (webhooks, alert channels). It listens
// on a private (RFC 1918 or ULA) address of this machine, because the self-hosted URL policy
// refuses loopback; when the machine has none, `address` is null and `url` points at an
// unreachable private address, so the journey can still show the failed attempt.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';

export function privateAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      if (a.internal) continue;
      if (a.family === 'IPv4' && /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(a.address)) return a.address;
      if (a.family === 'IPv6' && /^f[cd][0-9a-f]{2}:/i.test(a.address)) return a.address;
    }
  }
  return null;
}

export interface Receiver {
  /** The private address it listens on, or null when this machine has none. */
  address: string | null;
  port: number;
  url: string;
  received: { headers: http.IncomingHttpHeaders; body: string }[];
  close: () => void;
}

/** Answers every request with `status` and `reply`, recording what it received; `path` ends the URL. */
export async function startReceiver(path: string, status: number, reply: string): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(reply);
    });
  });
  const address = privateAddress();
  await new Promise<void>((resolve) => server.listen(0, address ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = address ? `http://${address.includes(':') ? `[${address}]` : address}:${port}${path}` : `http://10.255.255.1:9${path}`;
  return { address, port, url, received, close: () => server.close() };
}
