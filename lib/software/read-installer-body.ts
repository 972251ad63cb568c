// The raw request body of an installer upload, hashed as it arrives and cut off at the limit
// (413 as soon as it is passed, before the rest is read).
import { AppError, badRequest } from '@/lib/http/errors';
import { refuseUnsuitableUpload, readRawUpload } from '@/lib/http/raw-upload';
import { MAX_INSTALLER_BYTES } from '@/lib/software/schemas';

export const installerTooLarge = () => new AppError('INSTALLER_TOO_LARGE', 413, `Installers are limited to ${MAX_INSTALLER_BYTES / 1024 / 1024} MiB`);

export async function readInstallerBody(req: Request, maxBytes = MAX_INSTALLER_BYTES): Promise<{ data: Buffer; sha256: string }> {
  refuseUnsuitableUpload(req, { what: 'installer file', code: 'INVALID_INSTALLER_BODY', maxBytes, tooLarge: installerTooLarge });
  const chunks: Buffer[] = [];
  const { size, sha256 } = await readRawUpload(req, { maxBytes, tooLarge: installerTooLarge, onChunk: (chunk) => chunks.push(Buffer.from(chunk)) });
  if (size === 0) throw badRequest('The installer file is empty', [{ path: 'body', message: 'No bytes received' }], 'EMPTY_INSTALLER');
  return { data: Buffer.concat(chunks, size), sha256 };
}
