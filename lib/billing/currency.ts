// ISO 4217 currency codes as the runtime knows them, and how many minor units each has, so a
// price is only stored in a currency that can represent it (no cents on yen).

let known: Set<string> | null = null;

export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  known ??= new Set(Intl.supportedValuesOf('currency'));
  return known.has(code);
}

/** Decimal places of the currency's minor unit (JPY 0, EUR 2, BHD 3). */
export function minorUnits(code: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Whether an amount in cents can be written in the currency (stored prices have 2 places at most). */
export function representable(cents: bigint, code: string): boolean {
  const digits = minorUnits(code);
  if (digits >= 2) return true;
  return cents % 10n ** BigInt(2 - digits) === 0n;
}
