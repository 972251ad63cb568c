import { describe, expect, it } from 'vitest';
import { browserTimeZone, normalizeTimeZone, timeZoneOptions } from './time-zones';

describe('timeZoneOptions', () => {
  it('puts UTC first even when the browser does not list it', () => {
    const zones = timeZoneOptions(undefined, ['Europe/London', 'Africa/Abidjan', 'America/New_York']);
    expect(zones).toEqual(['UTC', 'Africa/Abidjan', 'America/New_York', 'Europe/London']);
  });

  it('lists UTC once when the browser reports it or an alias', () => {
    const zones = timeZoneOptions(null, ['Etc/UTC', 'UTC', 'Europe/Berlin']);
    expect(zones).toEqual(['UTC', 'Europe/Berlin']);
  });

  it('keeps a stored zone the browser does not list, so the select shows it', () => {
    expect(timeZoneOptions('Asia/Calcutta', ['Asia/Kolkata'])).toEqual(['UTC', 'Asia/Calcutta', 'Asia/Kolkata']);
    expect(timeZoneOptions('Etc/UTC', ['Asia/Kolkata'])).toEqual(['UTC', 'Asia/Kolkata']);
  });

  it('offers UTC from the real Intl list of this runtime', () => {
    const zones = timeZoneOptions();
    expect(zones[0]).toBe('UTC');
    expect(zones.filter((z) => z === 'UTC')).toHaveLength(1);
  });
});

describe('normalizeTimeZone', () => {
  it('reads UTC aliases as UTC and leaves region zones alone', () => {
    for (const alias of ['UTC', 'Etc/UTC', 'etc/utc', 'Etc/UCT', 'Etc/Universal', 'Zulu', 'GMT', 'Etc/GMT']) expect(normalizeTimeZone(alias)).toBe('UTC');
    expect(normalizeTimeZone('Europe/London')).toBe('Europe/London');
    expect(normalizeTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
  });
});

describe('browserTimeZone', () => {
  it('answers a zone that the options contain', () => {
    const zone = browserTimeZone();
    expect(timeZoneOptions(zone)).toContain(zone);
  });
});
