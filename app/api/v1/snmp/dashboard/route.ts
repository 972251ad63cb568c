// GET /api/v1/snmp/dashboard — SNMP at a glance.
import { defineRoute } from '@/lib/http/define-route';
import { ZSnmpDashboard } from '@/lib/snmp/schemas';
import { getSnmpDashboard } from '@/lib/snmp/snmp-dashboard';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  summary: 'SNMP dashboard',
  tags: ['SNMP'],
  response: ZSnmpDashboard,
  handler: ({ ctx }) => getSnmpDashboard(ctx),
});
