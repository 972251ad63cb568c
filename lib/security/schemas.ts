import { z } from 'zod';

export const ZAllowlistStatusQuery = z.object({
  proposed: z
    .string()
    .max(40_000)
    .optional()
    .describe('A candidate allowlist (entries separated by commas, spaces or newlines) to test the caller’s address against before saving it'),
});

const ZVerdict = z.object({
  entries: z.array(z.string()),
  invalidEntries: z.array(z.string()).describe('Entries that are neither an IP address nor a CIDR range (PATCH would answer 400)'),
  allowed: z.boolean().describe('Whether the caller’s address passes this list (true for an empty list)'),
  matchedEntry: z.string().nullable(),
});

export const ZAllowlistStatus = z.object({
  ip: z.string().nullable().describe('The client address as the server resolves it (null when it cannot be trusted)'),
  peer: z.string().nullable().describe('The address of the direct connection (a proxy when one is in front)'),
  viaProxy: z.boolean().describe('True when the address was taken from X-Forwarded-For of a trusted proxy'),
  proxyTrustConfigured: z.boolean().describe('TRUST_PROXY_HEADERS and TRUSTED_PROXY_CIDRS are set; required to enable an allowlist'),
  enabled: z.boolean().describe('The partner’s allowlist is non-empty'),
  current: ZVerdict,
  proposed: ZVerdict.nullable(),
});
