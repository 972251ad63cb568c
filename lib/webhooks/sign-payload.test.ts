import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPayload, verifyPayloadSignature } from '@/lib/webhooks/sign-payload';
import { deliveryHeaders } from '@/lib/webhooks/attempt-delivery';

describe('delivery signature', () => {
  it('is sha256=hex(HMAC-SHA256(secret, timestamp + "." + body))', () => {
    const body = '{"id":"e1","type":"webhook.test"}';
    const expected = createHmac('sha256', 's3cret').update(`1700000000000.${body}`).digest('hex');
    expect(signPayload('s3cret', '1700000000000', body)).toBe(`sha256=${expected}`);
    expect(verifyPayloadSignature('s3cret', '1700000000000', body, `sha256=${expected}`)).toBe(true);
    expect(verifyPayloadSignature('s3cret', '1700000000001', body, `sha256=${expected}`)).toBe(false);
    expect(verifyPayloadSignature('other', '1700000000000', body, `sha256=${expected}`)).toBe(false);
  });

  it('builds the standard headers, signs only with a secret, and merges custom headers after', () => {
    const base = { attemptId: 'a1', deliveryId: 'd1', eventId: 'e1', eventType: 'device.offline', attempt: 2, timestamp: '1700000000000', body: '{}' };
    const unsigned = deliveryHeaders({ ...base, secret: null, custom: [] });
    expect(unsigned).toEqual({
      'Content-Type': 'application/json',
      'User-Agent': 'Service-Webhooks/1.0',
      'X-Service-Delivery-Id': 'a1',
      'X-Service-Delivery-Record-Id': 'd1',
      'X-Service-Event-Id': 'e1',
      'X-Service-Event-Type': 'device.offline',
      'X-Service-Timestamp': '1700000000000',
      'X-Service-Delivery-Attempt': '2',
    });
    const signed = deliveryHeaders({ ...base, secret: 'k', custom: [{ key: 'Authorization', value: 'Bearer x' }, { key: 'user-agent', value: 'Custom/2' }] });
    expect(signed['X-Service-Signature']).toBe(signPayload('k', '1700000000000', '{}'));
    expect(signed['X-Service-Signature-Timestamp']).toBe('1700000000000');
    expect(signed.Authorization).toBe('Bearer x');
    expect(signed['user-agent']).toBe('Custom/2');
    expect(signed['User-Agent']).toBeUndefined();
    expect(Object.keys(signed).slice(-2)).toEqual(['Authorization', 'user-agent']);
  });
});
