// OpenAPI text shared by the partner and organization logo routes.
import type { RawRequestBody } from '@/lib/http/define-route';

export const LOGO_REQUEST_BODY: RawRequestBody = {
  contentType: 'multipart/form-data',
  description: 'Exactly one image, in field `file`, and no other parts.',
  schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } }, additionalProperties: false },
};

export const LOGO_UPLOAD_DESCRIPTION =
  'Replaces the logo. The type is decided by sniffing the bytes: PNG, JPEG or WebP (SVG is refused: it can carry script), else 415 `UNSUPPORTED_LOGO_TYPE`; over 512 KiB 413 `LOGO_TOO_LARGE`. Stored in the database and served by GET /portal/logos/:id; an uploaded logo wins over `logoUrl`.';
