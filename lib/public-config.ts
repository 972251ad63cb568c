// Flags the pages read at request time. Kept apart from lib/env.ts so a page never needs the
// server secrets to render.
import { parseFlag } from '@/lib/env';

export function publicConfig() {
  return {
    registrationEnabled: parseFlag(process.env.PUBLIC_ENABLE_REGISTRATION, true),
    mfaEnforced: parseFlag(process.env.ENABLE_2FA, true),
  };
}
