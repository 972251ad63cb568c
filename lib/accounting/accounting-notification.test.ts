import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountingSignature, verifyAccountingSignature } from '@/lib/accounting/verify-accounting-signature';
import { parseAccountingNotification } from '@/lib/accounting/parse-accounting-notification';

const enc = (s: string) => new TextEncoder().encode(s);

describe('accounting signature', () => {
  const body = enc('{"eventNotifications":[{"realmId":"123"}]}');
  const digest = createHmac('sha256', 'verifier').update(body).digest();

  it('accepts base64, hex and sha256=hex of HMAC-SHA256(token, raw body)', () => {
    expect(accountingSignature('verifier', body)).toBe(digest.toString('base64'));
    expect(verifyAccountingSignature('verifier', body, digest.toString('base64'))).toBe(true);
    expect(verifyAccountingSignature('verifier', body, digest.toString('hex'))).toBe(true);
    expect(verifyAccountingSignature('verifier', body, `sha256=${digest.toString('hex')}`)).toBe(true);
  });

  it('rejects a missing, truncated, wrong-key or wrong-body signature', () => {
    expect(verifyAccountingSignature('verifier', body, null)).toBe(false);
    expect(verifyAccountingSignature('verifier', body, '')).toBe(false);
    expect(verifyAccountingSignature('verifier', body, digest.toString('base64').slice(0, 20))).toBe(false);
    expect(verifyAccountingSignature('other', body, digest.toString('base64'))).toBe(false);
    expect(verifyAccountingSignature('verifier', enc('{"eventNotifications":[{"realmId":"124"}]}'), digest.toString('base64'))).toBe(false);
  });
});

describe('parseAccountingNotification', () => {
  it('reads the companies of QuickBooks-style and flat bodies', () => {
    expect(parseAccountingNotification(enc(JSON.stringify({ eventNotifications: [{ realmId: '1' }, { realmId: 2 }, { realmId: '1' }] })))).toEqual(['1', '2']);
    expect(parseAccountingNotification(enc('{"realmId":"abc-1"}'))).toEqual(['abc-1']);
    expect(parseAccountingNotification(enc('{"companyId":"c:9"}'))).toEqual(['c:9']);
  });

  it('returns null for bodies it cannot read', () => {
    for (const body of ['', 'not json', '[]', '{}', '{"eventNotifications":[]}', '{"realmId":""}', '{"realmId":"a b"}', '{"companyId":{"x":1}}']) {
      expect(parseAccountingNotification(enc(body)), body).toBeNull();
    }
    expect(parseAccountingNotification(new Uint8Array([0xff, 0xfe]))).toBeNull();
  });
});
