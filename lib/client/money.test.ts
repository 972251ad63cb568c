import { describe, expect, it } from 'vitest';
import { formatMoney, isMoneyInput, sumMoney } from '@/lib/client/money';

describe('formatMoney', () => {
  it('formats the exact string with the currency', () => {
    expect(formatMoney('1234.5', 'EUR', 'en-US')).toBe('€1,234.50');
    expect(formatMoney('9999999999.99', 'USD', 'en-US')).toBe('$9,999,999,999.99');
    expect(formatMoney('1481.40', 'EUR', 'de-DE')).toBe('1.481,40\u00a0€');
  });

  it('keeps the sign of small negatives and fits zero- and three-place currencies', () => {
    expect(formatMoney('-0.50', 'USD', 'en-US')).toBe('-$0.50');
    expect(formatMoney('1200.00', 'JPY', 'en-US')).toBe('¥1,200');
    expect(formatMoney('12.30', 'BHD', 'en-US')).toMatch(/12\.300/);
    expect(formatMoney(null, 'EUR')).toBe('—');
  });
});

describe('sumMoney', () => {
  it('adds without float drift', () => {
    expect(sumMoney(Array.from({ length: 10_000 }, () => '0.10'))).toBe('1000.00');
    expect(sumMoney(['0.1', '0.2'])).toBe('0.30');
    expect(sumMoney([])).toBe('0.00');
  });
});

describe('isMoneyInput', () => {
  it('accepts what the API accepts', () => {
    expect(isMoneyInput('12')).toBe(true);
    expect(isMoneyInput('12.34')).toBe(true);
    expect(isMoneyInput('12.345')).toBe(false);
    expect(isMoneyInput('1e3')).toBe(false);
    expect(isMoneyInput('-1')).toBe(false);
  });
});
