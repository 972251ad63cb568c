// Streams a multipart/form-data request body through busboy and returns its one file. The body is
// pulled chunk by chunk and the answer given the moment it is certain: past the size limit (413),
// at a first chunk that sniffs to no accepted type (415) or at a malformed part (400). At most
// the limit is ever held in memory; what follows an early answer is never read.
import { createHash } from 'node:crypto';
import busboy from 'busboy';
import { AppError, badRequest } from '@/lib/http/errors';
import { SNIFF_BYTES, sniffAttachmentType, type AttachmentType } from '@/lib/tickets/attachments/sniff-attachment-type';

export const FILE_FIELD = 'file';

export interface UploadedFile {
  fileName: string;
  contentType: AttachmentType;
  data: Buffer;
  sha256: string;
}

/** Multipart framing around a file is a few hundred bytes; this much slack is generous. */
const FRAMING_SLACK = 64 * 1024;

export const tooLarge = (maxBytes: number) =>
  new AppError('ATTACHMENT_TOO_LARGE', 413, `Attachments are limited to ${maxBytes / 1024 / 1024} MiB`);
const unsupported = () =>
  new AppError('UNSUPPORTED_ATTACHMENT_TYPE', 415, 'Only JPEG, PNG, WebP and PDF files are accepted (decided from the file content)');
const invalid = (message: string) => badRequest(message, [{ path: 'body.file', message }], 'INVALID_MULTIPART');

export async function readSingleFileUpload(req: Request, maxBytes: number): Promise<UploadedFile> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw invalid('Send multipart/form-data with exactly one file in field "file"');
  }
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes + FRAMING_SLACK) throw tooLarge(maxBytes);
  if (!req.body) throw invalid('The request has no body');

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // busboy signals 'limit' on reaching fileSize: one byte more than allowed means too large.
      limits: { files: 1, fileSize: maxBytes + 1, fields: 0, headerPairs: 20 },
    });
  } catch {
    throw invalid('Malformed multipart/form-data header (missing boundary?)');
  }

  let settle!: (outcome: { file?: UploadedFile; error?: unknown }) => void;
  const settled = new Promise<{ file?: UploadedFile; error?: unknown }>((resolve) => (settle = resolve));
  let done = false;
  const finish = (outcome: { file?: UploadedFile; error?: unknown }) => {
    if (done) return;
    done = true;
    settle(outcome);
  };

  let file: UploadedFile | undefined;
  let fileSeen = false;
  let parserClosed = false;
  // busboy may close before the file stream has emitted 'end': answer once both happened.
  const settleWhenComplete = () => {
    if (!parserClosed) return;
    if (file) finish({ file });
    else if (!fileSeen) finish({ error: invalid('No file in field "file"') });
  };

  parser.on('file', (field, stream, info) => {
    if (field !== FILE_FIELD) {
      stream.resume();
      return finish({ error: invalid(`Unexpected file field "${field}": send exactly one file in field "file"`) });
    }
    fileSeen = true;
    const chunks: Buffer[] = [];
    const hash = createHash('sha256');
    let size = 0;
    let type: AttachmentType | null = null;
    const sniff = (final: boolean) => {
      if (type) return true;
      const head = Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
      if (head.length < SNIFF_BYTES && !final) return true; // wait for more bytes
      type = sniffAttachmentType(head);
      if (!type) finish({ error: unsupported() });
      return type !== null;
    };
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      chunks.push(chunk);
      hash.update(chunk);
      size += chunk.length;
      sniff(false);
    });
    stream.on('limit', () => finish({ error: tooLarge(maxBytes) }));
    // busboy destroys the file stream with "Unexpected end of form" when the body stops mid-part.
    stream.on('error', () => finish({ error: invalid('The file part is incomplete') }));
    stream.on('end', () => {
      if (done || stream.truncated || !sniff(true)) return;
      file = {
        fileName: cleanFileName(info.filename),
        contentType: type as AttachmentType,
        data: Buffer.concat(chunks, size),
        sha256: hash.digest('hex'),
      };
      settleWhenComplete();
    });
  });
  parser.on('field', (name) => finish({ error: invalid(`Unexpected field "${name}": send exactly one file in field "file"`) }));
  parser.on('filesLimit', () => finish({ error: invalid('Send exactly one file in field "file"') }));
  parser.on('fieldsLimit', () => finish({ error: invalid('Send exactly one file in field "file" and no other fields') }));
  parser.on('error', () => finish({ error: invalid('Malformed multipart/form-data body') }));
  parser.on('close', () => {
    parserClosed = true;
    settleWhenComplete();
  });

  const reader = req.body.getReader();
  let bodyEnded = false;
  const pump = async () => {
    while (!done) {
      const next = await Promise.race([reader.read(), settled.then(() => null)]);
      if (!next) return;
      if (next.done) {
        bodyEnded = true;
        parser.end();
        return;
      }
      if (!parser.write(next.value)) {
        await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), settled]);
      }
    }
  };
  pump().catch(() => finish({ error: invalid('The request body could not be read') }));

  const outcome = await settled;
  parser.removeAllListeners('drain');
  if (outcome.error) throw bodyEnded ? outcome.error : closingConnection(outcome.error);
  return outcome.file as UploadedFile;
}

/**
 * An answer given before the body was read to its end: the rest stays unread, and the answer asks
 * for the connection to be closed once it is sent (as Go's net/http does). Cancelling the body
 * instead would make Node destroy the socket before the client could read the answer.
 */
function closingConnection(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  return new AppError(error.code, error.status, error.message, error.details, { ...error.headers, connection: 'close' });
}

/** The base name only, without control characters, at most 255 characters; never empty. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 255);
  return clean === '' || clean === '.' || clean === '..' ? 'attachment' : clean;
}
