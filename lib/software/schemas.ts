// Software inventory (what devices have installed, as their agents report it) and the software
// catalog (what a partner, or the platform for everyone, offers to deploy).
import { z } from 'zod';
import { PACKAGE_MANAGERS } from '@/lib/software/package-managers';
import { OS_TYPES } from '@/lib/agents/schemas';
import { zText } from '@/lib/http/storable-text';
import { ZCommand } from '@/lib/devices/command-schemas';

// ---------------------------------------------------------------------------------- inventory

export const INVENTORY_SORTS = ['name', 'deviceCount', 'versionCount'] as const;

export const ZListInventoryQuery = z.object({
  search: zText(255, 1).optional().describe('Package name or vendor contains (case-insensitive)'),
  orgId: z.string().uuid().optional().describe('Only devices of this organization'),
  siteId: z.string().uuid().optional().describe('Only devices of this site'),
  osType: z.enum(OS_TYPES).optional().describe('Only devices of this operating system'),
  version: zText(200, 1).optional().describe('Only installations of exactly this version'),
  sort: z.enum(INVENTORY_SORTS).default('name'),
  sortDir: z.enum(['asc', 'desc']).optional().describe('Default: asc for name, desc for the counts'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  format: z.enum(['json', 'csv']).default('json').describe('csv (or an Accept: text/csv header): every matching row as CSV, one line per package and version, pagination ignored (up to 50,000 lines)'),
});
export type ListInventoryQuery = z.output<typeof ZListInventoryQuery>;

export const ZInventoryVersion = z.object({
  version: z.string().nullable().describe('Null when the agent reported no version'),
  deviceCount: z.number().int(),
});

export const ZInventoryPackage = z.object({
  name: z.string(),
  vendor: z.string().nullable().describe('Publisher or maintainer as the package manager reports it'),
  deviceCount: z.number().int().describe('Devices having any version of the package'),
  versions: z.array(ZInventoryVersion).describe('Most installed first'),
});
export type TInventoryPackage = z.infer<typeof ZInventoryPackage>;

export const ZInventoryList = z.object({
  data: z.array(ZInventoryPackage),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int().describe('Distinct packages matching') }),
  totalDevices: z.number().int().describe('Devices in scope matching the organization, site and OS filters'),
});
export type TInventoryList = z.infer<typeof ZInventoryList>;

export const ZListPackageDevicesQuery = z.object({
  name: zText(500, 1).describe('Exact package name'),
  vendor: zText(500).optional().describe('Exact vendor; empty string for packages without one. Omitted: any vendor'),
  version: zText(200, 1).optional(),
  orgId: z.string().uuid().optional(),
  siteId: z.string().uuid().optional(),
  osType: z.enum(OS_TYPES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListPackageDevicesQuery = z.output<typeof ZListPackageDevicesQuery>;

export const ZPackageDevice = z.object({
  softwareId: z.string().uuid().describe('The installation row; use it to uninstall'),
  deviceId: z.string().uuid(),
  hostname: z.string(),
  displayName: z.string().nullable(),
  orgId: z.string().uuid(),
  siteId: z.string().uuid().nullable(),
  osType: z.enum(OS_TYPES).nullable(),
  status: z.string(),
  version: z.string().nullable(),
  vendor: z.string().nullable(),
});
export type TPackageDevice = z.infer<typeof ZPackageDevice>;

export const ZPackageDeviceList = z.object({
  data: z.array(ZPackageDevice),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});

export const ZDeviceInventoryParams = z.object({ deviceId: z.string().uuid() });

export const ZDeviceSoftwareQuery = z.object({
  search: zText(255, 1).optional().describe('Name or vendor contains (case-insensitive)'),
});

export const ZDeviceSoftwareItem = z.object({
  id: z.string().uuid().describe('softwareId for the uninstall route; replaced when the agent uploads a new inventory'),
  name: z.string(),
  version: z.string().nullable(),
  vendor: z.string().nullable(),
  source: z.string().nullable().describe('dpkg, rpm, pkg …: where the agent found it'),
  installedAt: z.string().nullable(),
});
export type TDeviceSoftwareItem = z.infer<typeof ZDeviceSoftwareItem>;

export const ZDeviceSoftwareList = z.object({
  deviceId: z.string().uuid(),
  osType: z.enum(OS_TYPES).nullable(),
  collectedAt: z.string().nullable().describe('When the agent collected the list; null before its first inventory'),
  uninstallSupported: z.boolean().describe('Whether this device can uninstall packages on request (Linux agents)'),
  data: z.array(ZDeviceSoftwareItem),
});
export type TDeviceSoftwareList = z.infer<typeof ZDeviceSoftwareList>;

export const ZUninstallParams = z.object({ deviceId: z.string().uuid(), softwareId: z.string().uuid() });

export const ZUninstallResponse = z.object({
  command: ZCommand.describe('The queued uninstall_software command; its result arrives like any command result'),
  software: ZDeviceSoftwareItem,
});

/** Payload of the uninstall_software device command. */
export const ZUninstallSoftwarePayload = z.object({
  softwareId: z.string().uuid(),
  name: z.string().min(1).max(500),
  version: z.string().max(200).nullable(),
  source: z.string().max(32).nullable(),
});

// ------------------------------------------------------------------------------------ catalog

export const PACKAGE_KINDS = ['package_manager', 'installer'] as const;

/** `manager:name`; the name cannot start with `-`, so it never reads as an option. */
export const PACKAGE_REF_PATTERN = new RegExp(`^(${PACKAGE_MANAGERS.join('|')}):[A-Za-z0-9][A-Za-z0-9+._@/-]{0,199}$`);
/** A pinned version (no spaces or shell characters), or `latest`. */
const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9+._:~-]{0,99}$/;

export const ZPackageRef = z.string().trim().max(255).regex(PACKAGE_REF_PATTERN, `manager:name with manager one of ${PACKAGE_MANAGERS.join(', ')} (e.g. apt:nginx)`);

const ZCatalogFields = {
  name: zText(255, 1),
  vendor: zText(255).nullable().optional(),
  description: zText(2000).nullable().optional(),
  category: zText(100).nullable().optional(),
  osTypes: z.array(z.enum(OS_TYPES)).max(3).optional().describe('Operating systems the package is for; empty: any'),
};

export const ZCreateCatalogPackageBody = z
  .object({
    ...ZCatalogFields,
    kind: z.enum(PACKAGE_KINDS).describe('package_manager: a reference the device package manager resolves; installer: uploaded installer files per version'),
    packageRef: ZPackageRef.optional().describe('Required for package_manager (e.g. apt:nginx); not allowed for installer'),
  })
  .strict()
  .superRefine((b, c) => {
    if (b.kind === 'package_manager' && !b.packageRef) c.addIssue({ code: 'custom', path: ['packageRef'], message: 'A package_manager package needs packageRef (e.g. apt:nginx)' });
    if (b.kind === 'installer' && b.packageRef) c.addIssue({ code: 'custom', path: ['packageRef'], message: 'An installer package has no packageRef' });
  });

export const ZUpdateCatalogPackageBody = z
  .object({ ...ZCatalogFields, name: zText(255, 1).optional(), packageRef: ZPackageRef.optional().describe('package_manager packages only') })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Send at least one field');

export const ZListCatalogQuery = z.object({
  search: zText(255, 1).optional().describe('Name, vendor or package reference contains (case-insensitive)'),
  kind: z.enum(PACKAGE_KINDS).optional(),
  scope: z.enum(['partner', 'system']).optional().describe('partner: your own entries; system: the platform entries every partner sees'),
  osType: z.enum(OS_TYPES).optional(),
  sort: z.enum(['name', 'createdAt', 'updatedAt']).default('name'),
  sortDir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListCatalogQuery = z.output<typeof ZListCatalogQuery>;

export const ZCatalogSearchQuery = z.object({
  q: zText(255, 1).describe('Matched against name, vendor and package reference; names starting with it rank first'),
  kind: z.enum(PACKAGE_KINDS).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const ZInstaller = z.object({
  fileName: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string().describe('Hex SHA-256 of the file; the agent refuses to run an installer whose bytes do not match'),
  uploadedAt: z.string(),
});

export const ZCatalogVersion = z.object({
  id: z.string().uuid(),
  packageId: z.string().uuid(),
  version: z.string(),
  releaseNotes: z.string().nullable(),
  silentInstallArgs: z.string().nullable(),
  silentUninstallArgs: z.string().nullable(),
  installer: ZInstaller.nullable().describe('Installer packages: null until uploaded (the version cannot be deployed before)'),
  createdAt: z.string(),
});
export type TCatalogVersion = z.infer<typeof ZCatalogVersion>;

export const ZCatalogPackage = z.object({
  id: z.string().uuid(),
  scope: z.enum(['partner', 'system']),
  partnerId: z.string().uuid().nullable(),
  name: z.string(),
  vendor: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  kind: z.enum(PACKAGE_KINDS),
  packageRef: z.string().nullable(),
  osTypes: z.array(z.enum(OS_TYPES)),
  versionCount: z.number().int(),
  latestVersion: z.string().nullable().describe('Version of the most recently added version'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCatalogPackage = z.infer<typeof ZCatalogPackage>;

export const ZCatalogPackageDetail = ZCatalogPackage.extend({ versions: z.array(ZCatalogVersion).describe('Newest first') });
export type TCatalogPackageDetail = z.infer<typeof ZCatalogPackageDetail>;

export const ZCatalogList = z.object({
  data: z.array(ZCatalogPackage),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});

export const ZCatalogSearchResult = z.object({ data: z.array(ZCatalogPackage) });

export const ZCreateCatalogVersionBody = z
  .object({
    version: z.string().trim().regex(VERSION_PATTERN, 'Letters, digits and + . _ : ~ - (e.g. 1.24.0-1), or latest'),
    releaseNotes: zText(20_000).nullable().optional(),
    silentInstallArgs: zText(1000).nullable().optional().describe('Arguments for an unattended install (e.g. /S or /qn); installer packages'),
    silentUninstallArgs: zText(1000).nullable().optional(),
  })
  .strict();

export const ZCatalogVersionList = z.object({ data: z.array(ZCatalogVersion) });

export const ZVersionParams = z.object({ id: z.string().uuid(), versionId: z.string().uuid() });

/** Installers up to 100 MiB (read in memory, then put in the attachment store). */
export const MAX_INSTALLER_BYTES = 100 * 1024 * 1024;

export const ZInstallerUploadQuery = z.object({
  fileName: zText(255, 1).regex(/^[^/\\]+$/, 'A file name without directories').describe('Name the file is stored and downloaded under (e.g. setup-1.2.3.exe)'),
  sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, '64 hex characters').optional().describe('Expected SHA-256: the upload is refused with 400 CHECKSUM_MISMATCH when the bytes differ'),
});
