// Where a monitor may connect. Hosted: the webhook URL-safety rules (public targets only,
// HTTPS for HTTP monitors, DNS answers checked, the connection pinned to the checked address).
// Self-hosted (IS_HOSTED=false): any target — monitoring the LAN is the point — except cloud
// metadata endpoints.
import { isIP } from 'node:net';
import { env } from '@/lib/env';
import { classifyAddress, judgeAddress } from '@/lib/webhooks/address-policy';
import { checkWebhookUrl, currentAddressPolicy } from '@/lib/webhooks/check-webhook-url';
import { resolveHost, type ResolvedAddress } from '@/lib/webhooks/resolve-host';

export type TargetCheck = { ok: true; pinned: ResolvedAddress } | { ok: false; reason: string };

export async function checkMonitorHost(rawHost: string): Promise<TargetCheck> {
  const host = rawHost.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  const hosted = env().IS_HOSTED;
  if (hosted && (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local'))) return { ok: false, reason: `Host ${host} is not allowed` };
  let answers: ResolvedAddress[];
  if (isIP(host)) answers = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      answers = await resolveHost(host);
    } catch (error) {
      return { ok: false, reason: `DNS lookup of ${host} failed (${(error as { code?: string }).code ?? 'ERROR'})` };
    }
    if (!answers.length) return { ok: false, reason: `DNS lookup of ${host} returned no address` };
  }
  for (const a of answers) {
    if (hosted) {
      const verdict = judgeAddress(a.address, currentAddressPolicy());
      if (!verdict.allowed) return { ok: false, reason: `${host} resolves to a blocked address (${verdict.category})` };
    } else if (classifyAddress(a.address) === 'metadata') {
      return { ok: false, reason: `${host} resolves to a cloud metadata address` };
    }
  }
  return { ok: true, pinned: answers[0] };
}

export async function checkMonitorUrl(raw: string): Promise<{ ok: true; url: URL; pinned: ResolvedAddress } | { ok: false; reason: string }> {
  if (env().IS_HOSTED) {
    const check = await checkWebhookUrl(raw);
    return check.ok ? { ok: true, url: check.url, pinned: check.pinned } : { ok: false, reason: check.reason };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'Not an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'Only http and https URLs are allowed' };
  const host = await checkMonitorHost(url.hostname);
  return host.ok ? { ok: true, url, pinned: host.pinned } : host;
}
