// Portal tickets and comments arrive as JSON, or as multipart/form-data with their text fields
// and up to 5 files in field `files` (each checked like a ticket attachment: sniffed type,
// 10 MiB), so a submission and its attachments are accepted or refused as one.
import type { z } from 'zod';
import type { PortalContext } from '@/lib/auth/context';
import { tooManyRequests } from '@/lib/http/errors';
import { parseOrThrow, readJsonBody } from '@/lib/http/parse-input';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { isMultipart, readMultipartForm, type UploadedFile } from '@/lib/tickets/attachments/read-multipart-form';
import { MAX_ATTACHMENT_BYTES } from '@/lib/tickets/attachments/limits';
import { MAX_ATTACHMENTS_PER_COMMENT } from '@/lib/tickets/schemas';

export const PORTAL_FILES_FIELD = 'files';
export const SUBMISSIONS_PER_MINUTE = 30;

/** Checked before the body is read: a flood is refused without reading it. */
export async function consumeSubmissionBudget(ctx: PortalContext): Promise<void> {
  const verdict = await consumeRateLimit(`portal-submit:${ctx.contactId}`, SUBMISSIONS_PER_MINUTE, 60);
  if (!verdict.allowed) throw tooManyRequests(`Submission limit reached: ${SUBMISSIONS_PER_MINUTE} per minute`, verdict.retryAfterSeconds);
}

export async function readPortalSubmission<S extends z.ZodType>(req: Request, schema: S, fields: readonly string[]): Promise<{ input: z.output<S>; files: UploadedFile[] }> {
  if (!isMultipart(req)) return { input: parseOrThrow(schema, await readJsonBody(req), 'body'), files: [] };
  const form = await readMultipartForm(req, {
    fileField: PORTAL_FILES_FIELD,
    maxFiles: MAX_ATTACHMENTS_PER_COMMENT,
    maxFileBytes: MAX_ATTACHMENT_BYTES,
    fields,
    requireFile: false,
    expectation: `the fields ${fields.join(', ')} and up to ${MAX_ATTACHMENTS_PER_COMMENT} files in field "${PORTAL_FILES_FIELD}"`,
  });
  return { input: parseOrThrow(schema, form.fields, 'body'), files: form.files };
}
