// Adapters to the two EDR wire shapes: each pages through the provider's API and maps its records
// to findings (severity p1–p4, the provider's status, the host name and, when the provider gives
// one, a console link). The mapping functions are pure; fetching goes through a pinned address.
import http from 'node:http';
import https from 'node:https';
import { z } from 'zod';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { pinnedLookup } from '@/lib/webhooks/send-webhook-request';
import type { EdrProvider, Severity } from '@/lib/incidents/schemas';

export interface MappedFinding {
  externalId: string;
  title: string;
  severity: Severity;
  edrStatus: string | null;
  hostname: string | null;
  detectedAt: Date;
  linkOut: string | null;
  raw: Record<string, unknown>;
}

const ZEdrAAlert = z.object({
  id: z.string().min(1).max(255),
  title: z.string().max(500).nullish(),
  severity: z.string().max(32).nullish(),
  status: z.string().max(64).nullish(),
  computerDnsName: z.string().max(255).nullish(),
  alertCreationTime: z.string().datetime({ offset: true }),
  alertUrl: z.string().max(2048).nullish(),
}).passthrough();
const ZEdrAPage = z.object({ value: z.array(z.unknown()), '@odata.nextLink': z.string().nullish() });

const ZEdrBThreat = z.object({
  id: z.string().min(1).max(255),
  agentRealtimeInfo: z.object({ agentComputerName: z.string().max(255).nullish() }).passthrough().nullish(),
  threatInfo: z.object({
    threatName: z.string().max(500).nullish(),
    confidenceLevel: z.string().max(32).nullish(),
    incidentStatus: z.string().max(64).nullish(),
    mitigationStatus: z.string().max(64).nullish(),
    createdAt: z.string().datetime({ offset: true }),
  }).passthrough(),
}).passthrough();
const ZEdrBPage = z.object({ data: z.array(z.unknown()), pagination: z.object({ nextCursor: z.string().nullish() }).passthrough().nullish() });

const A_SEVERITY: Record<string, Severity> = { high: 'p1', medium: 'p2', low: 'p3', informational: 'p4' };

/** edr_a: High → p1, Medium → p2, Low → p3, Informational (or unknown) → p4; links only to http(s). */
export function mapEdrAAlert(raw: unknown): MappedFinding | null {
  const parsed = ZEdrAAlert.safeParse(raw);
  if (!parsed.success) return null;
  const a = parsed.data;
  const link = a.alertUrl && /^https?:\/\//i.test(a.alertUrl) ? a.alertUrl : null;
  return {
    externalId: a.id,
    title: a.title?.trim() || 'Untitled alert',
    severity: A_SEVERITY[(a.severity ?? '').toLowerCase()] ?? 'p4',
    edrStatus: a.status ?? null,
    hostname: a.computerDnsName ?? null,
    detectedAt: new Date(a.alertCreationTime),
    linkOut: link,
    raw: a as Record<string, unknown>,
  };
}

/** edr_b: malicious and still active → p1, malicious → p2, suspicious → p3, else p4. No console link. */
export function mapEdrBThreat(raw: unknown): MappedFinding | null {
  const parsed = ZEdrBThreat.safeParse(raw);
  if (!parsed.success) return null;
  const t = parsed.data;
  const info = t.threatInfo;
  const malicious = info.confidenceLevel === 'malicious';
  const severity: Severity = malicious && info.mitigationStatus !== 'mitigated' ? 'p1' : malicious ? 'p2' : info.confidenceLevel === 'suspicious' ? 'p3' : 'p4';
  return {
    externalId: t.id,
    title: info.threatName?.trim() || 'Unnamed threat',
    severity,
    edrStatus: info.incidentStatus ?? null,
    hostname: t.agentRealtimeInfo?.agentComputerName ?? null,
    detectedAt: new Date(info.createdAt),
    linkOut: null,
    raw: t as Record<string, unknown>,
  };
}

const MAX_PAGES = 50;
const TIMEOUT_MS = 20_000;
const MAX_BYTES = 8 * 1024 * 1024;

export class EdrFetchError extends Error {}

/** One GET to a URL that passed the URL-safety check, connected to the address it pinned. */
async function getJson(rawUrl: string, authorization: string): Promise<unknown> {
  const check = await checkWebhookUrl(rawUrl);
  if (!check.ok) throw new EdrFetchError(`Refused URL: ${check.reason}`);
  const lib = check.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(check.url, { method: 'GET', headers: { authorization, accept: 'application/json', 'user-agent': 'rmm-incidents' }, lookup: pinnedLookup(check.pinned), agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BYTES) req.destroy(new EdrFetchError('Response too large'));
        else chunks.push(c);
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status !== 200) return reject(new EdrFetchError(`HTTP ${status} from ${check.url.host}`));
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          reject(new EdrFetchError('Response is not JSON'));
        }
      });
      res.on('error', reject);
    });
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new EdrFetchError(`No answer within ${TIMEOUT_MS} ms`)));
    req.on('error', (e) => reject(e instanceof EdrFetchError ? e : new EdrFetchError(e.message)));
    req.end();
  });
}

/** Same origin only: a next-page link elsewhere is not followed. */
function sameOrigin(base: string, next: string): boolean {
  try {
    return new URL(next).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

export async function fetchFindings(provider: EdrProvider, baseUrl: string, token: string): Promise<MappedFinding[]> {
  const base = baseUrl.replace(/\/+$/, '');
  const out: MappedFinding[] = [];
  if (provider === 'edr_a') {
    let url: string | null = `${base}/api/alerts?$top=100&$skip=0`;
    for (let i = 0; url && i < MAX_PAGES; i++) {
      const page = ZEdrAPage.safeParse(await getJson(url, `Bearer ${token}`));
      if (!page.success) throw new EdrFetchError('Unexpected alerts page shape');
      for (const r of page.data.value) {
        const f = mapEdrAAlert(r);
        if (f) out.push(f);
      }
      const next = page.data['@odata.nextLink'];
      url = next && sameOrigin(base, next) ? next : null;
    }
  } else {
    let cursor: string | null = null;
    for (let i = 0; i < MAX_PAGES; i++) {
      const url = `${base}/web/api/v2.1/threats?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = ZEdrBPage.safeParse(await getJson(url, `ApiToken ${token}`));
      if (!page.success) throw new EdrFetchError('Unexpected threats page shape');
      for (const r of page.data.data) {
        const f = mapEdrBThreat(r);
        if (f) out.push(f);
      }
      cursor = page.data.pagination?.nextCursor ?? null;
      if (!cursor) break;
    }
  }
  return out;
}
