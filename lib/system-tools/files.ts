// Files of a device, through its agent: list a directory or read a file (size-capped), download
// (streamed: the server asks the agent for one range after the other as the client reads, so any
// size passes through with bounded memory, up to SYSTEM_TOOLS_DOWNLOAD_MAX_BYTES), and upload
// (multipart, streamed to the agent in chunks as it arrives, up to SYSTEM_TOOLS_UPLOAD_MAX_BYTES;
// the agent writes a temporary file and renames it into place once size and SHA-256 match).
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import busboy from 'busboy';
import { z } from 'zod';
import type { ActorContext } from '@/lib/auth/context';
import { env } from '@/lib/env';
import { AppError, badRequest } from '@/lib/http/errors';
import { agentCall, deviceCall, toolDevice } from '@/lib/system-tools/device-call';
import { auditToolAction } from '@/lib/system-tools/audit-tool';
import { ZAgentRange, ZAgentUploadBegin, ZAgentUploadChunk, ZFileEntry, ZFileGetResult, type ZFileUploadQuery } from '@/lib/system-tools/file-schemas';
import { cleanFileName, isMultipart } from '@/lib/tickets/attachments/read-multipart-form';

/** Bytes asked of the agent at a time (a frame of about 1.4 MB once base64-encoded). */
const CHUNK = 1024 * 1024;

export async function getDevicePath(ctx: ActorContext, deviceId: string, path: string, maxBytes: number) {
  return (await deviceCall(ctx, deviceId, 'files.get', { path, maxBytes }, ZFileGetResult)).result;
}

const tooLarge = (what: string, max: number, headers: Record<string, string> = {}) =>
  new AppError('FILE_TOO_LARGE', 413, `${what} is limited to ${max} bytes on this server`, { maxBytes: max }, headers);

/** RFC 6266 Content-Disposition for any file name (ASCII fallback plus UTF-8). */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function downloadDeviceFile(ctx: ActorContext, deviceId: string, path: string): Promise<Response> {
  const device = await toolDevice(ctx, deviceId);
  const entry = await agentCall(device.id, 'files.stat', { path }, ZFileEntry);
  if (entry.type !== 'file') throw new AppError('NOT_A_FILE', 422, `${entry.path} is a ${entry.type}, not a file: list it with GET …/files`);
  const max = env().SYSTEM_TOOLS_DOWNLOAD_MAX_BYTES;
  if (entry.size > max) throw tooLarge('A download', max);
  await auditToolAction(ctx, device, 'device.file.download', { path: entry.path, size: entry.size });
  let offset = 0;
  // Pulled one range at a time as the client reads: a slow client slows the agent, never the server's memory.
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (offset >= entry.size) return controller.close();
        try {
          const range = await agentCall(device.id, 'files.read', { path: entry.path, offset, length: Math.min(CHUNK, entry.size - offset) }, ZAgentRange);
          const bytes = Buffer.from(range.data, 'base64');
          // The file shrank while it was being sent: the client sees a short body, not a padded one.
          if (bytes.length === 0) return controller.error(new Error(`${entry.path} became shorter during the download`));
          offset += bytes.length;
          controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
          if (offset >= entry.size) controller.close();
        } catch (error) {
          controller.error(error);
        }
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'application/octet-stream',
      'content-length': String(entry.size),
      'content-disposition': disposition(entry.name),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
  });
}

const invalid = (message: string, headers: Record<string, string> = {}) => {
  const e = badRequest(message, [{ path: 'body', message }], 'INVALID_MULTIPART');
  return new AppError(e.code, e.status, e.message, e.details, headers);
};

interface Sent {
  entry: z.output<typeof ZFileEntry>;
  size: number;
  sha256: string;
}

/** Sends one file part to the agent in chunks, then commits it; aborts the agent's upload on any failure. */
async function sendFile(deviceId: string, query: z.output<typeof ZFileUploadQuery>, stream: Readable & { truncated?: boolean }, fileName: string, max: number): Promise<Sent> {
  const begin = await agentCall(deviceId, 'files.upload.begin', { path: query.path, fileName, overwrite: query.overwrite }, ZAgentUploadBegin);
  const hash = createHash('sha256');
  let offset = 0;
  let total = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await agentCall(deviceId, 'files.upload.chunk', { uploadId: begin.uploadId, offset, data: data.toString('base64') }, ZAgentUploadChunk);
    offset += data.length;
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > max) throw tooLarge('An upload', max, { connection: 'close' });
      hash.update(chunk);
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= CHUNK) await flush();
    }
    if (stream.truncated) throw tooLarge('An upload', max, { connection: 'close' });
    await flush();
    const sha256 = hash.digest('hex');
    const entry = await agentCall(deviceId, 'files.upload.commit', { uploadId: begin.uploadId, size: offset, sha256 }, ZFileEntry);
    return { entry, size: offset, sha256 };
  } catch (error) {
    await agentCall(deviceId, 'files.upload.abort', { uploadId: begin.uploadId }, z.unknown()).catch(() => undefined);
    throw error;
  }
}

export async function uploadDeviceFile(ctx: ActorContext, deviceId: string, query: z.output<typeof ZFileUploadQuery>, req: Request) {
  const device = await toolDevice(ctx, deviceId);
  const max = env().SYSTEM_TOOLS_UPLOAD_MAX_BYTES;
  if (!isMultipart(req)) throw invalid('Send multipart/form-data with exactly one file in field "file"');
  const declared = Number(req.headers.get('content-length'));
  // Multipart framing around one part is a few hundred bytes: 64 KiB of slack is generous.
  if (Number.isFinite(declared) && declared > max + 64 * 1024) throw tooLarge('An upload', max, { connection: 'close' });
  if (!req.body) throw invalid('The request has no body');
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { 'content-type': req.headers.get('content-type') ?? '' }, limits: { files: 1, fileSize: max + 1, fields: 0, headerPairs: 20 } });
  } catch {
    throw invalid('Malformed multipart/form-data header (missing boundary?)');
  }
  const source = Readable.fromWeb(req.body as unknown as NodeWebStream<Uint8Array>);
  const outcome = new Promise<Sent>((resolve, reject) => {
    let work: Promise<Sent> | null = null;
    let failure: AppError | null = null;
    const fail = (e: AppError) => {
      failure ??= e;
      reject(e);
    };
    parser.on('file', (field, stream, info) => {
      if (field !== 'file' || work) {
        stream.resume();
        return fail(invalid(`Unexpected file field "${field}": send exactly one file in field "file"`, { connection: 'close' }));
      }
      work = sendFile(device.id, query, stream, cleanFileName(info.filename), max);
      work.catch((e) => {
        // Whatever is left of the part is drained so the parser can finish.
        stream.resume();
        reject(e);
      });
    });
    parser.on('field', (name) => fail(invalid(`Unexpected field "${name}": send exactly one file in field "file"`, { connection: 'close' })));
    parser.on('fieldsLimit', () => fail(invalid('Unexpected field: send exactly one file in field "file"', { connection: 'close' })));
    parser.on('filesLimit', () => fail(invalid('Too many files: send exactly one file in field "file"', { connection: 'close' })));
    parser.on('error', () => fail(invalid('Malformed multipart/form-data body', { connection: 'close' })));
    parser.on('close', () => {
      if (failure) return reject(failure);
      if (!work) return reject(invalid('No file in field "file"'));
      work.then(resolve, reject);
    });
    source.on('error', () => fail(invalid('The request body could not be read', { connection: 'close' })));
    source.pipe(parser);
  });
  try {
    const { entry, size, sha256 } = await outcome;
    await auditToolAction(ctx, device, 'device.file.upload', { path: entry.path, size, sha256, overwrite: query.overwrite });
    return entry;
  } finally {
    source.unpipe(parser);
  }
}
