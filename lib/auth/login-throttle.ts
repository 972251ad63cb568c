// Sign-in throttling, shared by the console (POST /auth/login) and the portal
// (POST /portal/auth/login). All state is in PostgreSQL, so every web process applies one view.
// Within LOGIN_RATE_LIMIT_WINDOW_SECONDS:
//   1. an address makes at most LOGIN_RATE_LIMIT_PER_IP attempts, on any accounts;
//   2. an address with LOGIN_RATE_LIMIT_PER_ACCOUNT failures on one account is refused for it;
//   3. an account with LOGIN_RATE_LIMIT_PER_ACCOUNT failures from all addresses together is
//      refused only to addresses that never signed in to it (within KNOWN_ADDRESS_DAYS).
// Rule 3 is what stops guessing spread over many addresses without handing the attacker a way
// to lock the owner out: the owner's usual addresses keep working (each still under rule 2).
import { db, type DbOrTx } from '@/lib/db';
import { env } from '@/lib/env';
import { tooManyRequests, unavailable } from '@/lib/http/errors';
import { sha256Hex } from '@/lib/auth/secrets';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { rateLimitExceeded, recordRateLimitEvent } from '@/lib/rate-limit/rate-limit-status';

export const KNOWN_ADDRESS_DAYS = 90;

export interface LoginAttempt {
  /** Key prefix: `login` (console users) or `portal-login` (portal contacts). */
  kind: 'login' | 'portal-login';
  email: string;
  ip: string | null;
}

// Emails run to 255 characters; hashed, every key fits the 200-character key column.
const accountKey = (a: LoginAttempt) => `${a.kind}:account:${sha256Hex(a.email)}`;
const pairKey = (a: LoginAttempt) => `${a.kind}:account-ip:${sha256Hex(`${a.email}\n${a.ip ?? 'unknown'}`)}`;

async function isKnownAddress(a: LoginAttempt): Promise<boolean> {
  if (!a.ip) return false;
  try {
    const rows = await db.$queryRaw<{ known: boolean }[]>`
      select exists (
        select 1 from known_login_addresses
        where account_key = ${accountKey(a)} and address = ${a.ip}
          and last_success_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS}::int)
      ) as known`;
    return rows[0]?.known === true;
  } catch {
    throw unavailable('Rate-limit store unavailable; try again shortly');
  }
}

/** Throws 429 when this attempt may not be tried; counts it against the address. */
export async function assertLoginAllowed(a: LoginAttempt, message: string): Promise<void> {
  const config = env();
  const window = config.LOGIN_RATE_LIMIT_WINDOW_SECONDS;
  const ipVerdict = await consumeRateLimit(`${a.kind}:ip:${a.ip ?? 'unknown'}`, config.LOGIN_RATE_LIMIT_PER_IP, window);
  if (!ipVerdict.allowed) throw tooManyRequests(message, ipVerdict.retryAfterSeconds);
  if (await rateLimitExceeded(pairKey(a), config.LOGIN_RATE_LIMIT_PER_ACCOUNT, window)) throw tooManyRequests(message, window);
  if ((await rateLimitExceeded(accountKey(a), config.LOGIN_RATE_LIMIT_PER_ACCOUNT, window)) && !(await isKnownAddress(a))) {
    throw tooManyRequests(message, window);
  }
}

/** A wrong password (or unknown address): counts against the account and this address on it. */
export async function recordLoginFailure(a: LoginAttempt): Promise<void> {
  const config = env();
  await recordRateLimitEvent(pairKey(a), config.LOGIN_RATE_LIMIT_PER_ACCOUNT, config.LOGIN_RATE_LIMIT_WINDOW_SECONDS);
  await recordRateLimitEvent(accountKey(a), config.LOGIN_RATE_LIMIT_PER_ACCOUNT, config.LOGIN_RATE_LIMIT_WINDOW_SECONDS);
}

/** A sign-in that opened a session: its address becomes (or stays) known for the account. */
export async function recordLoginSuccess(a: LoginAttempt, client: DbOrTx = db): Promise<void> {
  if (!a.ip) return;
  await client.$executeRaw`
    insert into known_login_addresses (account_key, address, last_success_at) values (${accountKey(a)}, ${a.ip}, now())
    on conflict (account_key, address) do update set last_success_at = excluded.last_success_at`;
}

/** Drops addresses not used to sign in for longer than KNOWN_ADDRESS_DAYS (run by the worker). */
export async function pruneKnownLoginAddresses(): Promise<number> {
  return db.$executeRaw`delete from known_login_addresses where last_success_at < now() - make_interval(days => ${KNOWN_ADDRESS_DAYS}::int)`;
}
