// Plugins: manifests of the catalogue, installations for a partner, and their logs.
import { z } from 'zod';
import { ZTimestamp, ZPageMeta } from '@/lib/http/common-schemas';
import { ZPermissionName } from '@/lib/roles/schemas';
import { EVENT_TYPES } from '@/lib/events/catalogue';

export const ZPluginSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}[a-z0-9]$/, 'Lowercase letters, digits and dashes (3 to 64)');
export const ZSlugParams = z.object({ slug: ZPluginSlug });

/** Permissions a plugin may not ask for: a credential must not mint credentials, users or plugins. */
export const PEOPLE_ONLY_SCOPES: string[] = ['users:manage', 'api_keys:manage', 'sso:manage', 'plugins:manage'];

const ZHttpUrl = z
  .string()
  .trim()
  .max(2048)
  .url()
  .refine((v) => /^https?:\/\//i.test(v), 'Must be an http or https URL');

export const ZPluginConfigSchema = z
  .record(z.string(), z.unknown())
  .describe('JSON Schema of the configuration: `type: "object"` whose properties are strings (optionally an `enum`), numbers, integers or booleans, with `required`, `default`, `title`, `description` and the usual bounds');

export const ZCreatePluginManifest = z
  .object({
    slug: ZPluginSlug,
    name: z.string().trim().min(1).max(100),
    publisher: z.string().trim().min(1).max(100),
    version: z.string().trim().regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/, 'A semantic version such as 1.2.0').max(32),
    description: z.string().trim().max(2000).default(''),
    scopes: z
      .array(ZPermissionName.refine((p) => !PEOPLE_ONLY_SCOPES.includes(p), 'People administer identities, credentials and plugins: not a plugin scope'))
      .max(50)
      .default([])
      .transform((l) => [...new Set(l)].sort())
      .describe('Permissions the plugin\'s credential gets (never users:manage, api_keys:manage, sso:manage or plugins:manage)'),
    events: z.array(z.enum(EVENT_TYPES)).max(50).default([]).transform((l) => [...new Set(l)].sort()).describe('Event types delivered to `webhookUrl`'),
    configSchema: ZPluginConfigSchema.default({ type: 'object', properties: {} }),
    webhookUrl: ZHttpUrl.nullable().default(null).describe('Where the plugin\'s backend receives signed event deliveries; required when `events` is not empty'),
    pageUrl: ZHttpUrl.nullable().default(null).describe('A page of the plugin shown (linked) in the console'),
  })
  .strict()
  .superRefine((m, ctx) => {
    if (m.events.length && !m.webhookUrl) ctx.addIssue({ code: 'custom', path: ['webhookUrl'], message: 'Required when the plugin subscribes to events' });
  });

export const ZPluginManifest = z
  .object({
    slug: z.string(),
    name: z.string(),
    publisher: z.string(),
    version: z.string(),
    description: z.string(),
    scopes: z.array(z.string()),
    events: z.array(z.string()),
    configSchema: z.record(z.string(), z.unknown()),
    webhookUrl: z.string().nullable(),
    pageUrl: z.string().nullable(),
    shipped: z.boolean().describe('Shipped with the service (true) or added by a system operator'),
    createdAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'PluginManifest' });

export const ZPluginCatalog = z.object({ data: z.array(ZPluginManifest) });

export const ZInstallPlugin = z
  .object({
    slug: ZPluginSlug,
    consent: z
      .object({
        scopes: z.array(z.string().max(100)).max(100).describe('Exactly the manifest\'s scopes, as shown on the consent screen'),
        events: z.array(z.string().max(100)).max(100).default([]).describe('Exactly the manifest\'s events (may be omitted when it has none)'),
      })
      .strict()
      .optional()
      .describe('Explicit consent to the manifest\'s scopes and events; without it (or when it differs) 400 `PLUGIN_CONSENT_REQUIRED`'),
    config: z.record(z.string(), z.unknown()).default({}).describe('Validated against the manifest\'s configuration schema (400 `INVALID_PLUGIN_CONFIG`)'),
  })
  .strict();

export const ZUpdatePluginInstallation = z
  .object({ config: z.record(z.string(), z.unknown()).describe('The whole configuration, validated against the manifest\'s schema') })
  .strict();

export const ZListPluginInstallationsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  status: z.enum(['enabled', 'disabled']).optional(),
});

export const ZPluginInstallation = z
  .object({
    id: z.string().uuid(),
    partnerId: z.string().uuid(),
    slug: z.string(),
    name: z.string(),
    publisher: z.string(),
    manifestVersion: z.string(),
    scopes: z.array(z.string()),
    events: z.array(z.string()),
    status: z.enum(['enabled', 'disabled']),
    config: z.record(z.string(), z.unknown()),
    pageUrl: z.string().nullable(),
    credentialPrefix: z.string().nullable().describe('Non-secret start of the plugin\'s API key'),
    credentialLastUsedAt: ZTimestamp.nullable(),
    installedById: z.string().uuid().nullable().describe('The user who consented; the credential acts as this user, narrowed to the scopes'),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'PluginInstallation' });

export const ZInstalledPlugin = ZPluginInstallation.extend({
  credentials: z
    .object({
      apiKey: z.string().describe('The plugin\'s API key (`rmm_ak_…`), with exactly the consented scopes'),
      webhookSecret: z.string().nullable().describe('Secret of the deliveries\' `X-Service-Signature`; null without events'),
    })
    .describe('Shown only in this response: hand them to the plugin\'s backend now'),
}).meta({ id: 'InstalledPlugin' });

export const ZPluginLogsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  kind: z.enum(['api_call', 'delivery']).optional().describe('Only API calls or only deliveries'),
});

export const ZPluginLogEntry = z
  .object({
    kind: z.enum(['api_call', 'delivery']),
    id: z.string().uuid(),
    at: ZTimestamp,
    method: z.string().nullable().describe('API calls: the HTTP method'),
    route: z.string().nullable().describe('API calls: the route pattern'),
    event: z.string().nullable().describe('Deliveries: the event type'),
    status: z.string().describe('API calls: the HTTP status; deliveries: pending, delivered, retrying or failed'),
    responseStatus: z.number().int().nullable().describe('API calls: the HTTP status; deliveries: the backend\'s answer'),
    attempt: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'PluginLogEntry' });

export const ZPluginLogs = z.object({ data: z.array(ZPluginLogEntry), pagination: ZPageMeta });

export type TPluginManifest = z.output<typeof ZPluginManifest>;
export type TPluginInstallation = z.output<typeof ZPluginInstallation>;
export type TInstalledPlugin = z.output<typeof ZInstalledPlugin>;
export type TPluginLogEntry = z.output<typeof ZPluginLogEntry>;
