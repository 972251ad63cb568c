// /api/v1/automations/:id — one automation.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { AUTOMATION_DOC, ZAutomation, ZUpdateAutomation } from '@/lib/automations/schemas';
import { deleteAutomation, getAutomation, updateAutomation } from '@/lib/automations/manage-automations';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'automations:read',
  params: ZIdParams,
  summary: 'Get an automation',
  description: `Needs \`automations:read\`.\n\n${AUTOMATION_DOC}`,
  tags: ['Automations'],
  response: ZAutomation,
  handler: ({ ctx, params }) => getAutomation(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'automations:manage',
  params: ZIdParams,
  body: ZUpdateAutomation,
  summary: 'Edit an automation',
  description: 'Needs `automations:manage`. Fields given replace the stored ones (`trigger`, `conditions`, `actions`, `targets` as a whole); references are checked as on create. Changing the schedule or enabling recomputes `nextRunAt`; disabling stops every trigger (runs already started go on).',
  tags: ['Automations'],
  response: ZAutomation,
  handler: ({ ctx, params, body }) => updateAutomation(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'automations:manage',
  params: ZIdParams,
  summary: 'Delete an automation',
  description: 'Needs `automations:manage`. Deletes the automation and its run history. Commands, script executions and tickets its runs created stay.',
  tags: ['Automations'],
  handler: ({ ctx, params }) => deleteAutomation(ctx, params.id),
});
