export const STATUS_LABEL: Record<string, string> = { new: 'New', open: 'Open', pending: 'Waiting for you', on_hold: 'On hold', resolved: 'Resolved', closed: 'Closed' };
export const PRIORITY_LABEL: Record<string, string> = { p1: 'Critical', p2: 'High', p3: 'Normal', p4: 'Low' };

export function statusTone(status: string): string {
  if (status === 'resolved' || status === 'closed') return 'bg-slate-200 text-slate-700';
  if (status === 'pending') return 'bg-amber-100 text-amber-800';
  return 'bg-emerald-100 text-emerald-800';
}

export const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
