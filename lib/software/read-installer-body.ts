// The raw request body of an installer upload, hashed as it arrives and cut off at the limit
// (413 as soon as it is passed, before the rest is read).
import { createHash } from 'node:crypto';
import { AppError, badRequest } from '@/lib/http/errors';
import { MAX_INSTALLER_BYTES } from '@/lib/software/schemas';

export const installerTooLarge = () => new AppError('INSTALLER_TOO_LARGE', 413, `Installers are limited to ${MAX_INSTALLER_BYTES / 1024 / 1024} MiB`);

export async function readInstallerBody(req: Request, maxBytes = MAX_INSTALLER_BYTES): Promise<{ data: Buffer; sha256: string }> {
  if (/^(multipart\/|application\/json)/i.test(req.headers.get('content-type') ?? '')) {
    throw badRequest('Send the installer file itself as the body (Content-Type: application/octet-stream)', [{ path: 'body', message: 'Raw bytes expected' }], 'INVALID_INSTALLER_BODY');
  }
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw installerTooLarge();
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw installerTooLarge();
      }
      hash.update(value);
      chunks.push(Buffer.from(value));
    }
  }
  if (size === 0) throw badRequest('The installer file is empty', [{ path: 'body', message: 'No bytes received' }], 'EMPTY_INSTALLER');
  return { data: Buffer.concat(chunks, size), sha256: hash.digest('hex') };
}
