// /api/v1/snmp/devices — SNMP-managed hosts (switches, printers, UPSes…).
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateSnmpDevice, ZListSnmpDevicesQuery, ZSnmpDevice, ZSnmpDevicePage } from '@/lib/snmp/schemas';
import { createSnmpDeviceForCaller, listSnmpDevices } from '@/lib/snmp/snmp-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListSnmpDevicesQuery,
  summary: 'List SNMP devices',
  tags: ['SNMP'],
  response: ZSnmpDevicePage,
  handler: ({ ctx, query }) => listSnmpDevices(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  body: ZCreateSnmpDevice,
  status: 201,
  summary: 'Add an SNMP device',
  description:
    'SNMP v2c (`credentials: { version: "v2c", community }`) or v3 authPriv (`{ version: "v3", username, authProtocol, authKey, privProtocol, privKey }`). Credentials are encrypted at rest and never returned. The device polls its template\'s OIDs plus `extraOids` every `pollIntervalSeconds` (min 30). Without `probeDeviceId` the worker polls from the server (self-hosted services may target private addresses; a hosted service follows the URL-safety rules, 400 INVALID_SNMP_TARGET). With `probeDeviceId` (an enrolled device of the same organization, 400 PROBE_DEVICE_NOT_FOUND otherwise), the device sits on a network the server cannot reach: each due poll is an `snmp_poll` command to that device\'s agent, which polls from its network and returns the values (stored the same way); a probe that has not answered by the next due poll marks the device down. Counters are stored as rates per second.',
  tags: ['SNMP'],
  response: ZSnmpDevice,
  audit: 'snmp_device.create',
  handler: ({ ctx, body }) => createSnmpDeviceForCaller(ctx, body),
});
