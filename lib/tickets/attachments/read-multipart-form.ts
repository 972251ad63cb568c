// Streams a multipart/form-data request body through busboy and returns its files and text
// fields. The body is pulled chunk by chunk and the answer given the moment it is certain: a
// file past the size limit (413), a file whose first bytes sniff to no accepted type (415), a
// malformed or unexpected part (400). At most the limits are ever held in memory; what follows
// an early answer is never read.
import { createHash } from 'node:crypto';
import busboy from 'busboy';
import { AppError, badRequest } from '@/lib/http/errors';
import { toStorableText } from '@/lib/http/storable-text';
import { SNIFF_BYTES, sniffAttachmentType, type AttachmentType } from '@/lib/tickets/attachments/sniff-attachment-type';

export interface UploadedFile {
  fileName: string;
  contentType: AttachmentType;
  data: Buffer;
  sha256: string;
}

export interface MultipartFormOptions {
  /** Field the files come in. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /** Text fields allowed (each at most once); any other part is refused. */
  fields: readonly string[];
  /** At least one file is required. */
  requireFile: boolean;
  /** What a well-formed request holds, for error messages ("exactly one file in field \"file\""). */
  expectation: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** Multipart framing around a part is a few hundred bytes; this much slack is generous. */
const FRAMING_SLACK = 64 * 1024;
/** Longest text field (a 100,000-character description in UTF-8 fits). */
export const MAX_FIELD_BYTES = 512 * 1024;

export const tooLarge = (maxBytes: number) =>
  new AppError('ATTACHMENT_TOO_LARGE', 413, `Attachments are limited to ${maxBytes / 1024 / 1024} MiB`);
const unsupported = () =>
  new AppError('UNSUPPORTED_ATTACHMENT_TYPE', 415, 'Only JPEG, PNG, WebP and PDF files are accepted (decided from the file content)');
const invalid = (message: string) => badRequest(message, [{ path: 'body', message }], 'INVALID_MULTIPART');

export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(req.headers.get('content-type') ?? '');
}

export async function readMultipartForm(req: Request, opts: MultipartFormOptions): Promise<MultipartForm> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!isMultipart(req)) throw invalid(`Send multipart/form-data with ${opts.expectation}`);
  const declared = Number(req.headers.get('content-length'));
  const budget = opts.maxFiles * opts.maxFileBytes + opts.fields.length * MAX_FIELD_BYTES + FRAMING_SLACK;
  if (Number.isFinite(declared) && declared > budget) throw tooLarge(opts.maxFileBytes);
  if (!req.body) throw invalid('The request has no body');

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // busboy signals 'limit' on reaching fileSize: one byte more than allowed means too large.
      limits: { files: opts.maxFiles, fileSize: opts.maxFileBytes + 1, fields: opts.fields.length, fieldSize: MAX_FIELD_BYTES, headerPairs: 20 },
    });
  } catch {
    throw invalid('Malformed multipart/form-data header (missing boundary?)');
  }

  let settle!: (outcome: { form?: MultipartForm; error?: unknown }) => void;
  const settled = new Promise<{ form?: MultipartForm; error?: unknown }>((resolve) => (settle = resolve));
  let done = false;
  const finish = (outcome: { form?: MultipartForm; error?: unknown }) => {
    if (done) return;
    done = true;
    settle(outcome);
  };

  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  let openFiles = 0;
  let parserClosed = false;
  // busboy may close before a file stream has emitted 'end': answer once every file is in.
  const settleWhenComplete = () => {
    if (!parserClosed || openFiles > 0) return;
    if (opts.requireFile && files.length === 0) finish({ error: invalid(`No file in field "${opts.fileField}"`) });
    else finish({ form: { fields, files } });
  };

  parser.on('file', (field, stream, info) => {
    if (field !== opts.fileField) {
      stream.resume();
      return finish({ error: invalid(`Unexpected file field "${field}": send ${opts.expectation}`) });
    }
    openFiles++;
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
    stream.on('limit', () => finish({ error: tooLarge(opts.maxFileBytes) }));
    // busboy destroys the file stream with "Unexpected end of form" when the body stops mid-part.
    stream.on('error', () => finish({ error: invalid('A file part is incomplete') }));
    stream.on('end', () => {
      if (done || stream.truncated || !sniff(true)) return;
      files.push({ fileName: cleanFileName(info.filename), contentType: type as AttachmentType, data: Buffer.concat(chunks, size), sha256: hash.digest('hex') });
      openFiles--;
      settleWhenComplete();
    });
  });
  parser.on('field', (name, value, info) => {
    if (!opts.fields.includes(name)) return finish({ error: invalid(`Unexpected field "${name}": send ${opts.expectation}`) });
    if (info.valueTruncated) return finish({ error: invalid(`Field "${name}" is too long`) });
    if (Object.hasOwn(fields, name)) return finish({ error: invalid(`Field "${name}" is repeated`) });
    fields[name] = value;
  });
  parser.on('filesLimit', () => finish({ error: invalid(`Too many files: send ${opts.expectation}`) }));
  parser.on('fieldsLimit', () => finish({ error: invalid(`Too many fields: send ${opts.expectation}`) }));
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
  return outcome.form as MultipartForm;
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
  // Cutting at 255 UTF-16 units can split a surrogate pair: made storable again after the cut.
  // eslint-disable-next-line no-control-regex
  const clean = toStorableText(base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 255));
  return clean === '' || clean === '.' || clean === '..' ? 'attachment' : clean;
}
