// /api/v1/third-party-catalog/:id — one third-party application (system scope).
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZThirdPartyAppDetail, ZUpdateThirdPartyApp } from '@/lib/third-party-catalog/schemas';
import { getThirdPartyApp } from '@/lib/third-party-catalog/get-third-party-app';
import { updateThirdPartyApp } from '@/lib/third-party-catalog/update-third-party-app';
import { deleteThirdPartyApp } from '@/lib/third-party-catalog/delete-third-party-app';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:read',
  scopes: ['system'],
  params: ZIdParams,
  summary: 'Get a third-party application',
  description: 'Platform administrators only. The entry with its 20 most recent smoke tests (`recentTests`, newest first). 404 when missing or deleted.',
  tags: ['Patches'],
  response: ZThirdPartyAppDetail,
  handler: ({ params }) => getThirdPartyApp(params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:manage',
  scopes: ['system'],
  params: ZIdParams,
  body: ZUpdateThirdPartyApp,
  summary: 'Edit a third-party application',
  description: [
    'Platform administrators only. Fields given replace the stored ones (`updateSource` and `inventoryMatch` as a whole); 400 when none is given. `testDeviceId: null` removes the test device.',
    '`serviceTested` is not written directly: it is true while `latestVersion` matches `testedVersion`, the newest version that passed a smoke test. Recording a newer `latestVersion` therefore turns it false until that version passes a test.',
  ].join('\n\n'),
  tags: ['Patches'],
  response: ZThirdPartyAppDetail,
  handler: ({ ctx, params, body }) => updateThirdPartyApp(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:manage',
  scopes: ['system'],
  params: ZIdParams,
  summary: 'Delete a third-party application',
  description: 'Platform administrators only. Soft delete: the entry disappears (GET answers 404) and its name is free again; smoke tests whose command the agent has not fetched yet are cancelled.',
  tags: ['Patches'],
  handler: ({ ctx, params }) => deleteThirdPartyApp(ctx, params.id),
});
