// The operations the server may ask of this agent over the live channel (see channel.ts).
import type { ChannelHandler } from '../channel';
import { ToolError } from '../channel';
import { getProcess, killProcess, listProcesses } from '../os/linux/processes';
import { getService, listServices, serviceAction } from '../os/linux/services';
import { getEvent, getLog, listEvents, listLogs } from '../os/linux/journal';
import { getTask, listTasks, runTask, setTaskEnabled, taskHistory } from '../os/linux/tasks';
import { abortUpload, beginUpload, commitUpload, getPath, readRange, statPath, uploadChunk } from '../os/linux/files';

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

/** The Windows registry operations: this agent knows them, and says why it cannot do them. */
const REGISTRY_OPS = ['registry.keys', 'registry.values', 'registry.value.get', 'registry.value.set', 'registry.value.delete', 'registry.key.create', 'registry.key.delete'];
const registryUnsupported: ChannelHandler = async () => {
  throw new ToolError('UNSUPPORTED_ON_PLATFORM', `The Windows registry does not exist on ${process.platform === 'darwin' ? 'macOS' : process.platform === 'linux' ? 'Linux' : process.platform}: registry operations need a Windows agent`);
};

export const systemToolHandlers: Record<string, ChannelHandler> = {
  'processes.list': () => listProcesses(),
  'processes.get': (p) => getProcess(intParam(p, 'pid')),
  'processes.kill': async (p) => killProcess(intParam(p, 'pid'), typeof p.signal === 'string' ? p.signal : 'SIGTERM'),
  'services.list': (_p, signal) => listServices(signal),
  'services.get': (p, signal) => getService(textParam(p, 'name'), signal),
  'services.action': (p, signal) => serviceAction(textParam(p, 'name'), textParam(p, 'action'), signal),
  'eventlogs.list': (_p, signal) => listLogs(signal),
  'eventlogs.get': (p, signal) => getLog(textParam(p, 'name'), signal),
  'eventlogs.events': (p, signal) =>
    listEvents(
      textParam(p, 'name'),
      {
        priority: p.priority === undefined || p.priority === null ? undefined : intParam(p, 'priority'),
        since: typeof p.since === 'string' ? p.since : undefined,
        until: typeof p.until === 'string' ? p.until : undefined,
        cursor: typeof p.cursor === 'string' && p.cursor ? p.cursor : undefined,
        limit: p.limit === undefined ? 100 : intParam(p, 'limit'),
      },
      signal,
    ),
  'eventlogs.event': (p, signal) => getEvent(textParam(p, 'name'), textParam(p, 'recordId'), signal),
  'tasks.list': (_p, signal) => listTasks(signal),
  'tasks.get': (p, signal) => getTask(textParam(p, 'path'), signal),
  'tasks.history': (p, signal) => taskHistory(textParam(p, 'path'), p.limit === undefined ? 50 : intParam(p, 'limit'), signal),
  'tasks.run': (p, signal) => runTask(textParam(p, 'path'), signal),
  'tasks.enable': (p, signal) => setTaskEnabled(textParam(p, 'path'), true, signal),
  'tasks.disable': (p, signal) => setTaskEnabled(textParam(p, 'path'), false, signal),
  'files.get': (p) => getPath(p.path, p.maxBytes),
  'files.stat': (p) => statPath(p.path),
  'files.read': async (p) => readRange(p.path, p.offset, p.length),
  'files.upload.begin': (p) => beginUpload(p.path, p.fileName, p.overwrite),
  'files.upload.chunk': async (p) => uploadChunk(p.uploadId, p.offset, p.data),
  'files.upload.commit': (p) => commitUpload(p.uploadId, p.size, p.sha256),
  'files.upload.abort': async (p) => abortUpload(p.uploadId),
  ...Object.fromEntries(REGISTRY_OPS.map((op) => [op, registryUnsupported])),
};
