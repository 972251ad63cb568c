// The customer's view of an invoice or quote (server-rendered from the public link's data).
import type { ReactNode } from 'react';

export interface DocumentLine {
  id: string;
  description: string;
  quantity: string | null;
  unitPrice: string;
  taxRate: string;
  amount: string;
}

export interface DocumentViewProps {
  brand: { name: string; logoUrl: string | null; colors: { primary: string; primaryText: string }; support: { email: string | null; phone: string | null } };
  kind: string;
  title: string;
  customerName: string;
  meta: [string, string][];
  currency: string;
  lines: DocumentLine[];
  totals: { subtotal: string; taxTotal: string; total: string };
  pdfHref: string;
  banner?: ReactNode;
  children?: ReactNode;
}

export function DocumentView(p: DocumentViewProps) {
  return (
    <main className="mx-auto max-w-3xl bg-white p-6 text-slate-900 sm:my-8 sm:rounded-lg sm:shadow">
      <header className="flex items-start justify-between gap-4 border-b pb-4" style={{ borderColor: p.brand.colors.primary }}>
        <div className="flex items-center gap-3">
          {/* eslint-disable-next-line @next/next/no-img-element -- the MSP's logo (this service's logo route or its https URL); no optimisation pipeline */}
          {p.brand.logoUrl ? <img src={p.brand.logoUrl} alt="" className="h-10 w-auto" /> : null}
          <span className="text-lg font-semibold">{p.brand.name}</span>
        </div>
        <div className="text-right">
          <div className="text-sm uppercase tracking-wide text-slate-500">{p.kind}</div>
          <div className="text-lg font-semibold">{p.title}</div>
        </div>
      </header>
      {p.banner}
      <section className="mt-4 grid gap-1 text-sm">
        <div>
          <span className="text-slate-500">For </span>
          <span className="font-medium">{p.customerName}</span>
        </div>
        {p.meta.map(([label, value]) => (
          <div key={label}>
            <span className="text-slate-500">{label}: </span>
            {value}
          </div>
        ))}
      </section>
      <table className="mt-6 w-full text-sm">
        <thead>
          <tr className="border-b text-left text-slate-500">
            <th className="py-2 font-medium">Description</th>
            <th className="py-2 text-right font-medium">Qty</th>
            <th className="py-2 text-right font-medium">Unit price</th>
            <th className="py-2 text-right font-medium">Tax %</th>
            <th className="py-2 text-right font-medium">Amount ({p.currency})</th>
          </tr>
        </thead>
        <tbody>
          {p.lines.map((l) => (
            <tr key={l.id} className="border-b border-slate-100">
              <td className="py-2 pr-2">{l.description}</td>
              <td className="py-2 text-right tabular-nums">{l.quantity ?? ''}</td>
              <td className="py-2 text-right tabular-nums">{l.unitPrice}</td>
              <td className="py-2 text-right tabular-nums">{l.taxRate}</td>
              <td className="py-2 text-right tabular-nums">{l.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto mt-4 grid w-64 grid-cols-2 gap-1 text-sm tabular-nums">
        <dt className="text-slate-500">Subtotal</dt>
        <dd className="text-right">{p.totals.subtotal}</dd>
        <dt className="text-slate-500">Tax</dt>
        <dd className="text-right">{p.totals.taxTotal}</dd>
        <dt className="font-semibold">Total ({p.currency})</dt>
        <dd className="text-right font-semibold">{p.totals.total}</dd>
      </dl>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        {p.children}
        <a href={p.pdfHref} className="rounded border px-3 py-2 text-sm" style={{ borderColor: p.brand.colors.primary }}>
          Download PDF
        </a>
      </div>
      {p.brand.support.email || p.brand.support.phone ? (
        <footer className="mt-8 border-t pt-3 text-xs text-slate-500">Questions? {[p.brand.support.email, p.brand.support.phone].filter(Boolean).join(' · ')}</footer>
      ) : null}
    </main>
  );
}
