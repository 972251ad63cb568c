// Schemas of the incident feed, tracked incidents and EDR integrations.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';

export const SEVERITIES = ['p1', 'p2', 'p3', 'p4'] as const;
export const INCIDENT_STATUSES = ['open', 'investigating', 'contained', 'resolved', 'closed'] as const;
export const EDR_PROVIDERS = ['edr_a', 'edr_b'] as const;
export const PROMOTE_KINDS = ['alert', 'finding', 'threat'] as const;
export type Severity = (typeof SEVERITIES)[number];
export type EdrProvider = (typeof EDR_PROVIDERS)[number];

export const ZFeedQuery = pageQuery(25, 100).extend({
  orgId: z.string().uuid().optional(),
  kind: z.enum(['tracked', 'finding']).optional(),
  source: z.enum(['native', ...EDR_PROVIDERS]).optional(),
});
export type FeedQuery = z.output<typeof ZFeedQuery>;

export const ZFeedRow = z
  .object({
    kind: z.enum(['tracked', 'finding']),
    source: z.enum(['native', ...EDR_PROVIDERS]),
    sourceId: z.string().describe('Tracked rows: the incident id. Finding rows: the finding id (what `POST /incidents/promote` takes)'),
    title: z.string(),
    severity: z.enum(SEVERITIES),
    edrStatus: z.string().nullable(),
    status: z.string().describe('Tracked rows: the incident status. Finding rows: `untracked`'),
    deviceId: z.string().uuid().nullable(),
    detectedAt: ZTimestamp,
    trackedIncidentId: z.string().uuid().nullable(),
    linkOut: z.string().nullable(),
  })
  .meta({ id: 'IncidentFeedRow' });
export type TFeedRow = z.infer<typeof ZFeedRow>;

const text = (max: number) => z.string().trim().min(1).max(max);

export const ZCreateIncident = z
  .object({
    orgId: z.string().uuid().optional(),
    title: text(500),
    description: z.string().trim().max(10_000).nullable().optional(),
    severity: z.enum(SEVERITIES),
    deviceId: z.string().uuid().nullable().optional(),
    detectedAt: z.string().datetime({ offset: true }).optional(),
  })
  .strict();
export type CreateIncident = z.output<typeof ZCreateIncident>;

export const ZPromote = z
  .object({
    sourceKind: z.enum(PROMOTE_KINDS).describe('`alert`: an alert id; `finding`: the id of an EDR finding row of the feed; `threat`: a threat a scan detected (GET /security/threats)'),
    sourceId: z.string().uuid(),
    severity: z.enum(SEVERITIES).optional().describe('Overrides the severity derived from the source'),
    title: text(500).optional(),
    incidentId: z.string().uuid().optional().describe('Threats only: link the threat to this existing incident of its organization instead of opening a new one (the answer is that incident)'),
  })
  .strict();
export type Promote = z.output<typeof ZPromote>;

export const ZUpdateIncident = z
  .object({
    title: text(500).optional(),
    description: z.string().trim().max(10_000).nullable().optional(),
    severity: z.enum(SEVERITIES).optional(),
    status: z.enum(INCIDENT_STATUSES).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Give at least one field to change');
export type UpdateIncident = z.output<typeof ZUpdateIncident>;

export const ZIncident = z
  .object({
    id: z.string().uuid(),
    orgId: z.string().uuid(),
    deviceId: z.string().uuid().nullable(),
    title: z.string(),
    description: z.string().nullable(),
    severity: z.enum(SEVERITIES),
    status: z.enum(INCIDENT_STATUSES),
    sourceKind: z.enum(['manual', ...PROMOTE_KINDS]),
    sourceId: z.string().nullable(),
    edrStatus: z.string().nullable(),
    detectedAt: ZTimestamp,
    resolvedAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'Incident' });
export type TIncident = z.infer<typeof ZIncident>;

export const ZCreateIntegration = z
  .object({
    orgId: z.string().uuid().optional(),
    provider: z.enum(EDR_PROVIDERS),
    name: text(255),
    baseUrl: z.string().trim().url().max(2048),
    apiToken: z.string().min(8).max(4096).describe('Stored encrypted; never returned'),
    enabled: z.boolean().default(true),
  })
  .strict();
export type CreateIntegration = z.output<typeof ZCreateIntegration>;

export const ZIntegration = z
  .object({
    id: z.string().uuid(),
    orgId: z.string().uuid(),
    provider: z.enum(EDR_PROVIDERS),
    name: z.string(),
    baseUrl: z.string(),
    enabled: z.boolean(),
    lastSyncAt: ZTimestamp.nullable(),
    lastError: z.string().nullable(),
    findingCount: z.number().int(),
    createdAt: ZTimestamp,
  })
  .meta({ id: 'EdrIntegration' });

export const ZListIntegrationsQuery = pageQuery(50, 100).extend({ orgId: z.string().uuid().optional() });
