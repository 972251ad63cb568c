// Lays out an invoice or a quote on A4 pages: brand header, parties and dates, text blocks,
// the line table (wrapped descriptions, repeated header on each page), totals and notes.
import { PdfWriter } from '@/lib/billing/pdf/pdf-writer';

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

const MARGIN = 50;
const BOTTOM = 70;
const GREY: [number, number, number] = [0.4, 0.4, 0.4];
const COL = { qty: 340, unit: 410, tax: 465, amount: 545 };

export function renderDocumentPdf(view: PdfDocumentView): Buffer {
  const pdf = new PdfWriter();
  let y = pdf.height - MARGIN;

  const ensure = (needed: number, onNewPage?: () => void) => {
    if (y - needed < BOTTOM) {
      pdf.newPage();
      y = pdf.height - MARGIN;
      onNewPage?.();
    }
  };

  pdf.text(MARGIN, y, view.brandName, { size: 16, bold: true });
  pdf.text(pdf.width - MARGIN, y, view.kind.toUpperCase(), { size: 16, bold: true, align: 'right' });
  y -= 20;
  pdf.text(pdf.width - MARGIN, y, view.title, { size: 11, align: 'right' });
  if (view.status) pdf.text(pdf.width - MARGIN, y - 14, view.status.toUpperCase(), { size: 10, bold: true, align: 'right', color: [0.7, 0.1, 0.1] });
  pdf.text(MARGIN, y, 'Bill to', { size: 9, color: GREY });
  y -= 14;
  pdf.text(MARGIN, y, view.customerName, { size: 11, bold: true });
  y -= 24;
  for (const [label, value] of view.meta) {
    pdf.text(MARGIN, y, label, { size: 9, color: GREY });
    pdf.text(MARGIN + 110, y, value, { size: 9 });
    y -= 13;
  }
  y -= 10;

  for (const block of view.blocks ?? []) {
    ensure(40);
    pdf.text(MARGIN, y, block.title, { size: 11, bold: true });
    y -= 15;
    for (const line of pdf.wrap(block.body, pdf.width - 2 * MARGIN, 9)) {
      ensure(12);
      pdf.text(MARGIN, y, line, { size: 9 });
      y -= 12;
    }
    y -= 8;
  }

  const header = () => {
    pdf.rect(MARGIN, y - 5, pdf.width - 2 * MARGIN, 18, [0.93, 0.93, 0.93]);
    pdf.text(MARGIN + 4, y, 'Description', { size: 9, bold: true });
    pdf.text(COL.qty, y, 'Qty', { size: 9, bold: true, align: 'right' });
    pdf.text(COL.unit, y, 'Unit price', { size: 9, bold: true, align: 'right' });
    pdf.text(COL.tax, y, 'Tax %', { size: 9, bold: true, align: 'right' });
    pdf.text(COL.amount, y, `Amount (${view.currency})`, { size: 9, bold: true, align: 'right' });
    y -= 22;
  };
  ensure(60);
  header();
  for (const line of view.lines) {
    const wrapped = pdf.wrap(line.description, COL.qty - MARGIN - 50, 9);
    ensure(wrapped.length * 12 + 4, header);
    pdf.text(COL.qty, y, line.quantity, { size: 9, align: 'right' });
    pdf.text(COL.unit, y, line.unitPrice, { size: 9, align: 'right' });
    pdf.text(COL.tax, y, line.taxRate, { size: 9, align: 'right' });
    pdf.text(COL.amount, y, line.amount, { size: 9, align: 'right' });
    for (const text of wrapped) {
      pdf.text(MARGIN + 4, y, text, { size: 9 });
      y -= 12;
    }
    y -= 4;
  }
  ensure(60);
  pdf.line(COL.unit - 60, y + 6, COL.amount, y + 6);
  y -= 8;
  for (const [label, value, bold] of [
    ['Subtotal', view.totals.subtotal, false],
    ['Tax', view.totals.tax, false],
    [`Total (${view.currency})`, view.totals.total, true],
  ] as const) {
    pdf.text(COL.tax, y, label, { size: 10, bold, align: 'right' });
    pdf.text(COL.amount, y, value, { size: 10, bold, align: 'right' });
    y -= 15;
  }
  if (view.notes) {
    y -= 10;
    ensure(30);
    pdf.text(MARGIN, y, 'Notes', { size: 10, bold: true });
    y -= 14;
    for (const line of pdf.wrap(view.notes, pdf.width - 2 * MARGIN, 9)) {
      ensure(12);
      pdf.text(MARGIN, y, line, { size: 9 });
      y -= 12;
    }
  }
  return pdf.toBuffer({ title: `${view.kind} ${view.title}` });
}
