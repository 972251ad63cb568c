// Money on console pages: the API's decimal strings formatted with their currency, and sums
// computed in BigInt hundredths (never floats, so 0.10 × 3 is exactly 0.30).
import { formatCents, toCents } from '@/lib/billing/money';

const MONEY_INPUT = /^\d{1,10}(\.\d{1,2})?$/;

/** Whether a form value is a money string the API accepts (up to 10 digits, 2 decimals). */
export function isMoneyInput(value: string): boolean {
  return MONEY_INPUT.test(value.trim());
}

/** "1234.5", "EUR" → "€1,234.50" (exact: the fraction comes from the string, not a float). */
export function formatMoney(amount: string | null | undefined, currency: string, locale?: string): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  let cents: bigint;
  try {
    cents = toCents(amount);
  } catch {
    return `${amount} ${currency}`;
  }
  let nf: Intl.NumberFormat;
  try {
    nf = new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch {
    return `${formatCents(cents)} ${currency}`;
  }
  const digits = nf.resolvedOptions().maximumFractionDigits ?? 2;
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  // Stored amounts have two places: pad for three-place currencies, drop zeros for none.
  const fraction = digits === 0 ? '' : (abs % 100n).toString().padStart(2, '0').padEnd(digits, '0');
  // A non-zero probe keeps the minus sign of amounts between -1 and 0.
  const probe = negative ? -(whole === 0n ? 1n : whole) : whole;
  return nf
    .formatToParts(probe)
    .map((p) => (p.type === 'integer' && whole === 0n ? '0' : p.type === 'fraction' ? fraction : p.value))
    .join('');
}

/** Sums money strings exactly: ["0.10", "0.20"] → "0.30". */
export function sumMoney(amounts: string[]): string {
  return formatCents(amounts.reduce((acc, a) => acc + toCents(a), 0n));
}
