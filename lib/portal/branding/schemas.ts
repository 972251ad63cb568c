import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { HEX_COLOR } from '@/lib/portal/branding/colors';
import { ZCustomDomain } from '@/lib/portal/branding/custom-domain';

const ZColor = z.string().trim().regex(HEX_COLOR, 'must be a #rrggbb colour').transform((v) => v.toLowerCase());
const ZHttpsUrl = z
  .string()
  .trim()
  .max(2048)
  .url()
  .refine((v) => v.startsWith('https://'), 'must be an https:// URL');
const ZWebUrl = z
  .string()
  .trim()
  .max(2048)
  .url()
  .refine((v) => /^https?:\/\//.test(v), 'must be an http(s):// URL');

/** PATCH body: only the fields sent change; an explicit null clears a field (it then inherits). */
export const ZUpdateBranding = z
  .object({
    name: z.string().trim().min(1).max(255).nullable().describe('Portal title; default: the partner name'),
    customDomain: ZCustomDomain.nullable().describe('Host name the portal is also served under, e.g. support.example.com; unique across the service'),
    primaryColor: ZColor.nullable().describe('Header and button colour, #rrggbb'),
    accentColor: ZColor.nullable().describe('Links and highlights, #rrggbb'),
    logoUrl: ZHttpsUrl.nullable().describe('An https image URL the browser loads; used only while no logo is uploaded (PUT …/logo). The service never fetches it.'),
    supportEmail: z.string().trim().toLowerCase().email().max(255).nullable(),
    supportPhone: z.string().trim().min(1).max(64).nullable(),
    supportUrl: ZWebUrl.nullable(),
  })
  .partial()
  .strict();

export const ZPublicBranding = z.object({
  level: z.enum(['default', 'partner', 'organization']).describe('Which configuration decided the values (organization values override the partner’s field by field)'),
  name: z.string(),
  site: z.string().describe('The partner’s portal key: pass it as `site` to sign in on the shared host'),
  customDomain: z.string().nullable(),
  logoUrl: z.string().nullable(),
  colors: z.object({ primary: z.string(), primaryText: z.string(), accent: z.string(), accentText: z.string() }),
  support: z.object({ email: z.string().nullable(), phone: z.string().nullable(), url: z.string().nullable() }),
}).meta({ id: 'PortalPublicBranding' });
export type TPublicBranding = z.infer<typeof ZPublicBranding>;

export const ZBranding = z.object({
  id: z.string().uuid().nullable().describe('null while nothing is configured at this level'),
  level: z.enum(['partner', 'organization']),
  partnerId: z.string().uuid(),
  orgId: z.string().uuid().nullable(),
  name: z.string().nullable(),
  customDomain: z.string().nullable(),
  primaryColor: z.string().nullable(),
  accentColor: z.string().nullable(),
  logoUrl: z.string().nullable(),
  logo: z.object({ contentType: z.string(), sizeBytes: z.number().int(), sha256: z.string(), url: z.string() }).nullable(),
  supportEmail: z.string().nullable(),
  supportPhone: z.string().nullable(),
  supportUrl: z.string().nullable(),
  updatedAt: ZTimestamp.nullable(),
  effective: ZPublicBranding.describe('What the portal shows for this level, after inheritance and defaults'),
}).meta({ id: 'PortalBranding' });

export const ZDomainParams = z.object({ domain: z.string().min(1).max(300) });
export const ZSiteQuery = z.object({ site: z.string().trim().max(100).optional().describe('Partner portal key (slug), used when the Host is not a custom domain') });
