import { z } from 'zod';

// Building an Intl.DateTimeFormat costs ~0.1 ms; bulk imports validate the same few zones
// thousands of times. Bounded, so arbitrary input cannot grow it without limit.
const known = new Map<string, boolean>();

export function isValidTimeZone(tz: string): boolean {
  const cached = known.get(tz);
  if (cached !== undefined) return cached;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    valid = true;
  } catch {
    valid = false;
  }
  if (known.size < 2_000) known.set(tz, valid);
  return valid;
}

export const ZTimeZone = z.string().trim().max(64).refine(isValidTimeZone, 'Must be an IANA time zone name such as Europe/Berlin');
