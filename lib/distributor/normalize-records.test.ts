import { describe, expect, it } from 'vitest';
import { credibleQuantity, toCompanyRecord, toSubscriptionRecord } from './normalize-records';

describe('normalising distributor records', () => {
  it('reduces contacts to primary-contact readiness and drops personal data', () => {
    const record = toCompanyRecord({
      id: 42,
      name: 'Contoso',
      status: 'Active',
      contacts: [
        { firstName: 'Alice', email: 'alice@example.test', types: [{ type: 'admin', primary: true }, { type: 'Billing', primary: false }] },
        { firstName: 'Tom', email: 'tom@example.test', types: [{ type: 'Technical', primary: true }] },
      ],
    });
    expect(record).toEqual({ id: '42', name: 'Contoso', status: 'Active', primaryAdminReady: true, primaryBillingReady: false, primaryTechnicalReady: true });
    expect(JSON.stringify(record)).not.toMatch(/alice|tom@/i);
  });

  it('keeps unknown quantities unknown, never zero', () => {
    expect(credibleQuantity(null)).toBeNull();
    expect(credibleQuantity(undefined)).toBeNull();
    expect(credibleQuantity(-1)).toBeNull();
    expect(credibleQuantity('abc')).toBeNull();
    expect(credibleQuantity(Number.NaN)).toBeNull();
    expect(credibleQuantity(0)).toBe('0');
    expect(credibleQuantity('12')).toBe('12');
    expect(credibleQuantity(2.5)).toBe('2.5');
    const sub = toSubscriptionRecord({ id: 's', companyId: 'c', status: 'Active' });
    expect(sub.quantity).toBeNull();
    expect(sub.commitments).toBeNull();
  });
});
