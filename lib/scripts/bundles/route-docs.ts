// OpenAPI request bodies of the bundle routes, which read their (size-capped) body themselves.
import { z } from 'zod';
import type { RawRequestBody } from '@/lib/http/define-route';
import { ZBundleImportBody, ZBundlePreviewBody } from '@/lib/scripts/bundles/schemas';

const json = (schema: z.ZodType, description: string): RawRequestBody => ({
  contentType: 'application/json',
  schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
  description,
});

export const PREVIEW_REQUEST_BODY = json(ZBundlePreviewBody, 'Up to 20 MB (413 `PAYLOAD_TOO_LARGE` beyond, checked while reading)');
export const IMPORT_REQUEST_BODY = json(ZBundleImportBody, 'Up to 20 MB (413 `PAYLOAD_TOO_LARGE` beyond, checked while reading)');

export const BUNDLE_RULES =
  'Partner-admin JWT with MFA (partner or system scope; API keys are not accepted). Bundles are untrusted input: at most 200 entries (else 400 `BUNDLE_TOO_LARGE`), each validated on its own with the POST /scripts vocabulary (content ≤ 256 KB, timeout ≤ 3,600 s, …); keys outside that vocabulary — system and tenancy flags such as `isSystem`, `partnerId`, `orgId`, `id` — are dropped and never honoured; nothing in a bundle is executed. `availability` org (default) or partner (needs access to every organization of the partner, else 403).';
