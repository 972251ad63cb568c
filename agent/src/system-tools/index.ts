// The operations the server may ask of this agent over the live channel (see channel.ts). The
// parameters are checked here, the same for every OS; the work is done by the collectors of the
// OS the agent runs on (os/index.ts). Files are the same everywhere (Node's file system API).
import type { ChannelHandler } from '../channel';
import { ToolError } from '../channel';
import { collectors } from '../os';
import type { RegistryType, SystemTools } from '../os/types';
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

/** A string that may be empty (a hive root, a key's default value). */
function stringParam(params: Record<string, unknown>, key: string): string {
  const value = params[key] ?? '';
  if (typeof value !== 'string') throw new ToolError('INVALID_REQUEST', `${key} must be a string`);
  return value;
}

export function toolHandlers(tools: () => SystemTools): Record<string, ChannelHandler> {
  return {
    'processes.list': (_p, signal) => tools().listProcesses(signal),
    'processes.get': (p, signal) => tools().getProcess(intParam(p, 'pid'), signal),
    'processes.kill': async (p, signal) => tools().killProcess(intParam(p, 'pid'), typeof p.signal === 'string' ? p.signal : 'SIGTERM', signal),
    'services.list': (_p, signal) => tools().listServices(signal),
    'services.get': (p, signal) => tools().getService(textParam(p, 'name'), signal),
    'services.action': (p, signal) => tools().serviceAction(textParam(p, 'name'), textParam(p, 'action'), signal),
    'eventlogs.list': (_p, signal) => tools().listLogs(signal),
    'eventlogs.get': (p, signal) => tools().getLog(textParam(p, 'name'), signal),
    'eventlogs.events': (p, signal) =>
      tools().listEvents(
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
    'eventlogs.event': (p, signal) => tools().getEvent(textParam(p, 'name'), textParam(p, 'recordId'), signal),
    'tasks.list': (_p, signal) => tools().listTasks(signal),
    'tasks.get': (p, signal) => tools().getTask(textParam(p, 'path'), signal),
    'tasks.history': (p, signal) => tools().taskHistory(textParam(p, 'path'), p.limit === undefined ? 50 : intParam(p, 'limit'), signal),
    'tasks.run': (p, signal) => tools().runTask(textParam(p, 'path'), signal),
    'tasks.enable': (p, signal) => tools().setTaskEnabled(textParam(p, 'path'), true, signal),
    'tasks.disable': (p, signal) => tools().setTaskEnabled(textParam(p, 'path'), false, signal),
    'files.get': (p) => getPath(p.path, p.maxBytes),
    'files.stat': (p) => statPath(p.path),
    'files.read': async (p) => readRange(p.path, p.offset, p.length),
    'files.upload.begin': (p) => beginUpload(p.path, p.fileName, p.overwrite),
    'files.upload.chunk': async (p) => uploadChunk(p.uploadId, p.offset, p.data),
    'files.upload.commit': (p) => commitUpload(p.uploadId, p.size, p.sha256),
    'files.upload.abort': async (p) => abortUpload(p.uploadId),
    'registry.keys': (p, signal) => tools().registry.keys(textParam(p, 'hive'), stringParam(p, 'key'), signal),
    'registry.values': (p, signal) => tools().registry.values(textParam(p, 'hive'), stringParam(p, 'key'), signal),
    'registry.value.get': (p, signal) => tools().registry.getValue(textParam(p, 'hive'), stringParam(p, 'key'), stringParam(p, 'name'), signal),
    'registry.value.set': (p, signal) =>
      tools().registry.setValue({ hive: textParam(p, 'hive'), key: textParam(p, 'key'), name: stringParam(p, 'name'), type: textParam(p, 'type') as RegistryType, data: p.data as string | string[] | number }, signal),
    'registry.value.delete': (p, signal) => tools().registry.deleteValue(textParam(p, 'hive'), textParam(p, 'key'), stringParam(p, 'name'), signal),
    'registry.key.create': (p, signal) => tools().registry.createKey(textParam(p, 'hive'), textParam(p, 'key'), signal),
    'registry.key.delete': (p, signal) => tools().registry.deleteKey(textParam(p, 'hive'), textParam(p, 'key'), p.recursive === true, signal),
  };
}

export const systemToolHandlers: Record<string, ChannelHandler> = toolHandlers(() => collectors().tools);
