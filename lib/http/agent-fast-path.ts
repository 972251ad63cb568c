// Agent heartbeats are the service's hottest path (the whole fleet beats every interval). The
// HTTP server hands them straight to their route handler — the same defineRoute handler Next
// would call, with the same auth, validation and error envelope — skipping Next's per-request
// routing and rendering machinery, which costs several times the handler itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { POST as heartbeat } from '@/app/api/v1/agents/[agentId]/heartbeat/route';

const HEARTBEAT = /^\/api\/v1\/agents\/([^/?#]+)\/heartbeat(?:\?.*)?$/;
const MAX_BODY_BYTES = 1024 * 1024;
// The headers next.config.mjs adds to every answer.
const BASE_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin', 'x-frame-options': 'DENY' };

/** Serves the request when it is an agent heartbeat; returns false to let Next handle it. */
export function serveAgentFastPath(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'POST' || !req.url) return false;
  const match = HEARTBEAT.exec(req.url);
  if (!match) return false;
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  req.on('end', () => {
    void (async () => {
      try {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
        const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
          method: 'POST',
          headers,
          body: size > MAX_BODY_BYTES ? 'too large' : Buffer.concat(chunks),
        });
        const response = await heartbeat(request, { params: Promise.resolve({ agentId: decodeURIComponent(match[1]) }) });
        const out: Record<string, string> = { ...BASE_HEADERS };
        response.headers.forEach((v, k) => (out[k] = v));
        res.writeHead(response.status, out).end(Buffer.from(await response.arrayBuffer()));
      } catch {
        if (!res.headersSent) res.writeHead(500, { ...BASE_HEADERS, 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', details: [] } }));
      }
    })();
  });
  return true;
}
