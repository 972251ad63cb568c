// Row shapes of the partner-API exports (documentation and tests; rows are built in SQL order).
import { z } from 'zod';
import { ZOrganization } from '@/lib/organizations/schemas';

const ts = z.string().describe('ISO 8601 timestamp');

export const ZOrganizationExportRow = ZOrganization;

export const ZSiteExportRow = z.object({
  siteId: z.string().uuid(),
  orgId: z.string().uuid(),
  name: z.string(),
  timezone: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: ts,
  updatedAt: ts,
});

export const ZDeviceExportRow = z.object({
  id: z.string().uuid(),
  orgId: z.string().uuid(),
  siteId: z.string().uuid().nullable(),
  hostname: z.string(),
  displayName: z.string().nullable(),
  osType: z.enum(['windows', 'macos', 'linux']).nullable(),
  osVersion: z.string().nullable(),
  architecture: z.string().nullable(),
  agentVersion: z.string().nullable(),
  status: z.enum(['pending', 'online', 'offline', 'uninstalled', 'decommissioned']),
  tags: z.array(z.string()),
  lastSeenAt: ts.nullable(),
  enrolledAt: ts.nullable(),
  createdAt: ts,
  updatedAt: ts,
});

export const ZDeviceInventoryExportRow = z.object({
  deviceId: z.string().uuid(),
  orgId: z.string().uuid(),
  hardware: z.record(z.string(), z.unknown()),
  os: z.record(z.string(), z.unknown()),
  disks: z.array(z.unknown()),
  network: z.array(z.unknown()),
  collectedAt: ts,
  receivedAt: ts,
});

export const ZDeviceSoftwareExportRow = z.object({
  id: z.string().uuid(),
  deviceId: z.string().uuid(),
  orgId: z.string().uuid(),
  name: z.string(),
  version: z.string().nullable(),
  publisher: z.string().nullable(),
  source: z.string().nullable(),
  installedAt: ts.nullable(),
});

export const ZDeviceRelationshipExportRow = z.object({
  deviceId: z.string().uuid(),
  orgId: z.string().uuid(),
  relationship: z.literal('member_of').describe('The device is a member of the related group'),
  relatedType: z.literal('device_group'),
  relatedId: z.string().uuid(),
  relatedName: z.string(),
  source: z.string().describe('Why: manual, rule or pin'),
  since: ts,
});

export const ZScriptExportRow = z.object({
  id: z.string().uuid(),
  orgId: z.string().uuid().nullable().describe('null: the partner-wide library'),
  availability: z.enum(['org', 'partner']).describe('org: an organization library script; partner: the partner-wide library'),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  osTypes: z.array(z.enum(['windows', 'macos', 'linux'])),
  language: z.string(),
  content: z.string(),
  runAs: z.string(),
  timeoutSeconds: z.number().int(),
  parameters: z.unknown(),
  exitCodeSeverityMapping: z.unknown().nullable(),
  version: z.number().int(),
  createdAt: ts,
  updatedAt: ts,
});

export const ZCustomFieldExportRow = z.object({
  id: z.string().uuid(),
  orgId: z.string().uuid().nullable().describe('null: defined partner-wide'),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  options: z.array(z.string()),
  scriptWritable: z.boolean(),
  createdAt: ts,
  updatedAt: ts,
});

export const ZCustomFieldValueExportRow = z.object({
  fieldId: z.string().uuid(),
  key: z.string().describe('The field\'s key'),
  deviceId: z.string().uuid(),
  orgId: z.string().uuid(),
  value: z.unknown(),
  source: z.string().describe('user, script or api'),
  updatedAt: ts,
});

export const ZConfigurationPolicyExportRow = z.object({
  id: z.string().uuid(),
  orgId: z.string().uuid().nullable(),
  availability: z.enum(['org', 'partner']),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  settings: z.unknown().describe('As in GET /policies'),
  checks: z.unknown().describe('As in GET /policies'),
  createdAt: z.string(),
  updatedAt: z.string(),
  deactivatedAt: z.string().nullable(),
});

export const ZConfigurationAssignmentExportRow = z.object({
  id: z.string().uuid(),
  policyId: z.string().uuid(),
  policyOrgId: z.string().uuid().nullable(),
  targetType: z.enum(['partner', 'organization', 'site', 'group', 'device']),
  targetId: z.string().uuid(),
  createdAt: z.string(),
});

/** Rows of an export whose resource this service does not hold yet: always an empty page. */
export const ZEmptyExportRow = z.record(z.string(), z.unknown());
