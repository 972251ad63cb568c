import { z } from 'zod';
import { ZPageMeta, ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';

export const ZCorrelationGroup = z.object({
  id: z.string().uuid(),
  orgId: z.string().uuid(),
  key: z.string().describe('site:<id>, device:<id> or org:<id>'),
  reason: z.enum(['site', 'device', 'org']),
  rootAlertId: z.string().uuid().describe('The alert that paged; the others were grouped under it'),
  alertCount: z.number().int(),
  alertIds: z.array(z.string().uuid()).describe('Up to 100, oldest first'),
  firstAt: ZTimestamp,
  lastAt: ZTimestamp,
}).meta({ id: 'AlertCorrelationGroup' });

export const ZListGroupsQuery = pageQuery(50, 100).extend({
  orgId: z.string().uuid().optional(),
  minAlerts: z.coerce.number().int().min(1).max(1000).default(2).describe('Only groups with at least this many alerts (default 2: actual correlations)'),
});
export const ZGroupPage = z.object({ data: z.array(ZCorrelationGroup), pagination: ZPageMeta });

export const ZListCorrelationsQuery = pageQuery(50, 100).extend({ orgId: z.string().uuid().optional() });
export const ZCorrelation = z.object({
  alertId: z.string().uuid(),
  groupId: z.string().uuid(),
  rootAlertId: z.string().uuid(),
  reason: z.enum(['site', 'device', 'org']),
  key: z.string(),
  title: z.string(),
  severity: z.string(),
  triggeredAt: ZTimestamp,
}).meta({ id: 'AlertCorrelation' });
export const ZCorrelationPage = z.object({ data: z.array(ZCorrelation), pagination: ZPageMeta });

export const ZAnalyzeBody = z
  .object({
    orgId: z.string().uuid().optional(),
    windowMinutes: z.number().int().min(1).max(1440).optional().describe('Default ALERT_CORRELATION_WINDOW_MINUTES'),
    since: z.coerce.date().optional().describe('Default: 24 hours ago'),
    until: z.coerce.date().optional(),
    by: z.array(z.enum(['site', 'device', 'org'])).min(1).max(3).default(['site', 'device', 'org']).describe('Keys to group by, in order of preference'),
  })
  .strict()
  .default({ by: ['site', 'device', 'org'] });

export const ZAnalyzeResult = z.object({
  windowMinutes: z.number().int(),
  since: z.string(),
  until: z.string(),
  alerts: z.number().int().describe('Alerts analyzed (up to 5,000, dismissed excluded)'),
  groups: z.array(z.object({ key: z.string(), reason: z.enum(['site', 'device', 'org']), alertIds: z.array(z.string().uuid()), count: z.number().int(), firstAt: ZTimestamp, lastAt: ZTimestamp })),
  pagesWithCorrelation: z.number().int().describe('Notifications that would be sent with grouping (one per group or lone alert)'),
  pagesWithout: z.number().int(),
  note: z.string(),
});
