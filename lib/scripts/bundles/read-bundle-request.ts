// Reads a bundle request body with the 20 MB cap enforced while streaming: a declared length
// over the cap is refused before reading, and an undeclared one as soon as it passes the cap.
import { AppError } from '@/lib/http/errors';
import { parseJsonText } from '@/lib/http/parse-input';
import { BUNDLE_MAX_REQUEST_BYTES } from '@/lib/scripts/bundles/schemas';

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 413, `Bundle requests are limited to ${BUNDLE_MAX_REQUEST_BYTES / 1024 / 1024} MB`);

export async function readBundleRequest(req: Request, maxBytes = BUNDLE_MAX_REQUEST_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  return parseJsonText(req, Buffer.concat(chunks).toString('utf8'));
}
