// Ticket fixtures and mail inspection shared by the ticket test files.
import { db } from '@/lib/db';
import { api, type Json } from './http';

export async function newTicket(token: string, body: Record<string, unknown>) {
  const res = await api.post('/tickets', { token, body: { subject: 'Printer on fire', ...body } });
  if (res.status !== 201) throw new Error(`ticket create failed: ${res.status} ${res.text}`);
  return res.body as { id: string; number: number; [key: string]: Json };
}

export interface QueuedEmail {
  to: string | string[];
  subject: string;
  text: string;
  replyTo?: string;
}

/** Emails waiting in the worker queue (enqueued by enqueueEmail), oldest first. */
export async function queuedEmails(to?: string): Promise<QueuedEmail[]> {
  const rows = await db.$queryRaw<{ payload: QueuedEmail }[]>`
    select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where t.identifier = 'send_email' order by j.id`;
  return rows.map((r) => r.payload).filter((m) => !to || m.to === to || (Array.isArray(m.to) && m.to.includes(to)));
}

export async function clearQueuedEmails(): Promise<void> {
  await db.$executeRaw`delete from graphile_worker._private_jobs j using graphile_worker._private_tasks t where t.id = j.task_id and t.identifier = 'send_email'`;
}
