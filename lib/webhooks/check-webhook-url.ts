// URL safety for webhook destinations (doc 2, "URL safety"), applied at create, at update and
// before every delivery attempt. The verdict names the one address the delivery may connect
// to: the sender pins its connection to it, so a DNS answer that changes between this check
// and the connect (rebinding) cannot steer the request into a blocked range.
import { isIP } from 'node:net';
import { env } from '@/lib/env';
import { judgeAddress, type AddressPolicy } from '@/lib/webhooks/address-policy';
import { resolveHost, type ResolvedAddress } from '@/lib/webhooks/resolve-host';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type UrlCheck =
  | { ok: true; url: URL; hostname: string; pinned: ResolvedAddress }
  /** invalid: never deliverable as written; unsafe: reaches a blocked target; unresolvable: DNS failed (transient). */
  | { ok: false; kind: 'invalid' | 'unsafe' | 'unresolvable'; reason: string };

// Names that always mean this machine or a cloud metadata service.
const ALWAYS_BLOCKED_NAMES = new Set(['localhost', 'metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

export function currentAddressPolicy(): AddressPolicy {
  const config = env();
  return { hosted: config.IS_HOSTED, allowLoopback: config.WEBHOOK_TEST_ALLOW_LOOPBACK && config.NODE_ENV === 'test' };
}

/** Hostname without IPv6 brackets or a trailing root dot. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

export async function checkWebhookUrl(raw: string, policy: AddressPolicy = currentAddressPolicy()): Promise<UrlCheck> {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return { ok: false, kind: 'invalid', reason: `URL longer than ${MAX_WEBHOOK_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, kind: 'invalid', reason: 'Not an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, kind: 'invalid', reason: 'Only http and https URLs are allowed' };
  if (policy.hosted && url.protocol !== 'https:' && !policy.allowLoopback) return { ok: false, kind: 'invalid', reason: 'HTTPS is required' };
  const hostname = bareHostname(url);
  if (!hostname) return { ok: false, kind: 'invalid', reason: 'URL has no host' };
  if (ALWAYS_BLOCKED_NAMES.has(hostname) || hostname.endsWith('.localhost')) {
    return { ok: false, kind: 'unsafe', reason: `Host ${hostname} is not allowed` };
  }
  if (policy.hosted && hostname.endsWith('.local')) return { ok: false, kind: 'unsafe', reason: `Host ${hostname} is not allowed` };

  let answers: ResolvedAddress[];
  if (isIP(hostname)) {
    answers = [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
  } else {
    try {
      answers = await resolveHost(hostname);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'ERROR';
      return { ok: false, kind: 'unresolvable', reason: `DNS lookup of ${hostname} failed (${code})` };
    }
    if (answers.length === 0) return { ok: false, kind: 'unresolvable', reason: `DNS lookup of ${hostname} returned no address` };
  }

  // Every answer must be acceptable: a client may connect to any of them.
  let allPrivate = true;
  for (const answer of answers) {
    const verdict = judgeAddress(answer.address, policy);
    if (!verdict.allowed) return { ok: false, kind: 'unsafe', reason: `${hostname} resolves to a blocked address (${verdict.category})` };
    allPrivate &&= verdict.privateTarget;
  }
  // Self-hosted: plain http only when the target is private (public targets still need TLS).
  if (url.protocol === 'http:' && !allPrivate) return { ok: false, kind: 'invalid', reason: 'HTTPS is required for public destinations' };
  return { ok: true, url, hostname, pinned: answers[0] };
}
