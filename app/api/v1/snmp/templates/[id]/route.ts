// /api/v1/snmp/templates/:id — one SNMP template.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZSnmpTemplate, ZUpdateSnmpTemplate } from '@/lib/snmp/schemas';
import { deleteSnmpTemplate, getSnmpTemplate, updateSnmpTemplate } from '@/lib/snmp/snmp-templates';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Get an SNMP template',
  tags: ['SNMP'],
  response: ZSnmpTemplate,
  handler: ({ ctx, params }) => getSnmpTemplate(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  body: ZUpdateSnmpTemplate,
  summary: 'Update an SNMP template',
  description: 'Built-in templates are read-only (403 SNMP_TEMPLATE_BUILT_IN). Devices using the template poll the new OIDs from their next poll.',
  tags: ['SNMP'],
  response: ZSnmpTemplate,
  audit: 'snmp_template.update',
  handler: ({ ctx, params, body }) => updateSnmpTemplate(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  status: 204,
  summary: 'Delete an SNMP template',
  description: 'Built-in templates are read-only (403); a template used by devices is 409 SNMP_TEMPLATE_IN_USE.',
  tags: ['SNMP'],
  audit: 'snmp_template.delete',
  handler: ({ ctx, params }) => deleteSnmpTemplate(ctx, params.id),
});
