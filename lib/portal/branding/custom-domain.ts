// Custom portal domains: a DNS host name the MSP points at this service (CNAME). Stored
// lowercased without port or trailing dot; IP addresses, single labels and the service's own
// host are refused.
import { z } from 'zod';
import { publicBaseUrl } from '@/lib/public-url';
import { normalizeIp } from '@/lib/net/ip';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function isValidCustomDomain(domain: string): boolean {
  if (domain.length > 253 || normalizeIp(domain) !== null) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  // The top-level label is never all digits.
  return !/^\d+$/.test(labels[labels.length - 1]);
}

export const ZCustomDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/\.$/, ''))
  .refine(isValidCustomDomain, 'must be a host name such as support.example.com (no scheme, port or path)')
  .refine((v) => v !== new URL(publicBaseUrl()).hostname, 'must differ from the service’s own host (APP_BASE_URL)');
