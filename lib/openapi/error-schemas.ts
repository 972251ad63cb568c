// The error envelope every failed request answers with ({ error: { code, message, details } },
// built by lib/http/errors.ts), as named schemas for the OpenAPI document.
import { z } from 'zod';

export const ZErrorDetail = z
  .object({
    path: z.string().optional().describe('The offending input, e.g. `body.lines.0.description`, `query.search`, `params.id`'),
    message: z.string(),
    code: z.string().optional().describe('Machine-readable reason of this detail'),
  })
  .catchall(z.unknown())
  .meta({ id: 'ErrorDetail', description: 'One problem with the request' });

export const ZErrorResponse = z
  .object({
    error: z.object({
      code: z.string().describe('Machine-readable error code, e.g. `VALIDATION_ERROR`, `NOT_FOUND`, `RATE_LIMITED`, `SERVICE_UNAVAILABLE`'),
      message: z.string().describe('Human-readable explanation'),
      details: z
        .union([z.array(ZErrorDetail), z.record(z.string(), z.unknown())])
        .describe('A list of problems (validation errors), or an object some codes document (e.g. the conflicting record); often empty'),
    }),
  })
  .meta({ id: 'ErrorResponse', description: 'The error envelope' });
