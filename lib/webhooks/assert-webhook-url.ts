import { checkWebhookUrl } from '@/lib/webhooks/check-webhook-url';
import { invalidWebhookUrl } from '@/lib/webhooks/errors';

/** Create/update validation: any failure, DNS included, is 400 `Invalid webhook URL`. */
export async function assertWebhookUrl(url: string, path?: string): Promise<void> {
  const check = await checkWebhookUrl(url);
  if (!check.ok) throw invalidWebhookUrl(check.reason, path);
}
