// OpenAPI request body of the portal's ticket and comment submissions (JSON or multipart).
import { z } from 'zod';
import type { RawRequestBody } from '@/lib/http/define-route';

export function portalSubmissionBody(fields: z.ZodObject): RawRequestBody {
  const json = z.toJSONSchema(fields, { io: 'input' }) as { properties?: Record<string, unknown> };
  return {
    contentType: 'multipart/form-data',
    description: 'The fields as form fields plus up to 5 files in field `files`; or the fields alone as application/json.',
    schema: { type: 'object', properties: { ...json.properties, files: { type: 'array', maxItems: 5, items: { type: 'string', format: 'binary' } } } },
  };
}
