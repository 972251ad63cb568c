// Placeholder until policies land: alert moves notify nobody yet.
import type { Tx } from '@/lib/db';
import type { Alert } from '@/lib/generated/prisma/client';

export type AlertNotice = 'triggered' | 'acknowledged' | 'resolved' | 'escalated';

export async function queueAlertNotifications(_tx: Tx, _alert: Alert, _notice: AlertNotice): Promise<void> {}
