import { z } from 'zod';
import { ZCursorPageMeta, ZPageOf, ZTimestamp } from '@/lib/http/common-schemas';

export const AUDIT_RESULTS = ['success', 'denied', 'failure'] as const;

export const ZAuditEntry = z.object({
  id: z.string().uuid(),
  createdAt: ZTimestamp,
  actorType: z.string().describe('The kind of caller that acted (user, apiKey, system …)'),
  actorId: z.string().uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  partnerId: z.string().uuid().nullable(),
  orgId: z.string().uuid().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  result: z.string().describe('success, denied or failure'),
  details: z.record(z.string(), z.unknown()),
}).meta({ id: 'AuditEntry' });
export type TAuditEntry = z.output<typeof ZAuditEntry>;

const text = (max: number) => z.string().trim().min(1).max(max);

/** The filters every audit read takes (lists, search, export, reports, stats). */
export const auditFilterShape = {
  actor: text(255).optional().describe('Actor id (a uuid) or email address (case-insensitive)'),
  actorId: z.string().uuid().optional(),
  actorEmail: text(255).optional().describe('Exact actor email, case-insensitive'),
  actorType: text(32).optional().describe('user, apiKey, servicePrincipal, portal, agent, system …'),
  action: text(100).optional().describe('Exact action, or a prefix ending in "." or "*" (e.g. "user." or "user.login*")'),
  actionPrefix: text(100).optional().describe('Every action starting with this text'),
  targetType: text(64).optional(),
  targetId: text(100).optional(),
  orgId: z.string().uuid().optional().describe('Entries of this organization (within your scope)'),
  partnerId: z.string().uuid().optional().describe('Entries of this partner; only narrows within your scope'),
  result: z.enum(AUDIT_RESULTS).optional(),
  from: z.coerce.date().optional().describe('Entries at or after this time (ISO 8601)'),
  to: z.coerce.date().optional().describe('Entries at or before this time (ISO 8601)'),
};

export const ZAuditFilters = z.object(auditFilterShape).superRefine(checkRange);
export type TAuditFilters = z.output<typeof ZAuditFilters> & { q?: string };

/** `from` after `to` is a 400 naming `to`, not an empty answer. */
export function checkRange<T extends { from?: Date; to?: Date }>(v: T, ctx: z.RefinementCtx<T>) {
  if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` must not be before `from`' });
}

const pagingShape = {
  page: z.coerce.number().int().min(1).default(1).describe('Page mode (no `cursor`): the 1-based page'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(2000).optional().describe('Selects cursor mode: empty for the first page, then each `nextCursor`. Without it page mode answers'),
};

export const ZListAuditLogsQuery = z.object({ ...auditFilterShape, ...pagingShape }).superRefine(checkRange);
export type TListAuditLogsQuery = z.output<typeof ZListAuditLogsQuery>;

export const ZSearchText = z
  .string()
  .trim()
  .min(2, 'Search for at least 2 characters')
  .max(200)
  .describe('Words to find (all of them) in the action, actor email, target type and id, and details; case-insensitive substrings');

export const ZSearchAuditLogsQuery = z.object({ ...auditFilterShape, ...pagingShape, q: ZSearchText }).superRefine(checkRange);

export const ZAuditCursorPage = z
  .object({ data: z.array(ZAuditEntry), pagination: ZCursorPageMeta })
  .meta({ id: 'AuditEntryCursorPage', description: 'Cursor mode: the answer when the request has a `cursor` parameter (empty for the first page)' });
export const ZAuditPage = ZPageOf(ZAuditEntry).meta({ id: 'AuditEntryPage', description: 'Page mode: the answer when the request has no `cursor` parameter' });
export const ZAuditList = z.union([ZAuditPage, ZAuditCursorPage]);

export const ZExportAuditLogsInput = z
  .object({
    ...auditFilterShape,
    q: ZSearchText.optional(),
    format: z.enum(['csv', 'json']).default('csv'),
  })
  .superRefine(checkRange);
export type TExportAuditLogsInput = z.output<typeof ZExportAuditLogsInput>;

/** Reports and stats: the filters over a period, by default the last 30 days, at most 366. */
export const ZAuditReportQuery = z
  .object({ ...auditFilterShape, top: z.coerce.number().int().min(1).max(100).default(10).describe('Length of the ranked lists') })
  .superRefine(checkRange)
  .superRefine((v, ctx) => {
    const to = v.to ?? new Date();
    const from = v.from ?? new Date(to.getTime() - 30 * 86_400_000);
    if (to.getTime() - from.getTime() > 366 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['from'], message: 'A report covers at most 366 days' });
  });
export type TAuditReportQuery = z.output<typeof ZAuditReportQuery>;

const ZCount = z.object({ key: z.string().nullable(), count: z.number().int() });
const ZPeriod = { from: ZTimestamp, to: ZTimestamp };

export const ZAuditStats = z
  .object({
    ...ZPeriod,
    total: z.number().int(),
    byResult: z.object({ success: z.number().int(), denied: z.number().int(), failure: z.number().int() }),
    byActorType: z.array(ZCount),
    byTargetType: z.array(ZCount),
    topActions: z.array(ZCount),
    topActors: z.array(z.object({ actorId: z.string().nullable(), actorEmail: z.string().nullable(), count: z.number().int() })),
    perDay: z.array(z.object({ day: z.string().describe('UTC date, YYYY-MM-DD'), total: z.number().int(), success: z.number().int(), denied: z.number().int(), failure: z.number().int() })),
  })
  .meta({ id: 'AuditStats' });
export type TAuditStats = z.output<typeof ZAuditStats>;

export const ZUserActivityReport = z
  .object({
    ...ZPeriod,
    totalActors: z.number().int(),
    data: z.array(
      z.object({
        actorType: z.string(),
        actorId: z.string().nullable(),
        actorEmail: z.string().nullable(),
        total: z.number().int(),
        success: z.number().int(),
        denied: z.number().int(),
        failure: z.number().int(),
        distinctActions: z.number().int(),
        distinctIps: z.number().int(),
        firstAt: ZTimestamp,
        lastAt: ZTimestamp,
        lastIp: z.string().nullable(),
        topActions: z.array(ZCount),
      }),
    ),
  })
  .meta({ id: 'AuditUserActivityReport' });
export type TUserActivityReport = z.output<typeof ZUserActivityReport>;

export const SECURITY_CATEGORIES = ['authentication', 'mfa', 'access_control', 'credentials', 'security_settings', 'denied_or_failed'] as const;

export const ZSecurityEventsReport = z
  .object({
    ...ZPeriod,
    total: z.number().int(),
    byCategory: z.array(z.object({ category: z.enum(SECURITY_CATEGORIES), count: z.number().int() })),
    byAction: z.array(z.object({ action: z.string(), count: z.number().int(), denied: z.number().int(), failure: z.number().int() })),
    failedSignIns: z.object({
      count: z.number().int(),
      topAddresses: z.array(ZCount),
      topAccounts: z.array(ZCount),
    }),
    recent: z.array(ZAuditEntry).describe('The newest security events, at most 50'),
  })
  .meta({ id: 'AuditSecurityEventsReport' });
export type TSecurityEventsReport = z.output<typeof ZSecurityEventsReport>;

export const ZComplianceReport = z
  .object({
    ...ZPeriod,
    total: z.number().int(),
    byResult: z.object({ success: z.number().int(), denied: z.number().int(), failure: z.number().int() }),
    daysInPeriod: z.number().int(),
    daysWithEntries: z.number().int(),
    privilegedChanges: z.number().int().describe('Changes to roles, users, credentials and security settings'),
    auditExports: z.number().int().describe('Exports of the audit log itself'),
    distinctActors: z.number().int(),
    entriesWithoutActor: z.number().int().describe('Entries recorded with no actor id (system jobs, failed sign-ins of unknown accounts)'),
    oldestEntryAt: ZTimestamp.nullable().describe('Oldest entry in scope, whatever the period'),
    newestEntryAt: ZTimestamp.nullable(),
    byOrganization: z.array(z.object({ orgId: z.string().nullable(), orgName: z.string().nullable(), count: z.number().int() })),
    integrity: z.object({
      appendOnly: z.boolean().describe('The database trigger rejecting UPDATE, DELETE and TRUNCATE of audit entries is installed and enabled'),
      minimumRetentionDays: z.number().int().describe('Entries younger than this can never be pruned'),
    }),
  })
  .meta({ id: 'AuditComplianceReport' });
export type TComplianceReport = z.output<typeof ZComplianceReport>;
