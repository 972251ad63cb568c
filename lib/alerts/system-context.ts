import type { AnonymousContext } from '@/lib/auth/context';

/** The context of moves the service makes by itself (evaluation, sweeps, monitors). */
export const SYSTEM_CONTEXT: AnonymousContext = { kind: 'anonymous', requestId: 'alerts', ip: null };
