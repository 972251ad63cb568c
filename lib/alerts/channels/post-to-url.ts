// One POST for the HTTP channel kinds, through the webhook sender: the URL is re-checked against
// the URL-safety rules before every send and the connection pinned to the checked address.
import { performance } from 'node:perf_hooks';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { sendWebhookRequest } from '@/lib/webhooks/send-webhook-request';

export interface SendOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
}

const SEND_TIMEOUT_MS = 15_000;

export async function postToUrl(url: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
  const started = performance.now();
  const check = await checkWebhookUrl(url);
  if (!check.ok) return { ok: false, status: null, error: `Unsafe or invalid URL: ${check.reason}`, durationMs: Math.round(performance.now() - started) };
  const res = await sendWebhookRequest({ url: check.url, pinned: check.pinned, headers, body, timeoutMs: SEND_TIMEOUT_MS });
  const ok = res.status !== null && res.status >= 200 && res.status < 300;
  const error = ok ? null : res.error ?? `HTTP ${res.status}${res.body ? `: ${res.body}` : ''}`;
  return { ok, status: res.status, error, durationMs: res.durationMs };
}

