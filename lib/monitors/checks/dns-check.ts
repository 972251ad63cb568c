// DNS check: resolves the name (A/AAAA through getaddrinfo, which honours /etc/hosts; other
// record types through the system's DNS servers) and optionally expects an answer. No
// connection is made to the target, so there is no address to vet.
import { lookup, Resolver } from 'node:dns/promises';
import { performance } from 'node:perf_hooks';
import type { z } from 'zod';
import type { ZDnsConfig } from '@/lib/monitors/schemas';
import type { CheckOutcome } from '@/lib/monitors/checks/check-outcome';

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(Object.assign(new Error(`Timed out after ${ms} ms`), { code: 'ETIMEOUT' })), ms)))]).finally(() => clearTimeout(timer));
}

async function answersFor(config: z.output<typeof ZDnsConfig>, timeoutMs: number): Promise<string[]> {
  if (config.recordType === 'A' || config.recordType === 'AAAA') {
    const all = await withTimeout(lookup(config.hostname, { all: true, family: config.recordType === 'A' ? 4 : 6 }), timeoutMs);
    return all.map((a) => a.address);
  }
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  switch (config.recordType) {
    case 'CNAME':
      return withTimeout(resolver.resolveCname(config.hostname), timeoutMs);
    case 'NS':
      return withTimeout(resolver.resolveNs(config.hostname), timeoutMs);
    case 'MX':
      return (await withTimeout(resolver.resolveMx(config.hostname), timeoutMs)).map((m) => `${m.priority} ${m.exchange}`);
    case 'TXT':
      return (await withTimeout(resolver.resolveTxt(config.hostname), timeoutMs)).map((t) => t.join(''));
  }
}

export async function dnsCheck(config: z.output<typeof ZDnsConfig>, timeoutMs: number): Promise<CheckOutcome> {
  const started = performance.now();
  try {
    const answers = await answersFor(config, timeoutMs);
    const latencyMs = Math.round(performance.now() - started);
    const exact = config.recordType === 'A' || config.recordType === 'AAAA';
    if (config.expected && !answers.some((a) => (exact ? a === config.expected : a.includes(config.expected!)))) {
      return { status: 'down', latencyMs, message: `Expected ${config.expected}, got ${answers.join(', ') || 'nothing'}`, details: { answers } };
    }
    if (!answers.length) return { status: 'down', latencyMs, message: 'No answer', details: { answers } };
    return { status: 'up', latencyMs, message: `${config.recordType} ${answers.slice(0, 5).join(', ')}`, details: { answers } };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return { status: 'down', latencyMs: null, message: `${e.code ?? 'ERROR'}: ${config.hostname} did not resolve`, details: {} };
  }
}
