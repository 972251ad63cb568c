// Sandbox of the `edr_b` shape: an endpoint-protection product with a cursor-paged threats API
// and an `ApiToken` authorization scheme. It exposes no per-threat console link.
//
// API (header `Authorization: ApiToken <token>`):
//   GET /web/api/v2.1/threats?limit=N&cursor=C → { data: [threat], pagination: { nextCursor, totalItems } }
//   threat: { id, agentRealtimeInfo: { agentComputerName, agentId },
//             threatInfo: { threatName, classification, confidenceLevel: malicious|suspicious|n/a,
//                           incidentStatus: unresolved|in_progress|resolved, mitigationStatus: active|mitigated|not_mitigated,
//                           createdAt, updatedAt, filePath, sha256 } }
// Control (no auth; bind to loopback): POST /_sandbox/threats, POST /_sandbox/reset, GET /_sandbox/requests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { EdrSandbox } from '../edr-a/server';

export interface EdrBThreat {
  id: string;
  agentRealtimeInfo: { agentComputerName: string; agentId: string };
  threatInfo: {
    threatName: string;
    classification: string;
    confidenceLevel: 'malicious' | 'suspicious' | 'n/a';
    incidentStatus: 'unresolved' | 'in_progress' | 'resolved';
    mitigationStatus: 'active' | 'mitigated' | 'not_mitigated';
    createdAt: string;
    updatedAt: string;
    filePath: string;
    sha256: string;
  };
}

const MAX_LIMIT = 1000;

export function defaultEdrBThreats(): EdrBThreat[] {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const threat = (id: string, host: string, name: string, confidenceLevel: EdrBThreat['threatInfo']['confidenceLevel'], mitigationStatus: EdrBThreat['threatInfo']['mitigationStatus'], minutesAgo: number): EdrBThreat => ({
    id,
    agentRealtimeInfo: { agentComputerName: host, agentId: `agent-${id}` },
    threatInfo: { threatName: name, classification: 'Malware', confidenceLevel, incidentStatus: 'unresolved', mitigationStatus, createdAt: at(minutesAgo), updatedAt: at(minutesAgo), filePath: `/tmp/${name}`, sha256: 'e'.repeat(64) },
  });
  return [
    threat('1700000000000000001', 'WEB-01', 'ransom.bin', 'malicious', 'active', 5),
    threat('1700000000000000002', 'db-01', 'miner.sh', 'malicious', 'mitigated', 60),
    threat('1700000000000000003', 'web-02', 'adware.pkg', 'suspicious', 'not_mitigated', 15),
  ];
}

export async function startEdrBSandbox(opts: { host?: string; port?: number; token?: string } = {}): Promise<EdrSandbox> {
  const token = opts.token ?? randomBytes(24).toString('base64url');
  const requests: EdrSandbox['requests'] = [];
  let threats: unknown[] = defaultEdrBThreats();
  const sockets = new Set<Socket>();
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<unknown>((resolve) => {
      let text = '';
      req.on('data', (d) => (text += d));
      req.on('end', () => {
        try {
          resolve(JSON.parse(text || 'null'));
        } catch {
          resolve(null);
        }
      });
    });
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    requests.push({ path: url.pathname + url.search, auth: req.headers.authorization ?? null });
    if (url.pathname === '/_sandbox/reset' && req.method === 'POST') {
      threats = defaultEdrBThreats();
      return json(res, 200, { ok: true });
    }
    if (url.pathname === '/_sandbox/threats' && req.method === 'POST') {
      const threat = (await readBody(req)) as { id?: string } | null;
      if (!threat?.id) return json(res, 400, { errors: [{ code: 4000010, title: 'Validation Error' }] });
      threats = [...threats.filter((t) => (t as { id: string }).id !== threat.id), threat];
      return json(res, 200, { data: threat });
    }
    if (url.pathname === '/_sandbox/requests') return json(res, 200, requests);
    if (req.headers.authorization !== `ApiToken ${token}`) return json(res, 401, { errors: [{ code: 4010010, title: 'Authentication Failed' }] });
    if (url.pathname === '/web/api/v2.1/threats' && req.method === 'GET') {
      const limit = Math.min(MAX_LIMIT, Math.max(1, Number(url.searchParams.get('limit') ?? 10)));
      const start = url.searchParams.get('cursor') ? Number(Buffer.from(url.searchParams.get('cursor')!, 'base64url').toString()) : 0;
      const page = threats.slice(start, start + limit);
      const nextCursor = start + limit < threats.length ? Buffer.from(String(start + limit)).toString('base64url') : null;
      return json(res, 200, { data: page, pagination: { nextCursor, totalItems: threats.length } });
    }
    return json(res, 404, { errors: [{ code: 4040010, title: 'Not Found' }] });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const url = `http://${opts.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    token,
    requests,
    setAlerts: (next) => (threats = next),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
