import { describe, expect, it } from 'vitest';
import { stripUrlCredentials } from '@/lib/webhooks/strip-url-credentials';

describe('stripUrlCredentials', () => {
  it('removes userinfo and signed query tokens, keeps the rest', () => {
    expect(stripUrlCredentials('https://user:pa55@hooks.example.com/in?team=ops')).toBe('https://hooks.example.com/in?team=ops');
    expect(stripUrlCredentials('https://hooks.example.com/in?token=abc&team=ops&sig=xyz')).toBe('https://hooks.example.com/in?team=ops');
    expect(stripUrlCredentials('https://b.s3.amazonaws.com/k?X-Amz-Signature=1&X-Amz-Credential=2&X-Amz-Security-Token=3&v=1')).toBe('https://b.s3.amazonaws.com/k?v=1');
    expect(stripUrlCredentials('https://h.example.com/?api_key=1&apiKey=2&access_token=3&code=4&secret=5&keep=6')).toBe('https://h.example.com/?keep=6');
    expect(stripUrlCredentials('https://h.example.com/path#frag')).toBe('https://h.example.com/path');
  });
});
