import { describe, expect, it } from 'vitest';
import { slugify, SLUG_PATTERN } from './slugify';

describe('slugify', () => {
  it('lowercases and turns non-alphanumerics into hyphens', () => {
    expect(slugify('Acme IT Services, Inc.')).toBe('acme-it-services-inc');
  });
  it('cuts to 50 characters without a trailing hyphen', () => {
    const slug = slugify('a'.repeat(49) + ' b' + 'c'.repeat(20));
    expect(slug.length).toBeLessThanOrEqual(50);
    expect(slug.endsWith('-')).toBe(false);
  });
  it('strips accents and always yields a URL-safe value', () => {
    expect(slugify('Café Zürich')).toBe('cafe-zurich');
    expect(slugify('!!!')).toMatch(SLUG_PATTERN);
  });
});
