import { z } from 'zod';

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const ZTimeZone = z.string().trim().max(64).refine(isValidTimeZone, 'Must be an IANA time zone name such as Europe/Berlin');
