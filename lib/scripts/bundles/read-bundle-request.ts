// Reads a bundle request body with the 20 MB cap enforced while streaming: a declared length
// over the cap is refused before reading, and an undeclared one as soon as it passes the cap.
import { AppError } from '@/lib/http/errors';
import { parseJsonText, readCapped } from '@/lib/http/parse-input';
import { BUNDLE_MAX_REQUEST_BYTES } from '@/lib/scripts/bundles/schemas';

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 413, `Bundle requests are limited to ${BUNDLE_MAX_REQUEST_BYTES / 1024 / 1024} MB`);

export async function readBundleRequest(req: Request, maxBytes = BUNDLE_MAX_REQUEST_BYTES): Promise<unknown> {
  return parseJsonText(req, await readCapped(req, maxBytes, tooLarge));
}
