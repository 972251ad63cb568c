// The mobile API's compact shapes: what a phone's list, device screen and home screen show.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { zText } from '@/lib/http/storable-text';
import { DEVICE_STATUSES } from '@/lib/devices/schemas';
import { OS_TYPES } from '@/lib/agents/schemas';
import { ZCommandInput } from '@/lib/devices/command-schemas';

export const PUSH_PROVIDERS = ['webpush', 'fcm', 'apns'] as const;

export const ZMobileDevicesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  search: zText(255, 1).optional().describe('Hostname or display name contains (case-insensitive)'),
  status: z.enum(DEVICE_STATUSES).optional(),
  orgId: z.string().uuid().optional(),
});

export const ZMobileDevice = z
  .object({
    id: z.string().uuid(),
    orgId: z.string().uuid(),
    name: z.string().describe('The display name, else the hostname'),
    hostname: z.string(),
    status: z.enum(DEVICE_STATUSES),
    osType: z.enum(OS_TYPES).nullable(),
    lastSeenAt: ZTimestamp.nullable(),
    openAlerts: z.number().int().describe('Active and acknowledged alerts on the device'),
  })
  .meta({ id: 'MobileDevice' });

export const ZMobileDevicePage = z
  .object({ data: z.array(ZMobileDevice), pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }) })
  .meta({ id: 'MobileDevicePage' });

export const ZMobileDeviceDetail = ZMobileDevice.extend({
  osVersion: z.string().nullable(),
  agentVersion: z.string().nullable(),
  lastUser: z.string().nullable(),
  cpuPercent: z.number().nullable(),
  memoryPercent: z.number().nullable(),
  diskPercent: z.number().nullable(),
  uptimeSeconds: z.number().nullable(),
  alerts: z.array(z.object({ id: z.string().uuid(), title: z.string(), severity: z.string(), status: z.string(), triggeredAt: ZTimestamp })).describe('Open alerts, newest first (at most 10)'),
  recentCommands: z.array(z.object({ id: z.string().uuid(), type: z.string(), status: z.string(), createdAt: ZTimestamp })).describe('The last 5 commands'),
}).meta({ id: 'MobileDeviceDetail' });

export const MOBILE_ACTIONS = ['refresh_inventory', 'run_script', 'reboot', 'shutdown'] as const;

export const ZMobileDeviceSettings = z
  .object({
    deviceId: z.string().uuid(),
    maintenance: z.object({ active: z.boolean(), windowId: z.string().uuid().nullable(), endsAt: ZTimestamp.nullable() }).describe('Whether a maintenance window suppresses the device’s alerts now'),
    policies: z.array(z.object({ policyId: z.string().uuid(), name: z.string() })).describe('Configuration policies that apply, most specific first'),
    inventoryIntervalMinutes: z.number().int().nullable(),
    actions: z.array(z.enum(MOBILE_ACTIONS)).describe('Actions the caller may send to this device now (POST /mobile/devices/:id/actions): none when the caller lacks devices:execute or the device takes no commands'),
  })
  .meta({ id: 'MobileDeviceSettings' });

/** The same command catalogue as POST /devices/:id/commands, without uninstalling the agent. */
export const ZMobileAction = ZCommandInput.refine((c) => c.type !== 'self_uninstall', { message: 'Uninstalling the agent is not available from the mobile API', path: ['type'] });

export const ZMobileSummary = z
  .object({
    devices: z.object({ total: z.number().int(), online: z.number().int(), offline: z.number().int(), pending: z.number().int() }),
    alerts: z.object({ open: z.number().int(), unacknowledged: z.number().int(), critical: z.number().int(), high: z.number().int(), medium: z.number().int(), low: z.number().int(), info: z.number().int() }).nullable().describe('Open alerts (active and acknowledged) by severity; null when the caller lacks alerts:read'),
    unreadNotifications: z.number().int(),
    generatedAt: ZTimestamp,
  })
  .meta({ id: 'MobileSummary' });

const ZWebPushSubscription = z
  .object({
    endpoint: z.string().url().max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/).min(80).max(120), auth: z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/).min(16).max(32) }).strict(),
  })
  .strict();

export const ZRegisterPush = z
  .discriminatedUnion('provider', [
    z.object({ provider: z.literal('webpush'), subscription: ZWebPushSubscription.describe('The browser’s PushSubscription.toJSON()'), deviceName: zText(255, 1).optional() }).strict(),
    z.object({ provider: z.literal('fcm'), token: z.string().min(20).max(4096).regex(/^[A-Za-z0-9_:.-]+$/), deviceName: zText(255, 1).optional() }).strict(),
    z.object({ provider: z.literal('apns'), token: z.string().regex(/^[0-9a-fA-F]{64,200}$/), deviceName: zText(255, 1).optional() }).strict(),
  ])
  .meta({ id: 'MobilePushRegistration' });

export const ZUnregisterPush = z
  .union([z.object({ id: z.string().uuid() }).strict(), z.object({ endpoint: z.string().url().max(2048) }).strict(), z.object({ token: z.string().min(1).max(4096) }).strict()])
  .meta({ id: 'MobilePushUnregistration' });

export const ZPushSubscription = z
  .object({
    id: z.string().uuid(),
    provider: z.enum(PUSH_PROVIDERS),
    deviceName: z.string().nullable(),
    createdAt: ZTimestamp,
    lastSuccessAt: ZTimestamp.nullable(),
    vapidPublicKey: z.string().nullable().describe('Web Push: the service’s VAPID public key the subscription must use'),
  })
  .meta({ id: 'MobilePushSubscription' });

export const ZVapidKey = z.object({ publicKey: z.string().describe('URL-safe base64 P-256 public key: pass it as applicationServerKey to PushManager.subscribe') }).meta({ id: 'VapidPublicKey' });
