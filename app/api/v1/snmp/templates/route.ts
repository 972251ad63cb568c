// /api/v1/snmp/templates — named OID sets (built-in and the partner's own).
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateSnmpTemplate, ZListSnmpTemplatesQuery, ZSnmpTemplate, ZSnmpTemplatePage } from '@/lib/snmp/schemas';
import { createSnmpTemplate, listSnmpTemplates } from '@/lib/snmp/snmp-templates';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListSnmpTemplatesQuery,
  summary: 'List SNMP templates',
  description: 'The built-in templates (IF-MIB interfaces, HOST-RESOURCES-MIB host, UPS-MIB; read-only) and the partner\'s own.',
  tags: ['SNMP'],
  response: ZSnmpTemplatePage,
  handler: ({ ctx, query }) => listSnmpTemplates(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  body: ZCreateSnmpTemplate,
  status: 201,
  summary: 'Create an SNMP template',
  description: 'Templates are partner-wide: creating one needs access to every organization (403 otherwise).',
  tags: ['SNMP'],
  response: ZSnmpTemplate,
  audit: 'snmp_template.create',
  handler: ({ ctx, body }) => createSnmpTemplate(ctx, body),
});
