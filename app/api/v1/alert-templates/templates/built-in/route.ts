// GET /api/v1/alert-templates/templates/built-in — rule templates that ship with the service.
import { defineRoute } from '@/lib/http/define-route';
import { ZBuiltInTemplates } from '@/lib/alerts/templates/schemas';
import { listBuiltInTemplates } from '@/lib/alerts/templates/templates';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  summary: 'List built-in alert templates',
  description: 'High CPU, high memory, low and critical disk, device offline, script failed. Create a rule from one with POST /alerts/rules { name, templateId }.',
  tags: ['Alert templates'],
  response: ZBuiltInTemplates,
  handler: () => listBuiltInTemplates(),
});
