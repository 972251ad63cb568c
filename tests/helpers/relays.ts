// The relays between web processes the channel tests run over: PostgreSQL LISTEN/NOTIFY (the
// default) and Redis pub/sub (REDIS_URL set; the tests use TEST_REDIS_URL, default the local
// Redis on 127.0.0.1:6379).
import { resetEnvCache } from '@/lib/env';

export const RELAYS = ['postgres', 'redis'] as const;
export type RelayKind = (typeof RELAYS)[number];

/** Makes hubs created from now on use `kind` (null: back to the environment's own setting). */
export function useRelay(kind: RelayKind | null): void {
  if (kind === 'redis') process.env.REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  else delete process.env.REDIS_URL;
  resetEnvCache();
}
