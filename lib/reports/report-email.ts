// The email of a report run: the report's name and period, its summary figures, and the file
// attached (files above MAX_ATTACHMENT_BYTES are left for download from the console instead:
// queued emails live in the database).
import type { EmailMessage } from '@/lib/mail/schemas';
import { publicUrl } from '@/lib/public-url';
import type { ReportRun } from '@/lib/generated/prisma/client';
import { periodLine, type RenderInput } from '@/lib/reports/render-report';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export function reportEmail(run: Pick<ReportRun, 'id' | 'name' | 'emailRecipients'>, input: RenderInput, file: { data: Buffer; fileName: string; contentType: string }): EmailMessage {
  const attach = file.data.length <= MAX_ATTACHMENT_BYTES;
  const lines = [
    `${input.brand.name}: ${run.name}`,
    periodLine(input),
    '',
    ...input.summary.figures.map((f) => `${f.label}: ${f.value}`),
    '',
    attach ? `The report is attached (${file.fileName}).` : `The report is too large to attach; download it from ${publicUrl('/reports')}.`,
  ];
  return {
    to: run.emailRecipients,
    subject: `${run.name} (${input.generatedAt.toISOString().slice(0, 10)})`,
    text: lines.join('\n'),
    ...(attach ? { attachments: [{ filename: file.fileName, contentType: file.contentType, contentBase64: file.data.toString('base64') }] } : {}),
  };
}
