import { AppError, unauthorized } from '@/lib/http/errors';

const BLOCKING = new Set(['pending', 'suspended', 'churned']);

/** Doc 1 partner guard: pending, suspended and churned partners are refused with 403. */
export function assertPartnerActive(partnerStatus: string | null): void {
  if (partnerStatus === 'deleted') throw unauthorized('Session is no longer valid');
  if (partnerStatus && BLOCKING.has(partnerStatus)) {
    throw new AppError('PARTNER_INACTIVE', 403, `Partner account is ${partnerStatus}; API access is blocked`);
  }
}
