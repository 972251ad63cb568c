// Lays out an invoice or a quote (lib/pdf): brand and document kind, the customer, dates, text
// blocks, the line table (wrapped descriptions, header repeated on each page), totals and notes,
// and a footer naming the document with page numbers.
import { COLORS, PdfDocument } from '@/lib/pdf/document';

export interface PdfDocumentView {
  kind: string; // "Invoice", "Quote"
  title: string; // number or quote title
  brandName: string;
  customerName: string;
  currency: string;
  meta: [string, string][];
  blocks?: { title: string; body: string }[];
  lines: { description: string; quantity: string; unitPrice: string; taxRate: string; amount: string }[];
  totals: { subtotal: string; tax: string; total: string };
  notes?: string;
  status?: string;
}

export function renderDocumentPdf(view: PdfDocumentView): Promise<Buffer> {
  const name = `${view.kind} ${view.title}`;
  const pdf = new PdfDocument({ title: name, footer: `${view.brandName} · ${name}` });

  pdf.header(
    [
      { text: view.brandName, size: 16, bold: true },
      { text: 'Bill to', size: 9, color: COLORS.muted, gapBefore: 2 },
      { text: view.customerName, size: 11, bold: true },
    ],
    [
      { text: view.kind.toUpperCase(), size: 16, bold: true },
      { text: view.title, size: 11 },
      ...(view.status ? [{ text: view.status.toUpperCase(), size: 10, bold: true, color: COLORS.danger }] : []),
    ],
  );
  pdf.space(8);
  pdf.keyValues(view.meta);

  for (const block of view.blocks ?? []) pdf.section(block.title, block.body);

  pdf.table(
    [
      { header: 'Description' },
      { header: 'Qty', width: 50, align: 'right' },
      { header: 'Unit price', width: 70, align: 'right' },
      { header: 'Tax %', width: 55, align: 'right' },
      { header: `Amount (${view.currency})`, width: 80, align: 'right' },
    ],
    view.lines.map((l) => [l.description, l.quantity, l.unitPrice, l.taxRate, l.amount]),
  );
  pdf.totals([
    { label: 'Subtotal', value: view.totals.subtotal },
    { label: 'Tax', value: view.totals.tax },
    { label: `Total (${view.currency})`, value: view.totals.total, bold: true },
  ]);
  if (view.notes) pdf.section('Notes', view.notes);
  return pdf.toBuffer();
}
