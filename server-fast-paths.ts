// The service's hottest paths skip Next's per-request routing machinery, which costs several
// times a small handler (measured ~4.3 ms against ~1.8 ms of server CPU per heartbeat):
// - agent heartbeats (the whole fleet beats every interval);
// - GET /api/v1/devices, the fleet list integrations and consoles page through (pages of 500);
// - GET /api/v1/system-tools/devices/:id/processes, the live process list a technician's tab
//   refreshes every few seconds (a ~61 KB answer; Next's routing was half its web CPU).
// Same route handler either way (auth, validation, error envelope, logs). Everything else goes
// through Next.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { POST as agentHeartbeat } from './app/api/v1/agents/[agentId]/heartbeat/route';
import { GET as listDevices } from './app/api/v1/devices/route';
import { GET as listDeviceProcesses } from './app/api/v1/system-tools/devices/[deviceId]/processes/route';
import { serveWithRoute } from './lib/http/node-adapter';

const HEARTBEAT = /^\/api\/v1\/agents\/([^/?#]+)\/heartbeat(?:\?.*)?$/;
const DEVICES = /^\/api\/v1\/devices(?:\?.*)?$/;
const DEVICE_PROCESSES = /^\/api\/v1\/system-tools\/devices\/([^/?#]+)\/processes(?:\?.*)?$/;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Serves the request when it is on a fast path; false leaves it to Next. */
export function serveFastPath(req: IncomingMessage, res: ServerResponse): boolean {
  if (!req.url) return false;
  if (req.method === 'GET' && DEVICES.test(req.url)) {
    serveWithRoute(req, res, listDevices, {});
    return true;
  }
  const processes = req.method === 'GET' ? DEVICE_PROCESSES.exec(req.url) : null;
  const deviceId = processes ? decode(processes[1]) : null;
  if (deviceId !== null) {
    serveWithRoute(req, res, listDeviceProcesses, { deviceId });
    return true;
  }
  if (req.method !== 'POST') return false;
  const match = HEARTBEAT.exec(req.url);
  const agentId = match ? decode(match[1]) : null;
  if (agentId === null) return false;
  serveWithRoute(req, res, agentHeartbeat, { agentId });
  return true;
}
