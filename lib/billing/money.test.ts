import { describe, expect, it } from 'vitest';
import { documentTotals, formatCents, formatRate, lineAmount, lineTotals, money, MONEY_PATTERN, taxAmount, toCents } from '@/lib/billing/money';
import { isCurrency, minorUnits, representable } from '@/lib/billing/currency';

describe('money', () => {
  it('accepts up to 10 digits and 2 decimal places only', () => {
    for (const ok of ['0', '1', '1.5', '1.55', '9999999999', '9999999999.99']) expect(MONEY_PATTERN.test(ok)).toBe(true);
    for (const bad of ['', '-1', '1.555', '12345678901', '1e3', '1,5', ' 1', '.5', '1.', 'NaN', '0x10']) expect(MONEY_PATTERN.test(bad)).toBe(false);
  });

  it('converts exactly', () => {
    expect(toCents('12.5')).toBe(1250n);
    expect(toCents('0.01')).toBe(1n);
    expect(formatCents(1250n)).toBe('12.50');
    expect(formatCents(-5n)).toBe('-0.05');
    expect(money('9999999999.99')).toBe('9999999999.99');
    expect(money({ toFixed: () => '3.10' })).toBe('3.10');
  });

  it('rounds line amounts and tax half up', () => {
    expect(lineAmount(toCents('0.33'), toCents('1.5'))).toBe(50n); // 0.495 → 0.50
    expect(lineAmount(toCents('9999999999.99'), toCents('9999999999.99'))).toBe(9999999999980000000000n); // beyond 2^53, still exact
    expect(taxAmount(toCents('10.00'), '8.875')).toBe(89n); // 0.8875 → 0.89
    expect(taxAmount(toCents('0.05'), '10')).toBe(1n); // 0.005 → 0.01
    expect(formatRate('8.8750')).toBe('8.875');
    expect(formatRate('20')).toBe('20');
  });

  it('keeps no float drift over 10,000 lines', () => {
    const lines = Array.from({ length: 10_000 }, () => ({ unitPrice: '0.10', quantity: '1', taxRate: '0' }));
    const totals = documentTotals(lines);
    expect(formatCents(totals.total)).toBe('1000.00');
    // The float sum drifts; ours does not.
    expect(lines.reduce((s) => s + 0.1, 0)).not.toBe(1000);
    const taxed = documentTotals(Array.from({ length: 10_000 }, () => ({ unitPrice: '0.07', quantity: '3', taxRate: '19' })));
    expect(formatCents(taxed.subtotal)).toBe('2100.00');
    expect(formatCents(taxed.tax)).toBe('400.00'); // 0.21 × 19% = 0.0399 → 0.04 per line
  });

  it('bills overage on top of the included quantity', () => {
    const t = lineTotals({ unitPrice: '10.00', quantity: '5', taxRate: '10', overageQuantity: 3, overageUnitPrice: '12.00' });
    expect(formatCents(t.subtotal)).toBe('86.00');
    expect(formatCents(t.tax)).toBe('8.60');
  });
});

describe('currency', () => {
  it('knows ISO 4217 codes and their minor units', () => {
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('XYZ')).toBe(false);
    expect(isCurrency('eur')).toBe(false);
    expect(minorUnits('JPY')).toBe(0);
    expect(representable(toCents('100'), 'JPY')).toBe(true);
    expect(representable(toCents('100.50'), 'JPY')).toBe(false);
    expect(representable(toCents('100.55'), 'USD')).toBe(true);
  });
});
