// Email domains of SSO providers and the proof of owning them. A provider's domain starts
// pending with a random token; the partner publishes it as a DNS TXT record at
// `_rmm-sso.<domain>` (value `rmm-sso-verification=<token>`) and asks for a check. Until then
// the domain routes no sign-ins: the login page does not send its addresses to the provider,
// the provider cannot create users for its addresses on its own word, nor link existing
// accounts by address. Pending claims block nobody; a verified one belongs to one partner.
import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import type { Tx } from '@/lib/db';
import type { SsoDomain } from '@/lib/generated/prisma/client';
import { env } from '@/lib/env';
import { conflict } from '@/lib/http/errors';

export const DNS_RECORD_PREFIX = '_rmm-sso';
export const TXT_VALUE_PREFIX = 'rmm-sso-verification=';
const DNS_TIMEOUT_MS = 3000;

export type DomainStatus = 'pending' | 'verified';

export function txtRecordName(domain: string): string {
  return `${DNS_RECORD_PREFIX}.${domain}`;
}

export function txtRecordValue(token: string): string {
  return `${TXT_VALUE_PREFIX}${token}`;
}

export const newVerificationToken = () => randomBytes(24).toString('hex');

/** The domain part of an address, lowercased; '' when there is none. */
export function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).trim().toLowerCase();
}

/**
 * Makes the provider's domain rows match the list: new domains start pending with a fresh
 * token, domains kept keep their status and token, domains dropped are removed. A domain
 * another provider of the same partner claims, or another partner has verified, is refused.
 */
export async function syncProviderDomains(tx: Tx, provider: { id: string; partnerId: string }, domains: string[]): Promise<void> {
  const wanted = [...new Set(domains)];
  const current = await tx.ssoDomain.findMany({ where: { providerId: provider.id } });
  const have = new Set(current.map((d) => d.domain));
  const added = wanted.filter((d) => !have.has(d));
  if (added.length > 0) {
    const taken = await tx.ssoDomain.findMany({
      where: {
        domain: { in: added },
        OR: [{ partnerId: provider.partnerId }, { status: 'verified' }],
      },
      select: { domain: true },
    });
    if (taken.length > 0) {
      const list = [...new Set(taken.map((t) => t.domain))].sort();
      throw conflict(`Another SSO provider already claims ${list.join(', ')}`, 'EMAIL_DOMAIN_CLAIMED', { domains: list });
    }
    await tx.ssoDomain.createMany({
      data: added.map((domain) => ({ providerId: provider.id, partnerId: provider.partnerId, domain, verificationToken: newVerificationToken() })),
    });
  }
  const dropped = current.filter((d) => !wanted.includes(d.domain)).map((d) => d.id);
  if (dropped.length > 0) await tx.ssoDomain.deleteMany({ where: { id: { in: dropped } } });
}

/** Whether the provider has proven it owns the domain. */
export async function isVerifiedDomain(tx: Tx, providerId: string, domain: string): Promise<boolean> {
  if (!domain) return false;
  return (await tx.ssoDomain.count({ where: { providerId, domain, status: 'verified' } })) > 0;
}

export interface TxtLookup {
  found: boolean;
  error: string | null;
}

function dnsResolver(): Resolver {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 2 });
  const servers = env().SSO_DNS_SERVERS;
  if (servers.length > 0) resolver.setServers(servers);
  return resolver;
}

const DNS_ERRORS: Record<string, string> = {
  ENOTFOUND: 'No TXT record exists at that name (the name does not exist)',
  ENODATA: 'The name exists but has no TXT record',
  ETIMEOUT: 'The DNS servers did not answer in time',
  ECONNREFUSED: 'The DNS servers refused the query',
  ESERVFAIL: 'The DNS servers failed to answer (SERVFAIL)',
  EREFUSED: 'The DNS servers refused the query',
};

/** Looks the token up at `_rmm-sso.<domain>`; any of the TXT records there may carry it. */
export async function lookupVerificationRecord(domain: string, token: string): Promise<TxtLookup> {
  let records: string[][];
  try {
    records = await dnsResolver().resolveTxt(txtRecordName(domain));
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    return { found: false, error: DNS_ERRORS[code] ?? `DNS lookup failed (${code || (error as Error).message})` };
  }
  // A TXT record longer than 255 characters arrives in chunks: they form one value.
  const values = records.map((chunks) => chunks.join('').trim());
  if (values.includes(txtRecordValue(token))) return { found: true, error: null };
  return {
    found: false,
    error: values.some((v) => v.startsWith(TXT_VALUE_PREFIX))
      ? 'A verification record exists but its token does not match this domain’s'
      : 'No TXT record at that name carries the verification token',
  };
}

export function toSsoDomainDto(d: SsoDomain) {
  return {
    domain: d.domain,
    status: d.status as DomainStatus,
    verifiedAt: d.verifiedAt?.toISOString() ?? null,
    lastCheckedAt: d.lastCheckedAt?.toISOString() ?? null,
    lastCheckError: d.lastCheckError,
    txtRecord: { name: txtRecordName(d.domain), value: txtRecordValue(d.verificationToken) },
  };
}
