// Exact money: decimal strings in the API, numeric in PostgreSQL, BigInt hundredths in between.
// Never a float: 10,000 lines of 0.10 sum to exactly 1000.00.

/** Up to 10 integer digits, at most 2 decimal places (doc 2 "Contract line"). */
export const MONEY_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
/** Tax rate in percent: 0 to 100 with up to 4 decimal places. */
export const TAX_RATE_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;

type DecimalLike = { toFixed(dp: number): string };

/** "12.5" → 1250n (hundredths). Accepts a money string or a Prisma Decimal. */
export function toCents(value: string | DecimalLike): bigint {
  const text = typeof value === 'string' ? value : value.toFixed(2);
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw new Error(`not a money value: ${text}`);
  const cents = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -cents : cents;
}

/** 1250n → "12.50". */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/** Normalises a stored or sent money value to its two-decimal string. */
export function money(value: string | DecimalLike): string {
  return formatCents(toCents(value));
}

/** a / b rounded half away from zero (both BigInt, b > 0). */
function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= b) return a < 0n ? q - 1n : q + 1n;
  return q;
}

/** unit price × quantity (both in hundredths) → amount in cents, rounded half up. */
export function lineAmount(unitCents: bigint, quantityHundredths: bigint): bigint {
  return divRound(unitCents * quantityHundredths, 100n);
}

/** Tax rate string ("20", "8.875") → ten-thousandths of a percent. */
export function rateUnits(rate: string | DecimalLike): bigint {
  const text = typeof rate === 'string' ? rate : rate.toFixed(4);
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!m) throw new Error(`not a tax rate: ${text}`);
  return BigInt(m[1]) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0') || '0');
}

export function formatRate(rate: string | DecimalLike): string {
  const units = rateUnits(rate);
  const whole = units / 10_000n;
  const frac = (units % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** Tax on an amount: amount × rate% rounded half up to the cent. */
export function taxAmount(amountCents: bigint, rate: string | DecimalLike): bigint {
  return divRound(amountCents * rateUnits(rate), 1_000_000n);
}

export interface PricedLine {
  unitPrice: string | DecimalLike;
  quantity: string | DecimalLike;
  taxRate: string | DecimalLike;
  overageQuantity?: number | null;
  overageUnitPrice?: string | DecimalLike | null;
}

export interface LineTotals {
  subtotal: bigint;
  tax: bigint;
  total: bigint;
}

/** One line: quantity × unit price (+ billed overage devices × overage price), then its tax. */
export function lineTotals(line: PricedLine): LineTotals {
  let subtotal = lineAmount(toCents(line.unitPrice), toCents(line.quantity));
  if (line.overageQuantity && line.overageUnitPrice != null) {
    subtotal += toCents(line.overageUnitPrice) * BigInt(line.overageQuantity);
  }
  const tax = taxAmount(subtotal, line.taxRate);
  return { subtotal, tax, total: subtotal + tax };
}

/** A document's totals: the sum of its lines' rounded amounts (tax rounded per line). */
export function documentTotals(lines: PricedLine[]): LineTotals {
  return lines.map(lineTotals).reduce((acc, t) => ({ subtotal: acc.subtotal + t.subtotal, tax: acc.tax + t.tax, total: acc.total + t.total }), {
    subtotal: 0n,
    tax: 0n,
    total: 0n,
  });
}
