// Schemas of privileged access management: elevation rules, signer groups, the per-organization
// default verdict and elevation requests (from agents, read and decided by technicians).
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';

export const HEX64 = /^[0-9a-fA-F]{64}$/;
export const PAM_VERDICTS = ['approve', 'deny'] as const;
export const DEFAULT_VERDICTS = ['pending', 'approve', 'deny'] as const;
export const REQUEST_STATUSES = ['pending', 'approved', 'denied', 'revoked', 'completed', 'expired'] as const;
export const MAX_DURATION_MINUTES = 24 * 60;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalMatch = (max: number) => text(max).nullable().optional();
const hex64 = (what: string) =>
  z
    .string()
    .trim()
    .regex(HEX64, `${what} must be 64 hexadecimal characters`)
    .transform((v) => v.toLowerCase());

/** The nine match fields of a rule, exactly as named by the API. */
export const MATCH_FIELDS = ['matchSigner', 'matchSignerThumbprint', 'matchSignerGroupId', 'matchHash', 'matchPathGlob', 'matchParentImage', 'matchCommandLine', 'matchUser', 'matchAdGroup'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];

const ZMatchShape = {
  matchSigner: optionalMatch(255).describe('Code-signer name (case-insensitive); mutually exclusive with matchSignerGroupId'),
  matchSignerThumbprint: hex64('matchSignerThumbprint').nullable().optional().describe('Code-signing certificate thumbprint, 64 hex characters, stored lowercased; mutually exclusive with matchSignerGroupId'),
  matchSignerGroupId: z.string().uuid().nullable().optional().describe('A signer group of the same organization'),
  matchHash: hex64('matchHash').nullable().optional().describe('SHA-256 of the executable, 64 hex characters'),
  matchPathGlob: optionalMatch(1024).describe('Executable path glob: `*` any characters but `/`, `**` any characters, `?` one character'),
  matchParentImage: optionalMatch(1024).describe('Parent process image path (exact, or a glob)'),
  matchCommandLine: optionalMatch(2048).describe('Command-line substring, or a glob when it contains `*` or `?`'),
  matchUser: optionalMatch(255).describe('Subject username (case-insensitive)'),
  matchAdGroup: optionalMatch(255).describe('A directory (or local) group of the subject (case-insensitive)'),
};

const ZRuleSettings = {
  name: text(255),
  verdict: z.enum(PAM_VERDICTS),
  priority: z.number().int().min(0).max(10_000).default(100).describe('Lower first; the first enabled matching rule decides'),
  enabled: z.boolean().default(true),
  durationMinutes: z.number().int().min(1).max(MAX_DURATION_MINUTES).default(15).describe('Elevation length an approving rule grants'),
};

type MatchInput = Partial<Record<MatchField, string | null | undefined>>;

/** At least one match field, and no signer group beside a direct signer field. */
export function refineMatch(value: MatchInput, ctx: z.RefinementCtx, requireOne: boolean): void {
  if (requireOne && !MATCH_FIELDS.some((f) => value[f] !== undefined && value[f] !== null)) {
    ctx.addIssue({ code: 'custom', path: [], message: `At least one match field is required (${MATCH_FIELDS.join(', ')})` });
  }
  if (value.matchSignerGroupId && (value.matchSigner || value.matchSignerThumbprint)) {
    ctx.addIssue({ code: 'custom', path: ['matchSignerGroupId'], message: 'matchSignerGroupId cannot be combined with matchSigner or matchSignerThumbprint' });
  }
}

export const ZCreatePamRule = z
  .object({ orgId: z.string().uuid().optional().describe('Owner organization; organization callers default to their own'), ...ZRuleSettings, ...ZMatchShape })
  .strict()
  .superRefine((v, ctx) => refineMatch(v, ctx, true));
export type CreatePamRule = z.output<typeof ZCreatePamRule>;

export const ZUpdatePamRule = z
  .object({
    name: text(255).optional(),
    verdict: z.enum(PAM_VERDICTS).optional(),
    priority: z.number().int().min(0).max(10_000).optional(),
    enabled: z.boolean().optional(),
    durationMinutes: z.number().int().min(1).max(MAX_DURATION_MINUTES).optional(),
    ...ZMatchShape,
  })
  .strict()
  .superRefine((v, ctx) => refineMatch(v, ctx, false))
  .refine((v) => Object.keys(v).length > 0, 'Give at least one field to change');
export type UpdatePamRule = z.output<typeof ZUpdatePamRule>;

export const ZPreviewPamRule = z
  .object({
    orgId: z.string().uuid().optional(),
    days: z.number().int().min(1).max(90).default(30).describe('How far back to look'),
    ...ZMatchShape,
  })
  .strict()
  .superRefine((v, ctx) => refineMatch(v, ctx, true));
export type PreviewPamRule = z.output<typeof ZPreviewPamRule>;

export const ZPamRule = z
  .object({
    id: z.string().uuid(),
    orgId: z.string().uuid(),
    name: z.string(),
    verdict: z.enum(PAM_VERDICTS),
    priority: z.number().int(),
    enabled: z.boolean(),
    durationMinutes: z.number().int(),
    matchSigner: z.string().nullable(),
    matchSignerThumbprint: z.string().nullable(),
    matchSignerGroupId: z.string().uuid().nullable(),
    matchHash: z.string().nullable(),
    matchPathGlob: z.string().nullable(),
    matchParentImage: z.string().nullable(),
    matchCommandLine: z.string().nullable(),
    matchUser: z.string().nullable(),
    matchAdGroup: z.string().nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'PamRule' });
export type TPamRule = z.infer<typeof ZPamRule>;

export const ZListPamQuery = pageQuery(50, 100).extend({ orgId: z.string().uuid().optional() });
export type ListPamQuery = z.output<typeof ZListPamQuery>;

const signerList = z.array(text(255)).max(200);
const thumbprintList = z.array(hex64('thumbprint')).max(200);

export const ZCreateSignerGroup = z
  .object({ orgId: z.string().uuid().optional(), name: text(255), description: z.string().trim().max(2000).nullable().optional(), signers: signerList.default([]), thumbprints: thumbprintList.default([]) })
  .strict()
  .refine((v) => v.signers.length + v.thumbprints.length > 0, 'A signer group needs at least one signer or thumbprint');
export type CreateSignerGroup = z.output<typeof ZCreateSignerGroup>;

export const ZUpdateSignerGroup = z
  .object({ name: text(255).optional(), description: z.string().trim().max(2000).nullable().optional(), signers: signerList.optional(), thumbprints: thumbprintList.optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Give at least one field to change');
export type UpdateSignerGroup = z.output<typeof ZUpdateSignerGroup>;

export const ZSignerGroup = z
  .object({ id: z.string().uuid(), orgId: z.string().uuid(), name: z.string(), description: z.string().nullable(), signers: z.array(z.string()), thumbprints: z.array(z.string()), ruleCount: z.number().int(), createdAt: ZTimestamp, updatedAt: ZTimestamp })
  .meta({ id: 'PamSignerGroup' });

export const ZPamConfigQuery = z.object({ orgId: z.string().uuid().optional() });
export const ZPutPamConfig = z
  .object({
    orgId: z.string().uuid().optional(),
    defaultVerdict: z.enum(DEFAULT_VERDICTS).describe('What happens to a request no rule matches: `pending` waits for a technician'),
    defaultDurationMinutes: z.number().int().min(1).max(MAX_DURATION_MINUTES).default(15).describe('Elevation length granted by the default verdict or by a technician who gives none'),
  })
  .strict();
export type PutPamConfig = z.output<typeof ZPutPamConfig>;
export const ZPamConfig = z.object({ orgId: z.string().uuid(), defaultVerdict: z.enum(DEFAULT_VERDICTS), defaultDurationMinutes: z.number().int(), updatedAt: ZTimestamp.nullable() }).meta({ id: 'PamConfig' });

export const ZElevationRequest = z
  .object({
    id: z.string().uuid(),
    orgId: z.string().uuid(),
    deviceId: z.string().uuid(),
    hostname: z.string().nullable(),
    executablePath: z.string(),
    sha256: z.string(),
    signer: z.string().nullable(),
    signerThumbprint: z.string().nullable(),
    parentImage: z.string().nullable(),
    commandLine: z.string(),
    user: z.string(),
    groups: z.array(z.string()),
    reason: z.string().nullable(),
    status: z.enum(REQUEST_STATUSES),
    decidedBy: z.enum(['rule', 'default', 'technician']).nullable(),
    ruleId: z.string().uuid().nullable(),
    decidedByUserId: z.string().uuid().nullable(),
    decisionNote: z.string().nullable(),
    durationMinutes: z.number().int().nullable(),
    decidedAt: ZTimestamp.nullable(),
    expiresAt: ZTimestamp.nullable(),
    revokedAt: ZTimestamp.nullable(),
    endedAt: ZTimestamp.nullable(),
    exitCode: z.number().int().nullable(),
    createdAt: ZTimestamp,
  })
  .meta({ id: 'PamElevationRequest' });
export type TElevationRequest = z.infer<typeof ZElevationRequest>;

export const ZListElevationRequestsQuery = pageQuery(50, 100).extend({
  orgId: z.string().uuid().optional(),
  deviceId: z.string().uuid().optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  user: z.string().trim().min(1).max(255).optional(),
  search: z.string().trim().min(1).max(255).optional().describe('Substring of the executable path or command line'),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
});
export type ListElevationRequestsQuery = z.output<typeof ZListElevationRequestsQuery>;

export const ZRespondBody = z
  .object({
    decision: z.enum(['approve', 'deny']),
    durationMinutes: z.number().int().min(1).max(MAX_DURATION_MINUTES).optional().describe('Approval length; the organization default when omitted'),
    note: z.string().trim().max(1000).optional(),
  })
  .strict();
export type RespondBody = z.output<typeof ZRespondBody>;
export const ZRevokeBody = z.object({ note: z.string().trim().max(1000).optional() }).strict();

export const ZRulePreview = z.object({
  days: z.number().int(),
  scanned: z.number().int().describe('Recent requests looked at (at most 1000, newest first)'),
  matched: z.number().int(),
  requests: z.array(ZElevationRequest).describe('The matching requests, newest first (at most 100)'),
});

// The agent side.
export const ZAgentElevationRequest = z
  .object({
    executablePath: z.string().min(1).max(1024),
    sha256: z.string().regex(HEX64).transform((v) => v.toLowerCase()),
    signer: z.string().min(1).max(255).nullable().default(null),
    signerThumbprint: z.string().regex(HEX64).transform((v) => v.toLowerCase()).nullable().default(null),
    parentImage: z.string().min(1).max(1024).nullable().default(null),
    commandLine: z.string().min(1).max(4096),
    user: z.string().min(1).max(255),
    groups: z.array(z.string().min(1).max(255)).max(200).default([]),
    reason: z.string().trim().max(1000).nullable().default(null),
  })
  .strict();
export type AgentElevationRequest = z.output<typeof ZAgentElevationRequest>;

export const ZAgentElevationParams = z.object({ agentId: z.string().uuid(), id: z.string().uuid() });
export const ZAgentElevationState = z.object({
  id: z.string().uuid(),
  status: z.enum(REQUEST_STATUSES),
  decidedBy: z.enum(['rule', 'default', 'technician']).nullable(),
  expiresAt: ZTimestamp.nullable(),
  note: z.string().nullable(),
});
export const ZAgentElevationFinish = z
  .object({ exitCode: z.number().int().min(-1).max(255).nullable(), outcome: z.enum(['exited', 'revoked', 'expired', 'failed']) })
  .strict();
