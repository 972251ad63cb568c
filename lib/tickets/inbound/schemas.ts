import { z } from 'zod';

const ZAddress = z.union([z.string().max(998), z.object({ email: z.string().max(320), name: z.string().max(998).optional() })]);

/** What the MTA hook posts: the parsed message (unknown keys such as headers are ignored). */
export const ZInboundEmail = z.object({
  from: ZAddress.describe('Sender: `Name <addr>`, a bare address or `{ email, name }`'),
  to: z.union([ZAddress, z.array(ZAddress).min(1).max(100)]).describe('Recipients; the first that names an inbox routes the message'),
  cc: z.array(ZAddress).max(100).optional(),
  subject: z.string().max(998).default(''),
  text: z.string().max(2_000_000).optional().describe('Plain-text body (preferred)'),
  html: z.string().max(5_000_000).optional().describe('HTML body, used as text when there is no plain part'),
  messageId: z.string().trim().min(1).max(255).optional().describe('Message-ID header: a repeated delivery is answered 200 `duplicate` and changes nothing'),
});

export const ZInboundEmailResult = z.object({
  action: z.enum(['created', 'commented', 'duplicate']),
  ticketId: z.string().uuid(),
  number: z.number().int(),
  commentId: z.string().uuid().nullable(),
});
