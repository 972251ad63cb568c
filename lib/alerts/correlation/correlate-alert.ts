// Placeholder until correlation lands.
import type { Tx } from '@/lib/db';
import type { Alert } from '@/lib/generated/prisma/client';

export async function correlateAlert(_tx: Tx, alert: Alert): Promise<Alert> {
  return alert;
}
