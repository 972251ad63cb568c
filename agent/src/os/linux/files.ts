// Files on the device: list a directory, read a file (size-capped, text or base64), read a
// range of bytes (the server streams a download as a series of ranges), and receive an upload
// in chunks written to a temporary file beside the target, renamed into place only once the
// size and SHA-256 match (so the target is never seen half-written). Paths are absolute.
// Nothing here is Linux-specific beyond the owner names, but the agent is only built and tested
// for Linux and macOS.
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, readSync, writeSync, unlinkSync } from 'node:fs';
import { lstat, readdir, readlink, stat, chmod, rename, open } from 'node:fs/promises';
import path from 'node:path';
import { ToolError } from '../../channel';
import { parsePasswd } from './processes';

export interface FileEntry {
  name: string;
  path: string;
  type: 'file' | 'directory' | 'symlink' | 'other';
  size: number;
  modifiedAt: string;
  mode: string;
  owner: string | null;
  linkTarget: string | null;
}

const MAX_ENTRIES = 10_000;
const MAX_READ = 10 * 1024 * 1024;
const MAX_RANGE = 4 * 1024 * 1024;
const UPLOAD_IDLE_MS = 10 * 60_000;

let users: Map<number, string> | null = null;
function ownerName(uid: number): string | null {
  if (!users) {
    try {
      users = parsePasswd(readFileSync('/etc/passwd', 'utf8'));
    } catch {
      users = new Map();
    }
  }
  return users.get(uid) ?? String(uid);
}

export function absolutePath(value: unknown): string {
  if (typeof value !== 'string' || !value || value.includes('\0')) throw new ToolError('INVALID_REQUEST', 'path is required');
  if (!path.isAbsolute(value)) throw new ToolError('INVALID_REQUEST', 'path must be absolute');
  return path.resolve(value);
}

function fsError(error: unknown, p: string): ToolError {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new ToolError('FILE_NOT_FOUND', `${p} does not exist on the device`);
  if (code === 'EACCES' || code === 'EPERM') return new ToolError('PERMISSION_DENIED', `The agent may not access ${p}`);
  if (code === 'EEXIST') return new ToolError('FILE_EXISTS', `${p} already exists on the device`);
  if (code === 'EISDIR') return new ToolError('INVALID_REQUEST', `${p} is a directory`);
  if (error instanceof ToolError) return error;
  return new ToolError('AGENT_OPERATION_FAILED', `${p}: ${(error as Error)?.message ?? String(error)}`);
}

async function entryOf(p: string): Promise<FileEntry> {
  const info = await lstat(p);
  const type = info.isFile() ? 'file' : info.isDirectory() ? 'directory' : info.isSymbolicLink() ? 'symlink' : 'other';
  return {
    name: path.basename(p) || '/',
    path: p,
    type,
    size: info.size,
    modifiedAt: info.mtime.toISOString(),
    mode: (info.mode & 0o7777).toString(8).padStart(4, '0'),
    owner: ownerName(info.uid),
    linkTarget: type === 'symlink' ? await readlink(p).catch(() => null) : null,
  };
}

/** A directory's entries, or a file's content up to `maxBytes` (UTF-8 text when it is, else base64). */
export async function getPath(rawPath: unknown, maxBytesParam: unknown) {
  const p = absolutePath(rawPath);
  const maxBytes = Math.min(MAX_READ, Math.max(1, Number(maxBytesParam) || 1024 * 1024));
  try {
    const info = await stat(p);
    if (info.isDirectory()) {
      const names = (await readdir(p)).sort((a, b) => a.localeCompare(b));
      const entries: FileEntry[] = [];
      for (const name of names.slice(0, MAX_ENTRIES)) {
        // An entry that vanished between readdir and lstat is simply not listed.
        const entry = await entryOf(path.join(p, name)).catch(() => null);
        if (entry) entries.push(entry);
      }
      return { kind: 'directory' as const, path: p, entries, truncated: names.length > MAX_ENTRIES };
    }
    if (!info.isFile()) throw new ToolError('INVALID_REQUEST', `${p} is neither a file nor a directory`);
    const handle = await open(p, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(maxBytes, info.size));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      const data = buffer.subarray(0, bytesRead);
      const asText = decodeText(data);
      const entry = await entryOf(p);
      return {
        kind: 'file' as const,
        path: p,
        entry,
        encoding: asText === null ? ('base64' as const) : ('utf8' as const),
        content: asText ?? data.toString('base64'),
        truncated: info.size > bytesRead,
      };
    } finally {
      await handle.close();
    }
  } catch (e) {
    throw fsError(e, p);
  }
}

/** UTF-8 text without NUL bytes, or null (a cut in the middle of a character at the end is allowed). */
export function decodeText(data: Buffer): string | null {
  if (data.includes(0)) return null;
  for (let trim = 0; trim < 4 && trim <= data.length; trim++) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(data.subarray(0, data.length - trim));
    } catch {
      // try again without a partial character at the end
    }
  }
  return null;
}

export async function statPath(rawPath: unknown): Promise<FileEntry> {
  const p = absolutePath(rawPath);
  try {
    const info = await stat(p);
    const entry = await entryOf(p);
    // A symlink to a file downloads as the file.
    return { ...entry, type: info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other', size: info.size };
  } catch (e) {
    throw fsError(e, p);
  }
}

/** `length` bytes from `offset`, base64; `eof` when the file ends within them. */
export function readRange(rawPath: unknown, offsetParam: unknown, lengthParam: unknown) {
  const p = absolutePath(rawPath);
  const offset = Number(offsetParam);
  const length = Math.min(MAX_RANGE, Number(lengthParam));
  if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(length) || length < 1) throw new ToolError('INVALID_REQUEST', 'offset and length must be integers');
  let fd: number | null = null;
  try {
    fd = openSync(p, 'r');
    const buffer = Buffer.alloc(length);
    const n = readSync(fd, buffer, 0, length, offset);
    return { offset, data: buffer.subarray(0, n).toString('base64'), bytes: n, eof: n < length };
  } catch (e) {
    throw fsError(e, p);
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

// ---- uploads ----
interface Upload {
  id: string;
  target: string;
  temp: string;
  fd: number;
  written: number;
  hash: ReturnType<typeof createHash>;
  overwrite: boolean;
  timer: NodeJS.Timeout;
}
const uploads = new Map<string, Upload>();

function dropUpload(u: Upload): void {
  clearTimeout(u.timer);
  uploads.delete(u.id);
  try {
    closeSync(u.fd);
  } catch {
    // already closed
  }
  try {
    unlinkSync(u.temp);
  } catch {
    // already renamed or removed
  }
}

function touch(u: Upload): void {
  clearTimeout(u.timer);
  u.timer = setTimeout(() => dropUpload(u), UPLOAD_IDLE_MS);
  u.timer.unref();
}

function upload(id: unknown): Upload {
  const u = typeof id === 'string' ? uploads.get(id) : undefined;
  if (!u) throw new ToolError('UPLOAD_NOT_FOUND', 'No upload in progress with this id (it expired or was finished)');
  return u;
}

/** Starts an upload to `path` (a file, or an existing directory to put `fileName` in). */
export async function beginUpload(rawPath: unknown, fileName: unknown, overwrite: unknown) {
  let target = absolutePath(rawPath);
  try {
    const info = await stat(target).catch((e) => {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    });
    if (info?.isDirectory()) {
      const base = typeof fileName === 'string' ? path.basename(fileName) : '';
      if (!base || base === '.' || base === '..') throw new ToolError('INVALID_REQUEST', `${target} is a directory: the upload needs a file name`);
      target = path.join(target, base);
    }
    const existing = await stat(target).catch(() => null);
    if (existing?.isDirectory()) throw new ToolError('INVALID_REQUEST', `${target} is a directory`);
    if (existing && overwrite !== true) throw new ToolError('FILE_EXISTS', `${target} already exists on the device (set overwrite to replace it)`);
    const dir = path.dirname(target);
    if (!(await stat(dir)).isDirectory()) throw new ToolError('FILE_NOT_FOUND', `${dir} is not a directory`);
    const id = randomUUID();
    const temp = path.join(dir, `.${path.basename(target)}.rmm-upload-${id.slice(0, 8)}`);
    const fd = openSync(temp, 'wx', 0o600);
    const u: Upload = { id, target, temp, fd, written: 0, hash: createHash('sha256'), overwrite: overwrite === true, timer: setTimeout(() => undefined, 0) };
    uploads.set(id, u);
    touch(u);
    return { uploadId: id, path: target };
  } catch (e) {
    throw fsError(e, target);
  }
}

export function uploadChunk(id: unknown, offset: unknown, data: unknown) {
  const u = upload(id);
  if (Number(offset) !== u.written) throw new ToolError('INVALID_REQUEST', `Chunk at ${offset} out of order: ${u.written} bytes written so far`);
  if (typeof data !== 'string') throw new ToolError('INVALID_REQUEST', 'data (base64) is required');
  const bytes = Buffer.from(data, 'base64');
  try {
    let done = 0;
    while (done < bytes.length) done += writeSync(u.fd, bytes, done, bytes.length - done);
  } catch (e) {
    dropUpload(u);
    throw fsError(e, u.target);
  }
  u.hash.update(bytes);
  u.written += bytes.length;
  touch(u);
  return { uploadId: u.id, written: u.written };
}

export async function commitUpload(id: unknown, size: unknown, sha256: unknown) {
  const u = upload(id);
  try {
    const digest = u.hash.digest('hex');
    if (Number(size) !== u.written || sha256 !== digest) throw new ToolError('UPLOAD_CORRUPT', `The device received ${u.written} bytes with SHA-256 ${digest}, not what was sent`);
    fsyncSync(u.fd);
    closeSync(u.fd);
    const existing = await stat(u.target).catch(() => null);
    // A replaced file keeps its mode; a new one gets the usual 0644.
    await chmod(u.temp, existing ? existing.mode & 0o7777 : 0o644);
    if (u.overwrite) await rename(u.temp, u.target);
    else {
      // link() refuses an existing target: no file that appeared meanwhile is replaced.
      linkSync(u.temp, u.target);
      unlinkSync(u.temp);
    }
    const dirFd = openSync(path.dirname(u.target), 'r');
    try {
      fsyncSync(dirFd);
    } catch {
      // some file systems cannot sync a directory
    } finally {
      closeSync(dirFd);
    }
    clearTimeout(u.timer);
    uploads.delete(u.id);
    return entryOf(u.target);
  } catch (e) {
    dropUpload(u);
    throw fsError(e, u.target);
  }
}

export function abortUpload(id: unknown) {
  const u = typeof id === 'string' ? uploads.get(id) : undefined;
  if (u) dropUpload(u);
  return { aborted: true };
}
