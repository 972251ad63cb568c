// GET /api/v1/snmp/oids/browse — the MIB tree shipped with the service.
import { defineRoute } from '@/lib/http/define-route';
import { ZBrowseQuery, ZBrowseResult } from '@/lib/snmp/schemas';
import { browseOids } from '@/lib/snmp/snmp-oids';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZBrowseQuery,
  summary: 'Browse the MIB tree',
  description: 'Children of `oid` (the roots without it), or nodes whose name, module or description contains `search`. The tree holds SNMPv2-MIB, RFC1213-MIB, IF-MIB, IANAifType-MIB, the HOST-RESOURCES-MIB and UPS-MIB objects of the built-in templates, and Net-SNMP\'s own MIBs. An unknown `oid` is 404.',
  tags: ['SNMP'],
  response: ZBrowseResult,
  handler: ({ ctx, query }) => browseOids(ctx, query),
});
