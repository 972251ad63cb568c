// Third-party package catalog (doc 1 "Patching": GET|POST /third-party-catalog, GET|PATCH|DELETE
// /third-party-catalog/:id, POST /third-party-catalog/:id/test). The spec names the endpoints and
// the list filters; the fields, the test records and serviceTested are designed here and published
// in OpenAPI through these schemas.
import { z } from 'zod';
import { OS_TYPES } from '@/lib/agents/schemas';
import { ZPageOf, ZTimestamp } from '@/lib/http/common-schemas';
import { pageQuery } from '@/lib/http/pagination';
import { zText } from '@/lib/http/storable-text';
import { MANAGERS_BY_OS } from '@/lib/software/package-managers';

const ZUuid = z.string().uuid();


/** A package id as the manager knows it; never starts with `-`, so it never reads as an option. */
const PACKAGE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9+._@/-]{0,199}$/;
/** A version (no spaces or shell characters). */
export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9+._:~-]{0,99}$/;

const ZVersion = z.string().trim().regex(VERSION_PATTERN, 'A version: letters, digits and + . _ : ~ - (up to 100 characters)');

const sourceFor = <M extends readonly [string, ...string[]]>(managers: M, example: string) =>
  z
    .object({
      manager: z.enum(managers),
      name: z.string().trim().regex(PACKAGE_NAME_PATTERN, 'A package id: letters, digits and + . _ @ / - (not starting with -)').describe(example),
    })
    .strict();

export const ZUpdateSource = z
  .object({
    linux: sourceFor(MANAGERS_BY_OS.linux, 'The distribution package name (apt: firefox-esr)').optional(),
    windows: sourceFor(MANAGERS_BY_OS.windows, 'The winget id (Mozilla.Firefox) or Chocolatey package name').optional(),
    macos: sourceFor(MANAGERS_BY_OS.macos, 'The Homebrew formula or cask token (firefox)').optional(),
  })
  .strict()
  .meta({ id: 'ThirdPartyUpdateSource', description: 'Per operating system, the package manager and package id that install and update the application' });
export type UpdateSource = z.output<typeof ZUpdateSource>;

const ZPlatforms = z
  .array(z.enum(OS_TYPES))
  .max(OS_TYPES.length)
  .refine((a) => new Set(a).size === a.length, { message: 'Name each platform once' });

const fields = {
  name: zText(255, 1),
  vendor: zText(255, 1),
  category: zText(100).nullable(),
  description: zText(2000).nullable(),
  homepage: z.string().trim().max(500).url().regex(/^https?:\/\//i, 'An http(s) address').nullable(),
  platforms: ZPlatforms.describe('Operating systems the application runs on; defaults to those with an update source'),
  updateSource: ZUpdateSource,
  inventoryMatch: z
    .array(zText(255, 1))
    .max(20)
    .describe('Installed-software names that identify the application in device inventory (case-insensitive; a trailing * matches any name starting with the rest)'),
  latestVersion: ZVersion.nullable().describe('The newest version the vendor publishes, as the operator records it'),
  testDeviceId: ZUuid.nullable().describe('The designated test device: any enrolled device (system operators see every device, GET /devices); smoke tests run there'),
};

/** Every platform with an update source must be a listed platform. */
const sourcesOnPlatforms = (v: { platforms?: string[]; updateSource?: UpdateSource }) =>
  !v.platforms || !v.updateSource || Object.keys(v.updateSource).every((os) => v.platforms!.includes(os));
const SOURCES_ON_PLATFORMS = { message: 'Every update source must be for one of the listed platforms', path: ['updateSource'] };

export const ZCreateThirdPartyApp = z
  .object({
    name: fields.name,
    vendor: fields.vendor,
    category: fields.category.optional(),
    description: fields.description.optional(),
    homepage: fields.homepage.optional(),
    platforms: fields.platforms.optional(),
    updateSource: fields.updateSource.default({}),
    inventoryMatch: fields.inventoryMatch.default([]),
    latestVersion: fields.latestVersion.optional(),
    testDeviceId: fields.testDeviceId.optional(),
  })
  .strict()
  .refine(sourcesOnPlatforms, SOURCES_ON_PLATFORMS);
export type CreateThirdPartyAppInput = z.output<typeof ZCreateThirdPartyApp>;

export const ZUpdateThirdPartyApp = z
  .object(fields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Give at least one field' });
export type UpdateThirdPartyAppInput = z.output<typeof ZUpdateThirdPartyApp>;

export const ZListThirdPartyAppsQuery = pageQuery(50, 100).extend({
  vendor: zText(255, 1).optional().describe('Exact vendor (case-insensitive)'),
  serviceTested: z.enum(['true', 'false']).transform((v) => v === 'true').optional().describe('Only applications whose latest version passed (true) or has not passed (false) a smoke test'),
  search: zText(255, 1).optional().describe('Name, vendor or category contains (case-insensitive)'),
  platform: z.enum(OS_TYPES).optional().describe('Only applications for this operating system'),
});
export type ListThirdPartyAppsQuery = z.output<typeof ZListThirdPartyAppsQuery>;

export const ZRunThirdPartyTest = z
  .object({
    version: z
      .union([z.literal('latest'), ZVersion])
      .describe('The version to install, or `latest` for whatever the package manager offers; the test passes when the device then reports this version (or one that starts with it, e.g. 128.0 matches 128.0.3-1)'),
  })
  .strict();

export const THIRD_PARTY_TEST_STATUSES = ['queued', 'running', 'passed', 'failed', 'cancelled'] as const;

export const ZThirdPartyAppTest = z
  .object({
    id: ZUuid,
    appId: ZUuid,
    version: z.string().describe('The requested version, or `latest`'),
    deviceId: ZUuid.nullable().describe('Null once the device is removed'),
    hostname: z.string().nullable(),
    status: z.enum(THIRD_PARTY_TEST_STATUSES).describe('queued (command waiting for the agent), running (delivered), passed, failed (install failed, other version installed, timed out), cancelled'),
    commandId: ZUuid.nullable().describe('The software_install command'),
    manager: z.string(),
    packageName: z.string(),
    error: z.string().nullable(),
    installedVersion: z.string().nullable().describe('The version the agent reported after the install'),
    createdBy: ZUuid.nullable(),
    createdAt: ZTimestamp,
    startedAt: ZTimestamp.nullable().describe('When the agent received the command'),
    completedAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'ThirdPartyAppTest' });
export type TThirdPartyAppTest = z.infer<typeof ZThirdPartyAppTest>;

export const ZThirdPartyApp = z
  .object({
    id: ZUuid,
    name: z.string(),
    vendor: z.string(),
    category: z.string().nullable(),
    description: z.string().nullable(),
    homepage: z.string().nullable(),
    platforms: z.array(z.enum(OS_TYPES)),
    updateSource: ZUpdateSource,
    inventoryMatch: z.array(z.string()),
    latestVersion: z.string().nullable(),
    serviceTested: z.boolean().describe('True while latestVersion is set and matches testedVersion: the latest version passed a smoke test'),
    testedVersion: z.string().nullable().describe('The newest version that passed a smoke test (a failing retest of it clears it)'),
    testedAt: ZTimestamp.nullable(),
    testDeviceId: ZUuid.nullable(),
    testDevice: z.object({ id: ZUuid, hostname: z.string(), osType: z.enum(OS_TYPES).nullable(), status: z.string() }).nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'ThirdPartyApp' });
export type TThirdPartyApp = z.infer<typeof ZThirdPartyApp>;

export const ZThirdPartyAppDetail = ZThirdPartyApp.extend({
  recentTests: z.array(ZThirdPartyAppTest).describe('The 20 most recent smoke tests, newest first'),
}).meta({ id: 'ThirdPartyAppDetail' });
export type TThirdPartyAppDetail = z.infer<typeof ZThirdPartyAppDetail>;

export const ZThirdPartyAppList = ZPageOf(ZThirdPartyApp);
export type TThirdPartyAppList = z.infer<typeof ZThirdPartyAppList>;

/** Payload of the software_install command a smoke test queues (the deployments contract). */
export interface SoftwareInstallPayload {
  thirdPartyTestId: string;
  package: { kind: 'package_manager'; manager: string; name: string; version: string | null };
}
