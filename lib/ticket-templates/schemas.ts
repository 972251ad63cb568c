import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { PLACEHOLDERS } from '@/lib/ticket-templates/placeholders';

const ZBody = z.string().min(1).max(20_000);

export const ZCreateResponseTemplate = z
  .object({
    name: z.string().trim().min(1).max(255),
    category: z.string().trim().min(1).max(100).nullable().optional(),
    body: ZBody.describe(`Text with placeholders: ${Object.keys(PLACEHOLDERS).map((k) => `{{${k}}}`).join(', ')}`),
  })
  .strict();

export const ZUpdateResponseTemplate = z
  .object({
    name: z.string().trim().min(1).max(255),
    category: z.string().trim().min(1).max(100).nullable(),
    body: ZBody,
  })
  .partial()
  .strict();

export const ZListResponseTemplatesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().trim().max(255).optional().describe('Matches name or body (case-insensitive)'),
  category: z.string().trim().max(100).optional(),
});

export const ZRenderResponseTemplate = z.object({ ticketId: z.string().uuid() }).strict();

export const ZResponseTemplate = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  name: z.string(),
  category: z.string().nullable(),
  body: z.string(),
  createdById: z.string().uuid().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'TicketResponseTemplate' });

export const ZRenderedResponseTemplate = z.object({ templateId: z.string().uuid(), ticketId: z.string().uuid(), content: z.string() });
