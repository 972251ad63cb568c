// Uploads sent as the raw request body (Content-Type: application/octet-stream): refused before a
// byte is read when the type says multipart or JSON or the declared length is over the limit, then
// read chunk by chunk with a running SHA-256 and a byte cap, so an oversized body is cut off as
// soon as it passes the limit instead of after it has been read.
import { createHash } from 'node:crypto';
import { badRequest, type AppError } from '@/lib/http/errors';

/** The cheap refusals: a multipart or JSON body (400 with `code`), a declared length over the cap. */
export function refuseUnsuitableUpload(req: Request, opts: { what: string; code: string; maxBytes: number; tooLarge: () => AppError }): void {
  if (/^(multipart\/|application\/json)/i.test(req.headers.get('content-type') ?? '')) {
    throw badRequest(`Send the ${opts.what} itself as the body (Content-Type: application/octet-stream)`, [{ path: 'body', message: 'Raw bytes expected' }], opts.code);
  }
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > opts.maxBytes) throw opts.tooLarge();
}

/**
 * Reads the body to its end, hashing it and handing each chunk to `onChunk`. Past `maxBytes`, or
 * when `onChunk` throws, the rest of the body is cancelled and the error thrown.
 */
export async function readRawUpload(req: Request, opts: { maxBytes: number; tooLarge: () => AppError; onChunk: (chunk: Uint8Array) => unknown }): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      try {
        if (size > opts.maxBytes) throw opts.tooLarge();
        hash.update(value);
        await opts.onChunk(value);
      } catch (error) {
        await reader.cancel().catch(() => undefined);
        throw error;
      }
    }
  }
  return { size, sha256: hash.digest('hex') };
}
