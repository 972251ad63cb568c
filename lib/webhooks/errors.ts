// The webhook messages of doc 2 and the HTTP statuses chosen for them.
import { AppError } from '@/lib/http/errors';

/** 400: create or update with a URL that fails validation (scheme, host, DNS answers). */
/** `path` names the field that held the URL (alert channels keep theirs under `config`). */
export const invalidWebhookUrl = (reason: string, path = 'body.url') =>
  new AppError('INVALID_WEBHOOK_URL', 400, 'Invalid webhook URL', [{ path, message: reason }]);

/** 400: a partner or system caller did not name the organization. */
export const organizationContextRequired = (where: 'body' | 'query') =>
  new AppError('ORG_CONTEXT_REQUIRED', 400, 'Organization context required', [{ path: `${where}.orgId`, message: 'Required for partner and system callers' }]);

/** 409: manual retry of a delivery that is not failed. */
export const onlyFailedCanBeRetried = (status: string) =>
  new AppError('DELIVERY_NOT_FAILED', 409, 'Only failed deliveries can be retried', { status });
