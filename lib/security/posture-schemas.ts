// Contracts of security posture and threats: the agent's security report, the score's checks,
// the security policies, recommendations, scans and threats.
import { z } from 'zod';
import { ZPageOf, ZTimestamp } from '@/lib/http/common-schemas';
import { zText } from '@/lib/http/storable-text';

const t = (max: number) => z.string().max(max);
const nint = z.number().int().nullable();

// ---- The agent's report (PUT /agents/:agentId/security) ----
export const ZFirewallState = z.object({
  status: z.enum(['active', 'inactive', 'unknown']),
  backend: z.enum(['nftables', 'iptables', 'ufw', 'firewalld']).nullable().default(null),
  defaultInputPolicy: z.enum(['accept', 'drop', 'reject']).nullable().default(null),
  rules: nint.default(null),
  detail: t(1000).default(''),
});
export const ZEncryptionState = z.object({
  status: z.enum(['encrypted', 'partial', 'unencrypted', 'unknown']),
  rootEncrypted: z.boolean().nullable().default(null),
  volumes: z.array(z.object({ mount: t(1000), device: t(1000), encrypted: z.boolean().nullable() })).max(200).default([]),
  detail: t(1000).default(''),
});
export const ZAntivirusState = z.object({
  product: z.enum(['clamav']).nullable().default(null),
  installed: z.boolean(),
  version: t(255).nullable().default(null),
  databaseDir: t(1000).nullable().default(null),
  signatureVersion: nint.default(null),
  signatureUpdatedAt: z.string().datetime({ offset: true }).nullable().default(null),
  realtime: z.boolean().nullable().default(null),
  detail: t(1000).default(''),
});
export const ZPasswordPolicyState = z.object({
  known: z.boolean(),
  passMaxDays: nint.default(null),
  passMinDays: nint.default(null),
  passWarnAge: nint.default(null),
  minLength: nint.default(null),
  minClass: nint.default(null),
  qualityModule: z.enum(['pam_pwquality', 'pam_cracklib']).nullable().default(null),
  detail: t(1000).default(''),
});
export const ZAdminAccountsState = z.object({
  known: z.boolean(),
  accounts: z.array(z.object({ name: t(255), groups: z.array(t(255)).max(20), uidZero: z.boolean() })).max(500).default([]),
  detail: t(1000).default(''),
});
export const ZSshdState = z.object({
  installed: z.boolean(),
  known: z.boolean(),
  permitRootLogin: t(64).nullable().default(null),
  passwordAuthentication: t(64).nullable().default(null),
  detail: t(1000).default(''),
});

export const ZSecurityReport = z.object({
  collectedAt: z.string().datetime({ offset: true }).optional(),
  firewall: ZFirewallState,
  encryption: ZEncryptionState,
  antivirus: ZAntivirusState,
  passwordPolicy: ZPasswordPolicyState,
  adminAccounts: ZAdminAccountsState,
  sshd: ZSshdState,
});
export type TSecurityReport = z.output<typeof ZSecurityReport>;
export const ZSecurityReportResponse = z.object({ deviceId: z.string().uuid(), score: z.number().int().nullable(), receivedAt: ZTimestamp });

// ---- Checks and score ----
export const SECURITY_CHECK_KEYS = ['firewall_enabled', 'disk_encryption', 'antivirus_current', 'security_updates', 'password_policy', 'admin_accounts', 'ssh_root_login'] as const;
export type SecurityCheckKey = (typeof SECURITY_CHECK_KEYS)[number];
export const ZCheckStatus = z.enum(['pass', 'fail', 'unknown']);

export const ZCheckOutcome = z.object({
  key: z.enum(SECURITY_CHECK_KEYS),
  label: z.string(),
  status: ZCheckStatus,
  detail: z.string(),
  enabled: z.boolean().describe('False when the security policy leaves the check out of the score'),
  weight: z.number().int(),
  points: z.number().describe('Score points this check earns (0 unless it passes)'),
});

const ZDeviceRef = { deviceId: z.string().uuid(), hostname: z.string(), orgId: z.string().uuid() };

export const ZSecurityStatus = z
  .object({
    ...ZDeviceRef,
    osType: z.string().nullable(),
    score: z.number().int().nullable().describe('0–100; null before the first report or when no check could be decided'),
    reportedAt: ZTimestamp.nullable(),
    scoredAt: ZTimestamp.nullable(),
    checks: z.array(ZCheckOutcome),
    activeThreats: z.number().int().describe('Threats detected or quarantined but not removed'),
    lastScanAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'SecurityStatus' });
export const ZSecurityStatusList = ZPageOf(ZSecurityStatus);

export const ZSecurityListQuery = z.object({
  orgId: z.string().uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  status: ZCheckStatus.optional().describe('Only devices whose check of this view has this status'),
});
export const ZDeviceIdParams = z.object({ deviceId: z.string().uuid() });

export const ZPosture = z
  .object({
    ...ZDeviceRef,
    reportedAt: ZTimestamp,
    firewall: ZFirewallState,
    encryption: ZEncryptionState,
    antivirus: ZAntivirusState.extend({ signatureAgeDays: z.number().nullable() }),
    passwordPolicy: ZPasswordPolicyState,
    adminAccounts: ZAdminAccountsState,
    sshd: ZSshdState,
    pendingSecurityUpdates: z.number().int().nullable().describe('Available critical/important or security-origin patches; null before the first patch scan'),
  })
  .meta({ id: 'SecurityPosture' });
export const ZPostureList = ZPageOf(ZPosture);

/** One row of the area views (/firewall, /encryption, /password-policy, /admin-audit). */
export const ZAreaRow = <T extends z.ZodType>(state: T) => z.object({ ...ZDeviceRef, reportedAt: ZTimestamp, status: ZCheckStatus, detail: z.string(), state });
export const ZAreaList = <T extends z.ZodType>(state: T) =>
  z.object({
    data: z.array(ZAreaRow(state)),
    pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
    summary: z.object({ pass: z.number().int(), fail: z.number().int(), unknown: z.number().int() }),
  });

export const ZScopeQuery = z.object({ orgId: z.string().uuid().optional() });

export const ZScoreBreakdown = z.object({
  score: z.number().int().nullable().describe('Mean of the scored devices in scope'),
  devices: z.number().int(),
  scoredDevices: z.number().int(),
  formula: z.string(),
  checks: z.array(
    z.object({
      key: z.enum(SECURITY_CHECK_KEYS),
      label: z.string(),
      defaultWeight: z.number().int(),
      pass: z.number().int(),
      fail: z.number().int(),
      unknown: z.number().int(),
      passRate: z.number().nullable().describe('pass / (pass + fail); null when no device decided it'),
    }),
  ),
});

export const ZTrendsQuery = z.object({
  orgId: z.string().uuid().optional(),
  deviceId: z.string().uuid().optional(),
  days: z.coerce.number().int().min(1).max(365).default(30),
});
export const ZTrends = z.object({
  days: z.number().int(),
  points: z.array(z.object({ day: z.string().describe('YYYY-MM-DD (UTC)'), score: z.number().int().nullable(), devices: z.number().int() })),
});

export const ZRecommendation = z
  .object({
    id: z.string().uuid(),
    orgId: z.string().uuid(),
    checkKey: z.enum(SECURITY_CHECK_KEYS),
    title: z.string(),
    description: z.string(),
    priority: z.enum(['high', 'medium', 'low']),
    status: z.enum(['open', 'completed', 'dismissed', 'resolved']),
    affectedDevices: z.number().int(),
    deviceIds: z.array(z.string().uuid()),
    impact: z.number().int().describe('Score points the organization gains when every affected device passes'),
    note: z.string().nullable(),
    actedById: z.string().uuid().nullable(),
    actedAt: ZTimestamp.nullable(),
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'SecurityRecommendation' });
export const ZRecommendationsQuery = z.object({
  orgId: z.string().uuid().optional(),
  status: z.enum(['open', 'completed', 'dismissed', 'resolved']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ZRecommendationList = ZPageOf(ZRecommendation);
export const ZRecommendationAction = z.object({ note: zText(2000).optional() }).strict().default({});

export const ZDashboard = z.object({
  score: z.number().int().nullable(),
  previousScore: z.number().int().nullable().describe('The score 7 days ago'),
  devices: z.number().int(),
  reportingDevices: z.number().int(),
  failing: z.record(z.string(), z.number().int()).describe('Devices failing each check'),
  worstDevices: z.array(z.object({ ...ZDeviceRef, score: z.number().int() })),
  trend: ZTrends.shape.points,
  openRecommendations: z.array(ZRecommendation),
  threats: z.object({ active: z.number().int(), quarantined: z.number().int(), last30Days: z.number().int() }),
});

// ---- Security policies ----
const ZCheckSetting = z.object({ enabled: z.boolean().default(true), weight: z.number().int().min(0).max(100) });
const ZChecks = z
  .partialRecord(z.enum(SECURITY_CHECK_KEYS), ZCheckSetting)
  .describe('Per check key: whether it counts and its weight (0–100). Keys left out keep their default weight and stay enabled');
const ZScanPaths = z
  .array(zText(1000, 1).refine((p) => p.startsWith('/') && !p.split('/').includes('..'), 'An absolute path without ".."'))
  .max(20)
  .describe('Paths a scan covers when the request names none (Linux). Default: /home, /tmp, /var/tmp, /root');
export const ZCreateSecurityPolicy = z
  .object({
    name: zText(255, 1),
    orgId: z.string().uuid().nullable().default(null).describe('The organization it applies to; null: partner-wide (organizations without their own policy)'),
    checks: ZChecks.default({}),
    scanPaths: ZScanPaths.default([]),
  })
  .strict();
export const ZUpdateSecurityPolicy = z
  .object({ name: zText(255, 1).optional(), checks: ZChecks.optional(), scanPaths: ZScanPaths.optional() })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Give at least one field');
export const ZSecurityPolicy = z
  .object({
    id: z.string().uuid(),
    orgId: z.string().uuid().nullable(),
    name: z.string(),
    checks: z.record(z.string(), z.object({ enabled: z.boolean(), weight: z.number().int() })),
    scanPaths: z.array(z.string()),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'SecurityPolicy' });
export const ZSecurityPolicyList = z.object({
  data: z.array(ZSecurityPolicy),
  defaults: z.object({ checks: z.record(z.string(), z.object({ enabled: z.boolean(), weight: z.number().int() })), scanPaths: z.array(z.string()) }),
});

// ---- Scans and threats ----
export const ZScanRequest = z.object({ paths: ZScanPaths.optional() }).strict().default({});
export const ZSecurityScan = z
  .object({
    id: z.string().uuid(),
    deviceId: z.string().uuid(),
    commandId: z.string().uuid().nullable(),
    status: z.enum(['queued', 'completed', 'failed']),
    paths: z.array(z.string()),
    engine: z.string().nullable(),
    filesScanned: z.number().int().nullable(),
    threatsFound: z.number().int(),
    error: z.string().nullable(),
    requestedById: z.string().uuid().nullable(),
    createdAt: ZTimestamp,
    completedAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'SecurityScan' });
export const ZScanList = ZPageOf(ZSecurityScan);
export const ZPageQuery = z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(200).default(50) });

export const THREAT_STATUSES = ['detected', 'quarantined', 'removed', 'restored'] as const;
export const ZThreat = z
  .object({
    id: z.string().uuid(),
    deviceId: z.string().uuid(),
    hostname: z.string(),
    orgId: z.string().uuid(),
    scanId: z.string().uuid().nullable(),
    name: z.string().describe('The signature that matched'),
    filePath: z.string(),
    sha256: z.string().nullable(),
    severity: z.string(),
    status: z.enum(THREAT_STATUSES),
    quarantinePath: z.string().nullable(),
    pendingAction: z.enum(['quarantine', 'remove', 'restore']).nullable().describe('The agent action in flight'),
    lastError: z.string().nullable(),
    incidentId: z.string().uuid().nullable().describe('The incident tracking it (POST /incidents/promote with sourceKind threat)'),
    detectedAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'SecurityThreat' });
export const ZThreatList = ZPageOf(ZThreat);
export const ZThreatsQuery = z.object({
  orgId: z.string().uuid().optional(),
  status: z.enum(THREAT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ZThreatIdParams = z.object({ id: z.string().uuid() });
