'use client';

// Changing a draft document's currency: never converted by exchange rate, so with lines the
// person chooses to clear them or re-price them from the catalog (the API refuses otherwise).
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { errorLine } from '@/components/billing/billing-ui';
import { FormError } from '@/components/ui/form-error';

export function CurrencyDialog({ open, onClose, current, hasLines, onSubmit }: { open: boolean; onClose: () => void; current: string; hasLines: boolean; onSubmit: (body: { currency: string; clearLines?: boolean; reprice?: boolean }) => Promise<unknown> }) {
  const [currency, setCurrency] = useState('');
  const [mode, setMode] = useState<'reprice' | 'clear'>('reprice');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} title="Change currency">
      <form
        className="space-y-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          setBusy(true);
          try {
            await onSubmit({ currency: currency.trim().toUpperCase(), ...(hasLines ? (mode === 'clear' ? { clearLines: true } : { reprice: true }) : {}) });
            onClose();
          } catch (err) {
            setError(err);
          } finally {
            setBusy(false);
          }
        }}
      >
        <p className="text-sm text-slate-500">Now {current}. Amounts are never converted by exchange rate.</p>
        <Field label="New currency" value={currency} onChange={(e) => setCurrency(e.target.value.toUpperCase())} maxLength={3} required placeholder="USD" autoFocus />
        {hasLines && (
          <fieldset className="space-y-1 text-sm">
            <legend className="font-medium text-slate-700 dark:text-slate-300">The existing lines</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" checked={mode === 'reprice'} onChange={() => setMode('reprice')} />
              Re-price them from their catalog items’ prices in the new currency
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" checked={mode === 'clear'} onChange={() => setMode('clear')} />
              Remove them all
            </label>
          </fieldset>
        )}
        <FormError message={errorLine(error)} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Back
          </Button>
          <Button type="submit" disabled={busy || currency.length !== 3}>
            Change currency
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
