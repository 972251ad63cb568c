// The API's webhook statuses and the stored enumeration of doc 2 (`active`, `disabled`,
// `error`): active ⇄ active, paused ⇄ disabled, failed ⇄ error.
import type { WebhookStatus } from '@/lib/generated/prisma/client';

export const API_WEBHOOK_STATUSES = ['active', 'paused', 'failed'] as const;
export type ApiWebhookStatus = (typeof API_WEBHOOK_STATUSES)[number];

const TO_STORED: Record<ApiWebhookStatus, WebhookStatus> = { active: 'active', paused: 'disabled', failed: 'error' };
const TO_API: Record<WebhookStatus, ApiWebhookStatus> = { active: 'active', disabled: 'paused', error: 'failed' };

export const toStoredStatus = (status: ApiWebhookStatus): WebhookStatus => TO_STORED[status];
export const toApiStatus = (status: WebhookStatus): ApiWebhookStatus => TO_API[status];

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'retrying'] as const;
