// /api/v1/alerts/channels — notification channels.
import { defineRoute } from '@/lib/http/define-route';
import { ZChannel, ZChannelPage, ZCreateChannel, ZListChannelsQuery } from '@/lib/alerts/channels/schemas';
import { listChannels } from '@/lib/alerts/channels/list-channels';
import { createChannel } from '@/lib/alerts/channels/create-channel';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  query: ZListChannelsQuery,
  summary: 'List alert channels',
  description: 'Channels of the organizations you see plus partner-wide ones; secrets are masked.',
  tags: ['Alert channels'],
  response: ZChannelPage,
  handler: ({ ctx, query }) => listChannels(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  body: ZCreateChannel,
  status: 201,
  summary: 'Create an alert channel',
  description:
    'Kinds: `email` { recipients } (sent through the mail worker), `slack` { webhookUrl } (Slack-style incoming webhook: { text, blocks }), `teams` { webhookUrl } (Teams-style MessageCard), `webhook` { url, secret? } (signed like outbound webhooks: X-Service-Signature = sha256=HMAC(secret, timestamp.body)), `pagerduty` { routingKey, eventsUrl? } (Events API v2: trigger, acknowledge and resolve with dedup_key = alert id), `sms` { accountSid, authToken, fromNumber, toNumbers, baseUrl? } (Twilio-shaped Messages API). Every URL follows the webhook URL-safety rules (400 `Invalid webhook URL`), checked again before each send. Sends run in the worker with retries.',
  tags: ['Alert channels'],
  response: ZChannel,
  audit: 'alert_channel.create',
  handler: ({ ctx, body }) => createChannel(ctx, body),
});
