// Scripts (doc 1 "Scripts and automations"; doc 3 "Script bundle" — the same vocabulary as
// POST /scripts). Parts the spec does not show are designed here and documented in OpenAPI.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { zRawText, zText } from '@/lib/http/storable-text';
import { OS_TYPES } from '@/lib/agents/schemas';
import { SCRIPT_DEFAULT_TIMEOUT_SECONDS, SCRIPT_MAX_BYTES, SCRIPT_MAX_TIMEOUT_SECONDS } from '@/lib/devices/command-schemas';

export const SCRIPT_LANGUAGES = ['powershell', 'bash', 'python', 'cmd'] as const;
export const SCRIPT_RUN_AS = ['system', 'user', 'elevated'] as const;
export const SCRIPT_AVAILABILITY = ['org', 'partner'] as const;
export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const EXECUTION_STATUSES = ['pending', 'running', 'completed', 'failed', 'timed_out', 'cancelled'] as const;

const NAME_RE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export const ZScriptParameter = z
  .object({
    name: z.string().regex(NAME_RE, 'Letters, digits and underscores, not starting with a digit (max 64)').describe('Reaches the script as environment variable SERVICE_PARAM_<name>'),
    label: zText(255).optional(),
    description: zText(1000).optional(),
    type: z.enum(['string', 'number', 'boolean']).default('string'),
    required: z.boolean().default(false),
    default: z.union([zRawText(4096), z.number(), z.boolean()]).optional(),
    customField: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,63}$/)
      .optional()
      .describe('Key of a device custom field: the value is taken from the target device (a value given at execution wins)'),
  })
  .strict()
  .meta({ id: 'ScriptParameter' });
export type TScriptParameter = z.output<typeof ZScriptParameter>;

const ZParameters = z
  .array(ZScriptParameter)
  .max(50)
  .refine((ps) => new Set(ps.map((p) => p.name)).size === ps.length, 'Parameter names must be unique');

const exitCode = z.string().regex(/^-?\d{1,10}$/, 'Keys are exit codes (integers)');
export const ZExitCodeSeverityMapping = z
  .record(exitCode, z.enum(ALERT_SEVERITIES).nullable())
  .refine((m) => Object.keys(m).length <= 256, 'At most 256 exit codes')
  .refine((m) => Object.keys(m).length === 0 || Object.values(m).some((v) => v !== null), 'A mapping of every exit code to null is rejected: map at least one code to a severity, or send null')
  .describe('Exit code → alert severity (critical, high, medium, low, info) or null for no alert');

const TOO_BIG = 'Script content is limited to 256 KB';
export const ZScriptContent = z
  .string()
  .min(1)
  .max(SCRIPT_MAX_BYTES, TOO_BIG)
  .refine((s) => Buffer.byteLength(s, 'utf8') <= SCRIPT_MAX_BYTES, TOO_BIG)
  .pipe(zRawText(SCRIPT_MAX_BYTES));

/** The fields of a script body: POST /scripts, PUT /scripts/:id and a bundle entry. */
export const ZScriptFields = z.object({
  name: zText(255, 1),
  osTypes: z
    .array(z.enum(OS_TYPES))
    .min(1)
    .transform((v) => [...new Set(v)])
    .describe('At least one of windows, macos, linux'),
  language: z.enum(SCRIPT_LANGUAGES),
  content: ZScriptContent.describe('Script body, up to 256 KB of UTF-8, stored byte for byte'),
  runAs: z.enum(SCRIPT_RUN_AS).default('system'),
  timeoutSeconds: z.number().int().min(1).max(SCRIPT_MAX_TIMEOUT_SECONDS).default(SCRIPT_DEFAULT_TIMEOUT_SECONDS),
  description: zText(5000).nullable().optional(),
  category: zText(100, 1).nullable().optional().describe('Category name; resolved or created in the partner’s vocabulary'),
  tags: z
    .array(zText(64, 1))
    .max(50)
    .default([])
    .transform((v) => [...new Set(v)])
    .describe('Tag names; resolved or created in the partner’s vocabulary'),
  parameters: ZParameters.default([]),
  exitCodeSeverityMapping: ZExitCodeSeverityMapping.nullable().optional(),
});
export type ScriptFields = z.output<typeof ZScriptFields>;

export const ZScriptPlacement = z.object({
  availability: z.enum(SCRIPT_AVAILABILITY).default('org').describe('org (default): one organization’s library; partner: the whole partner library (needs access to every organization)'),
  orgId: z.string().uuid().optional().describe('Organization of an org-level script; optional for organization users and for a partner with exactly one organization'),
  partnerId: z.string().uuid().optional().describe('System scope only: the partner of a partner-library script'),
});

export const ZCreateScript = ZScriptFields.extend(ZScriptPlacement.shape).strict();
export const ZUpdateScript = ZScriptFields.extend({ note: zText(1000).optional().describe('Kept with the new version') }).strict();

export const ZScriptSummary = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  orgId: z.string().uuid().nullable(),
  availability: z.enum(SCRIPT_AVAILABILITY),
  name: z.string(),
  description: z.string().nullable(),
  categoryId: z.string().uuid().nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  osTypes: z.array(z.enum(OS_TYPES)),
  language: z.enum(SCRIPT_LANGUAGES),
  runAs: z.enum(SCRIPT_RUN_AS),
  timeoutSeconds: z.number().int(),
  version: z.number().int(),
  contentBytes: z.number().int(),
  origin: z.record(z.string(), z.unknown()).nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export const ZScript = ZScriptSummary.extend({
  content: z.string(),
  parameters: z.array(ZScriptParameter),
  exitCodeSeverityMapping: z.record(z.string(), z.enum(ALERT_SEVERITIES).nullable()).nullable(),
  createdById: z.string().uuid().nullable(),
  updatedById: z.string().uuid().nullable(),
}).meta({ id: 'Script' });
export type TScript = z.infer<typeof ZScript>;

const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean));

export const ZListScriptsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  search: zText(255).optional().describe('Substring of the name (case-insensitive)'),
  orgId: z.string().uuid().optional().describe('Scripts of this organization’s library (plus the partner library unless availability=org)'),
  availability: z.enum(SCRIPT_AVAILABILITY).optional(),
  categoryId: z.string().uuid().optional(),
  tag: zText(64).optional(),
  language: z.enum(SCRIPT_LANGUAGES).optional(),
  osType: z.enum(OS_TYPES).optional(),
});

export const ZScriptIdParams = z.object({ id: z.string().uuid() });
export const ZIdsQuery = z.object({
  ids: idList.pipe(z.array(z.string().uuid()).min(1, 'ids is required').max(200, 'At most 200 ids')).describe('Comma-separated script ids, up to 200'),
});

// ---- system library and templates -------------------------------------------------------

export const ZLibraryScript = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  osTypes: z.array(z.enum(OS_TYPES)),
  language: z.enum(SCRIPT_LANGUAGES),
  content: z.string(),
  runAs: z.enum(SCRIPT_RUN_AS),
  timeoutSeconds: z.number().int(),
  parameters: z.array(ZScriptParameter),
  exitCodeSeverityMapping: z.record(z.string(), z.enum(ALERT_SEVERITIES).nullable()).nullable(),
}).meta({ id: 'LibraryScript' });
export type TLibraryScript = z.infer<typeof ZLibraryScript>;

export const ZSystemLibraryQuery = z.object({
  osType: z.enum(OS_TYPES).optional(),
  language: z.enum(SCRIPT_LANGUAGES).optional(),
  category: zText(100).optional(),
  search: zText(255).optional(),
});

export const ZCloneLibraryScript = ZScriptPlacement.extend({
  name: zText(255, 1).optional().describe('Name of the copy (default: the library script’s name)'),
}).strict();

export const ZFromTemplate = ZScriptPlacement.extend({
  name: zText(255, 1),
  description: zText(5000).nullable().optional(),
  category: zText(100, 1).nullable().optional(),
  tags: z.array(zText(64, 1)).max(50).optional(),
  osTypes: z.array(z.enum(OS_TYPES)).min(1).optional(),
  timeoutSeconds: z.number().int().min(1).max(SCRIPT_MAX_TIMEOUT_SECONDS).optional(),
}).strict();

// ---- versions ------------------------------------------------------------------------------

export const ZScriptVersion = z.object({
  id: z.string().uuid(),
  scriptId: z.string().uuid(),
  version: z.number().int(),
  current: z.boolean(),
  name: z.string(),
  description: z.string().nullable(),
  osTypes: z.array(z.enum(OS_TYPES)),
  language: z.enum(SCRIPT_LANGUAGES),
  content: z.string(),
  runAs: z.enum(SCRIPT_RUN_AS),
  timeoutSeconds: z.number().int(),
  parameters: z.array(ZScriptParameter),
  exitCodeSeverityMapping: z.record(z.string(), z.enum(ALERT_SEVERITIES).nullable()).nullable(),
  note: z.string().nullable(),
  createdById: z.string().uuid().nullable(),
  createdAt: ZTimestamp,
}).meta({ id: 'ScriptVersion' });
export const ZVersionParams = z.object({ id: z.string().uuid(), versionId: z.string().uuid() });

// ---- categories and tags ---------------------------------------------------------------------

export const ZCategory = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  name: z.string(),
  description: z.string().nullable(),
  scriptCount: z.number().int(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'ScriptCategory' });
export const ZCreateCategory = z.object({ name: zText(100, 1), description: zText(1000).nullable().optional(), partnerId: z.string().uuid().optional().describe('System scope only') }).strict();
export const ZUpdateCategory = z
  .object({ name: zText(100, 1).optional(), description: zText(1000).nullable().optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field');
export const ZTag = z.object({ id: z.string().uuid(), partnerId: z.string().uuid(), name: z.string(), scriptCount: z.number().int(), createdAt: ZTimestamp }).meta({ id: 'ScriptTag' });
export const ZCreateTag = z.object({ name: zText(64, 1), partnerId: z.string().uuid().optional().describe('System scope only') }).strict();
export const ZVocabularyQuery = z.object({ partnerId: z.string().uuid().optional().describe('System scope only') });

export const ZUsageStats = z.object({
  scriptId: z.string().uuid(),
  executions: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  timedOut: z.number().int(),
  cancelled: z.number().int(),
  inProgress: z.number().int(),
  successRate: z.number().nullable().describe('completed / finished (completed, failed, timed out), 0..1; null before any finished run'),
  lastRunAt: ZTimestamp.nullable(),
  lastStatus: z.enum(EXECUTION_STATUSES).nullable(),
  devices: z.number().int().describe('Distinct devices the script ran on'),
});
