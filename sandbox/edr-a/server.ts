// Sandbox of the `edr_a` shape: an endpoint-detection product with an OData-style alerts API.
// A small real HTTP server over seeded alerts so the adapter (lib/incidents/edr-adapters.ts) runs
// against real sockets, paging included.
//
// API (bearer token):
//   GET /api/alerts?$top=N&$skip=M → { "@odata.context", value: [alert], "@odata.nextLink"? }
//   alert: { id, title, severity: High|Medium|Low|Informational, status: New|InProgress|Resolved,
//            computerDnsName, machineId, category, detectionSource, alertCreationTime,
//            firstEventTime, lastUpdateTime, alertUrl }
// Control (no auth; bind to loopback): POST /_sandbox/alerts (add or replace one alert),
//   POST /_sandbox/reset, GET /_sandbox/requests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface EdrAAlert {
  id: string;
  title: string;
  severity: 'High' | 'Medium' | 'Low' | 'Informational';
  status: 'New' | 'InProgress' | 'Resolved';
  computerDnsName: string;
  machineId: string;
  category: string;
  detectionSource: string;
  alertCreationTime: string;
  firstEventTime: string;
  lastUpdateTime: string;
  alertUrl: string;
}

export interface EdrSandbox {
  url: string;
  token: string;
  requests: { path: string; auth: string | null }[];
  setAlerts(alerts: unknown[]): void;
  close(): Promise<void>;
}

const MAX_TOP = 100;

export function defaultEdrAAlerts(base: string): EdrAAlert[] {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  return [
    { id: 'da638001', title: 'Credential theft tool detected', severity: 'High', status: 'New', computerDnsName: 'web-01.corp.example', machineId: 'm-1', category: 'CredentialAccess', detectionSource: 'EDR', alertCreationTime: at(30), firstEventTime: at(31), lastUpdateTime: at(30), alertUrl: `${base}/console/alerts/da638001` },
    { id: 'da638002', title: 'Suspicious PowerShell command line', severity: 'Medium', status: 'InProgress', computerDnsName: 'web-02', machineId: 'm-2', category: 'Execution', detectionSource: 'EDR', alertCreationTime: at(10), firstEventTime: at(11), lastUpdateTime: at(5), alertUrl: `${base}/console/alerts/da638002` },
    { id: 'da638003', title: 'Unwanted software found', severity: 'Low', status: 'New', computerDnsName: 'unknown-host', machineId: 'm-3', category: 'UnwantedSoftware', detectionSource: 'Antivirus', alertCreationTime: at(120), firstEventTime: at(121), lastUpdateTime: at(120), alertUrl: `${base}/console/alerts/da638003` },
  ];
}

export async function startEdrASandbox(opts: { host?: string; port?: number; token?: string } = {}): Promise<EdrSandbox> {
  const token = opts.token ?? randomBytes(16).toString('hex');
  const requests: EdrSandbox['requests'] = [];
  let alerts: unknown[] = [];
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
      alerts = defaultEdrAAlerts(base());
      return json(res, 200, { ok: true });
    }
    if (url.pathname === '/_sandbox/alerts' && req.method === 'POST') {
      const alert = (await readBody(req)) as { id?: string } | null;
      if (!alert?.id) return json(res, 400, { error: { code: 'BadRequest', message: 'id required' } });
      alerts = [...alerts.filter((a) => (a as { id: string }).id !== alert.id), alert];
      return json(res, 200, alert);
    }
    if (url.pathname === '/_sandbox/requests') return json(res, 200, requests);
    if (req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { error: { code: 'Unauthorized', message: 'Invalid bearer token' } });
    if (url.pathname === '/api/alerts' && req.method === 'GET') {
      const top = Math.min(MAX_TOP, Math.max(1, Number(url.searchParams.get('$top') ?? MAX_TOP)));
      const skip = Math.max(0, Number(url.searchParams.get('$skip') ?? 0));
      const page = alerts.slice(skip, skip + top);
      const body: Record<string, unknown> = { '@odata.context': `${base()}/api/$metadata#Alerts`, value: page };
      if (skip + top < alerts.length) body['@odata.nextLink'] = `${base()}/api/alerts?$top=${top}&$skip=${skip + top}`;
      return json(res, 200, body);
    }
    return json(res, 404, { error: { code: 'ResourceNotFound', message: 'Not found' } });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const base = () => `http://${opts.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  alerts = defaultEdrAAlerts(base());
  return {
    url: base(),
    token,
    requests,
    setAlerts: (next) => (alerts = next),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
