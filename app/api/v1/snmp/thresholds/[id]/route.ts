// /api/v1/snmp/thresholds/:id. One path segment name serves both operations: GET reads it as
// the SNMP device id (the thresholds of that device), PATCH and DELETE as a threshold id
// (Next.js allows one parameter name per path level; monitors' /:monitorId/alerts does the same).
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZSnmpThreshold, ZSnmpThresholdList, ZUpdateSnmpThreshold } from '@/lib/snmp/schemas';
import { deleteSnmpThreshold, listSnmpThresholds, updateSnmpThreshold } from '@/lib/snmp/snmp-thresholds';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  params: ZIdParams,
  summary: "List an SNMP device's thresholds",
  description: 'GET /snmp/thresholds/:deviceId: the path id is the SNMP device id.',
  tags: ['SNMP'],
  response: ZSnmpThresholdList,
  handler: ({ ctx, params }) => listSnmpThresholds(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  body: ZUpdateSnmpThreshold,
  summary: 'Update an SNMP threshold',
  description: 'The path id is the threshold id. Disabling resolves its open alert; a new bound is judged on the next poll.',
  tags: ['SNMP'],
  response: ZSnmpThreshold,
  audit: 'snmp_threshold.update',
  handler: ({ ctx, params, body }) => updateSnmpThreshold(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  status: 204,
  summary: 'Delete an SNMP threshold',
  description: 'The path id is the threshold id. Its open alert is resolved.',
  tags: ['SNMP'],
  audit: 'snmp_threshold.delete',
  handler: ({ ctx, params }) => deleteSnmpThreshold(ctx, params.id),
});
