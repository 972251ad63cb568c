// /api/v1/alerts/channels/:id — one channel.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZChannel, ZUpdateChannel } from '@/lib/alerts/channels/schemas';
import { getChannelOrThrow } from '@/lib/alerts/channels/get-channel-or-throw';
import { toChannelDto } from '@/lib/alerts/channels/to-channel-dto';
import { updateChannel } from '@/lib/alerts/channels/update-channel';
import { deleteChannel } from '@/lib/alerts/channels/delete-channel';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  params: ZIdParams,
  summary: 'Get an alert channel',
  tags: ['Alert channels'],
  response: ZChannel,
  handler: async ({ ctx, params }) => toChannelDto(await getChannelOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  body: ZUpdateChannel,
  summary: 'Update an alert channel',
  description: '`name`, `enabled`, or `config` (the whole configuration of the channel kind; the kind itself cannot change).',
  tags: ['Alert channels'],
  response: ZChannel,
  audit: 'alert_channel.update',
  handler: ({ ctx, params, body }) => updateChannel(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  summary: 'Delete an alert channel',
  description: 'Also removes it from every policy that names it.',
  tags: ['Alert channels'],
  audit: 'alert_channel.delete',
  handler: ({ ctx, params }) => deleteChannel(ctx, params.id),
});
