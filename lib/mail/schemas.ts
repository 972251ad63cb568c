import { z } from 'zod';

export const ZEmailMessage = z.object({
  to: z.union([z.string().email(), z.array(z.string().email()).min(1)]),
  subject: z.string().min(1).max(500),
  text: z.string().max(200_000),
  html: z.string().max(500_000).optional(),
  replyTo: z.string().email().optional(),
  /** Attachments as base64 (kept small: jobs live in the database). */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), contentBase64: z.string() })).max(10).optional(),
});

export type EmailMessage = z.infer<typeof ZEmailMessage>;
