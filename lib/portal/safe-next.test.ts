import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('post-sign-in redirect', () => {
  it('follows portal paths only', () => {
    expect(safeNext('/portal/tickets/6f1c0b1e-0000-4000-8000-000000000000')).toBe('/portal/tickets/6f1c0b1e-0000-4000-8000-000000000000');
    expect(safeNext('/portal/assets')).toBe('/portal/assets');
    for (const bad of [undefined, null, '', 'https://evil.test/portal/x', '//evil.test', '/portal//evil.test', '/login', '/portal/x?y=z', '/portal/../login', 'javascript:alert(1)']) {
      expect(safeNext(bad), String(bad)).toBe('/portal/tickets');
    }
  });
});
