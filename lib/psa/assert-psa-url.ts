import { badRequest } from '@/lib/http/errors';
import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';

/** A connection's base URL must pass the outbound URL-safety rules when it is saved. */
export async function assertPsaUrl(baseUrl: string): Promise<void> {
  const check = await checkWebhookUrl(baseUrl);
  if (!check.ok) throw badRequest(`Invalid baseUrl: ${check.reason}`, [{ path: 'body.baseUrl', message: check.reason }]);
}
