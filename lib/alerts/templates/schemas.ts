// Alert templates: rule templates (defaults that create rules; built-in ones live in code) and
// message templates (notification subject/body with {{placeholders}}).
import { z } from 'zod';
import { ZPageMeta, ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { SEVERITIES, ZRuleCondition } from '@/lib/alerts/schemas';

export const ZRuleTemplateBody = z
  .object({
    severity: z.enum(SEVERITIES),
    condition: ZRuleCondition,
    autoResolve: z.boolean().default(true),
    cooldownMinutes: z.number().int().min(0).max(10_080).default(15),
  })
  .strict();

const PLACEHOLDERS = 'Placeholders: {{title}} {{message}} {{severity}} {{status}} {{notice}} {{alertId}} {{deviceId}} {{hostname}} {{orgId}} {{triggeredAt}} {{link}}';

export const ZCreateTemplate = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('rule'), name: zText(255, 1), description: zText(2000).nullable().optional(), rule: ZRuleTemplateBody }).strict(),
    z
      .object({ kind: z.literal('message'), name: zText(255, 1), description: zText(2000).nullable().optional(), subject: zText(500, 1).describe(PLACEHOLDERS), body: zText(8000, 1).describe(PLACEHOLDERS) })
      .strict(),
  ])
  .describe('kind `rule`: `rule` holds severity and condition (create rules with templateId); kind `message`: subject and body for policies (messageTemplateId)');

export const ZUpdateTemplate = z
  .object({
    name: zText(255, 1),
    description: zText(2000).nullable(),
    rule: ZRuleTemplateBody,
    subject: zText(500, 1),
    body: zText(8000, 1),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const ZTemplate = z.object({
  id: z.string(),
  kind: z.enum(['rule', 'message']),
  builtIn: z.boolean(),
  name: z.string(),
  description: z.string().nullable(),
  rule: ZRuleTemplateBody.nullable(),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  createdAt: ZTimestamp.nullable(),
  updatedAt: ZTimestamp.nullable(),
}).meta({ id: 'AlertTemplate' });

export const ZListTemplatesQuery = pageQuery(50, 100).extend({ kind: z.enum(['rule', 'message']).optional() });
export const ZTemplatePage = z.object({ data: z.array(ZTemplate), pagination: ZPageMeta });
export const ZBuiltInTemplates = z.object({ data: z.array(ZTemplate) });
