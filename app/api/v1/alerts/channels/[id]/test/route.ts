// POST /api/v1/alerts/channels/:id/test — send a test message now.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZChannelTestResult } from '@/lib/alerts/channels/schemas';
import { testChannel } from '@/lib/alerts/channels/test-channel';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  params: ZIdParams,
  summary: 'Test an alert channel',
  description: 'Sends one test message synchronously and answers 200 with `ok` and, on failure, the provider’s error (HTTP status and body, or the transport/SMTP error). The outcome is kept on the channel (lastTestAt, lastTestOk, lastError).',
  tags: ['Alert channels'],
  response: ZChannelTestResult,
  audit: 'alert_channel.test',
  handler: ({ ctx, params }) => testChannel(ctx, params.id),
});
