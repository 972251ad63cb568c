// How a PSA call failed, classified for the caller: the sync records the message, `test`
// reports it, and routes that call a PSA live turn it into a 502/503 envelope.
import { AppError } from '@/lib/http/errors';

export type PsaErrorKind =
  /** The PSA refused the credentials (401/403). */
  | 'unauthorized'
  /** The PSA kept answering 429 (or 503) beyond the retry budget. */
  | 'rate_limited'
  /** No usable answer: connect failure, timeout, 5xx, unreadable body. */
  | 'unavailable'
  /** The PSA answered with a 4xx other than auth and rate limiting. */
  | 'rejected'
  /** The base URL breaks the outbound address-safety rules. */
  | 'refused';

export class PsaError extends Error {
  constructor(
    readonly kind: PsaErrorKind,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'PsaError';
  }
}

/** A PSA failure during a live call, as the API answers it. */
export function psaFailure(error: unknown): AppError {
  if (!(error instanceof PsaError)) throw error;
  if (error.kind === 'refused') return new AppError('PSA_URL_REFUSED', 400, error.message);
  if (error.kind === 'rate_limited') return new AppError('PSA_RATE_LIMITED', 503, error.message);
  if (error.kind === 'unauthorized') return new AppError('PSA_UNAUTHORIZED', 502, error.message);
  return new AppError('PSA_UNAVAILABLE', 502, error.message);
}
