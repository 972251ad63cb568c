// POST /api/v1/snmp/oids/validate — check an OID, optionally against a device.
import { defineRoute } from '@/lib/http/define-route';
import { ZValidateOidBody, ZValidateOidResult } from '@/lib/snmp/schemas';
import { validateOid } from '@/lib/snmp/snmp-oids';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  body: ZValidateOidBody,
  summary: 'Validate an OID',
  description: 'Checks the syntax (numeric, or an object name such as `ifDescr.1`, returned as its numeric OID) and names the MIB object. With `deviceId`, also asks that device for the OID (a GET) and returns its type and value. An invalid OID is 200 with `valid: false`.',
  tags: ['SNMP'],
  response: ZValidateOidResult,
  handler: ({ ctx, body }) => validateOid(ctx, body),
});
