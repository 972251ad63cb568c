// Doc 1 "PSA connections" and doc 3 "PSA company import": request and response shapes.
import { z } from 'zod';
import { ZPageOf, ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { ORG_ANNOTATIONS, ZImportMode, ZOrgImportResult } from '@/lib/imports/schemas';

export const PSA_PROVIDERS = ['connectwise', 'halopsa', 'autotask', 'zendesk', 'syncro'] as const;
export type PsaProvider = (typeof PSA_PROVIDERS)[number];
export const PSA_SYNC_STATUSES = ['never', 'queued', 'running', 'succeeded', 'failed'] as const;

const secret = (what: string) => z.string().min(1).max(1000).describe(`${what}; stored encrypted, never returned`);

export const ZConnectWiseCredentials = z
  .object({
    companyId: zText(100, 1).describe('The ConnectWise company id used at sign-in'),
    publicKey: secret('API member public key'),
    privateKey: secret('API member private key'),
    clientId: zText(100, 1).describe('The integrator client id sent in the `clientId` header'),
  })
  .strict();

export const ZHaloCredentials = z
  .object({
    clientId: zText(255, 1).describe('Client-credentials application id'),
    clientSecret: secret('Client-credentials application secret'),
    tenant: zText(100, 1).optional().describe('Tenant name of a hosted instance'),
  })
  .strict();

export const ZAutotaskCredentials = z
  .object({
    username: zText(255, 1).describe('The API-only user’s user name (also used for zone discovery)'),
    secret: secret('The API-only user’s secret'),
    integrationCode: secret('The tracking identifier sent as `ApiIntegrationCode`'),
  })
  .strict();

export const ZZendeskCredentials = z
  .object({
    email: z.string().trim().email().max(255).describe('The agent whose API token this is'),
    apiToken: secret('Zendesk API token (sent as `<email>/token:<apiToken>`)'),
  })
  .strict();

export const ZSyncroCredentials = z
  .object({
    apiKey: secret('Syncro API token'),
  })
  .strict();

export const ZPsaBaseUrl = z.string().trim().url().max(2048).describe('Root URL of the PSA (for ConnectWise the site, e.g. `https://na.myconnectwise.net`; for HaloPSA, Zendesk and Syncro the instance, e.g. `https://acme.zendesk.com`; for Autotask the zone-discovery host `https://webservices.autotask.net`). Follows the outbound URL-safety rules of webhooks');

export const ZCreatePsaConnection = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('connectwise'), name: zText(255, 1), baseUrl: ZPsaBaseUrl, credentials: ZConnectWiseCredentials }).strict(),
  z.object({ provider: z.literal('halopsa'), name: zText(255, 1), baseUrl: ZPsaBaseUrl, credentials: ZHaloCredentials }).strict(),
  z.object({ provider: z.literal('autotask'), name: zText(255, 1), baseUrl: ZPsaBaseUrl, credentials: ZAutotaskCredentials }).strict(),
  z.object({ provider: z.literal('zendesk'), name: zText(255, 1), baseUrl: ZPsaBaseUrl, credentials: ZZendeskCredentials }).strict(),
  z.object({ provider: z.literal('syncro'), name: zText(255, 1), baseUrl: ZPsaBaseUrl, credentials: ZSyncroCredentials }).strict(),
]);
export type TCreatePsaConnection = z.output<typeof ZCreatePsaConnection>;

export const ZUpdatePsaConnection = z
  .object({
    name: zText(255, 1).optional(),
    baseUrl: ZPsaBaseUrl.optional(),
    credentials: z.union([ZConnectWiseCredentials, ZHaloCredentials, ZAutotaskCredentials, ZZendeskCredentials, ZSyncroCredentials]).optional().describe('Replaces the stored credentials; the shape of the connection’s provider'),
  })
  .strict();
export type TUpdatePsaConnection = z.output<typeof ZUpdatePsaConnection>;

const ZSyncCounts = z.object({ companies: z.number().int(), contacts: z.number().int(), tickets: z.number().int() });

export const ZPsaConnection = z
  .object({
    id: z.string().uuid(),
    provider: z.enum(PSA_PROVIDERS),
    name: z.string(),
    baseUrl: z.string(),
    credentialHint: z.string().describe('The last characters of the public identifier (never a secret)'),
    inUse: z.boolean().describe('The partner’s service management is bound to this connection'),
    syncStatus: z.enum(PSA_SYNC_STATUSES),
    lastSyncAt: ZTimestamp.nullable(),
    lastSyncError: z.string().nullable(),
    lastTestAt: ZTimestamp.nullable(),
    lastTestOk: z.boolean().nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'PsaConnection' });
export type TPsaConnection = z.output<typeof ZPsaConnection>;

export const ZPsaConnectionList = ZPageOf(ZPsaConnection);
export const ZListPsaConnectionsQuery = pageQuery(50, 100);

export const ZPsaTestResult = z.object({ ok: z.boolean(), error: z.string().nullable(), testedAt: ZTimestamp });

export const ZPsaSyncQueued = z.object({ queued: z.literal(true), syncStatus: z.enum(PSA_SYNC_STATUSES) });

export const ZPsaStatus = z.object({
  syncStatus: z.enum(PSA_SYNC_STATUSES),
  syncQueuedAt: ZTimestamp.nullable(),
  lastSyncStartedAt: ZTimestamp.nullable(),
  lastSyncAt: ZTimestamp.nullable(),
  lastSyncError: z.string().nullable(),
  lastSyncCounts: ZSyncCounts.nullable().describe('Records written by the last successful sync'),
  cursor: z.object({ companies: ZTimestamp.nullable(), contacts: ZTimestamp.nullable(), tickets: ZTimestamp.nullable() }).describe('Per entity, the modification time the next sync resumes from'),
  stored: ZSyncCounts.describe('Records held locally'),
});

export const ZPsaTicket = z
  .object({
    id: z.string().uuid(),
    connectionId: z.string().uuid(),
    externalId: z.string(),
    companyExternalId: z.string().nullable(),
    companyName: z.string().nullable(),
    summary: z.string(),
    status: z.string().nullable(),
    priority: z.string().nullable(),
    remoteCreatedAt: ZTimestamp.nullable(),
    remoteUpdatedAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'PsaTicket' });
export const ZPsaTicketList = ZPageOf(ZPsaTicket);
export const ZListPsaTicketsQuery = pageQuery(50, 100).extend({
  status: zText(64, 1).optional().describe('Exact PSA status name'),
  companyExternalId: zText(64, 1).optional(),
  search: zText(200, 1).optional().describe('Case-insensitive substring of the summary'),
});
export type TListPsaTicketsQuery = z.output<typeof ZListPsaTicketsQuery>;

// ---------------------------------------------------------------- company import (doc 3)

export const PSA_IMPORT_TRUNCATION = ['company-cap', 'time-budget', 'page-guard'] as const;

export const ZPsaImportPreview = z.object({
  rows: z.array(
    z.object({
      index: z.number().int(),
      annotation: z.enum(ORG_ANNOTATIONS),
      organization: z.string().describe('The PSA company name'),
      externalSystem: z.string().describe('`psa:<connectionId>`: the external link the commit attaches'),
      externalId: z.string().describe('The PSA company id'),
      organizationId: z.string().uuid().optional(),
      matchedOrganizationName: z.string().optional(),
      conflictReason: z.string().optional(),
    }),
  ),
  linkedSkipped: z.number().int().describe('Companies left out because an organization already links to them'),
  truncated: z.boolean().describe('True when not every company was read: import this batch, then preview again'),
  truncatedReason: z.enum(PSA_IMPORT_TRUNCATION).nullable().describe('`company-cap` (more companies than one batch holds), `time-budget` (the PSA answered too slowly), `page-guard` (too many pages)'),
});

export const ZPsaImportBody = z
  .object({
    mode: ZImportMode,
    externalIds: z.array(z.string().min(1).max(64)).min(1).max(1000).optional().describe('Import only these PSA company ids (default: every unlinked company of the preview)'),
    acknowledgements: z
      .array(
        z
          .object({
            externalId: z.string().min(1).max(64),
            expectedAnnotation: z.enum(ORG_ANNOTATIONS).optional(),
            expectedOrganizationId: z.string().uuid().optional(),
            reactivate: z.boolean().optional(),
            forceCreate: z.boolean().optional(),
          })
          .strict(),
      )
      .max(1000)
      .optional()
      .describe('Per company, the acknowledgements of the org import (required to attach a `name-match` or a soft-deleted match)'),
  })
  .strict();
export type TPsaImportBody = z.output<typeof ZPsaImportBody>;

export const ZPsaImportResult = ZOrgImportResult.extend({
  truncated: z.boolean(),
  truncatedReason: z.enum(PSA_IMPORT_TRUNCATION).nullable(),
});
