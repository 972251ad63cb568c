// The operations the server may ask of this agent over the live channel (see channel.ts).
import type { ChannelHandler } from '../channel';
import { ToolError } from '../channel';
import { getProcess, killProcess, listProcesses } from '../os/linux/processes';
import { getService, listServices, serviceAction } from '../os/linux/services';

function intParam(params: Record<string, unknown>, key: string): number {
  const value = Number(params[key]);
  if (!Number.isInteger(value)) throw new ToolError('INVALID_REQUEST', `${key} must be an integer`);
  return value;
}

function textParam(params: Record<string, unknown>, key: string): string {
  const value = params[key];
  if (typeof value !== 'string' || !value) throw new ToolError('INVALID_REQUEST', `${key} is required`);
  return value;
}

export const systemToolHandlers: Record<string, ChannelHandler> = {
  'processes.list': () => listProcesses(),
  'processes.get': (p) => getProcess(intParam(p, 'pid')),
  'processes.kill': async (p) => killProcess(intParam(p, 'pid'), typeof p.signal === 'string' ? p.signal : 'SIGTERM'),
  'services.list': (_p, signal) => listServices(signal),
  'services.get': (p, signal) => getService(textParam(p, 'name'), signal),
  'services.action': (p, signal) => serviceAction(textParam(p, 'name'), textParam(p, 'action'), signal),
};
