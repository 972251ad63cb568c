'use client';

// One access review: every snapshotted user with role and organization access, a keep/revoke
// decision each (changeable until completion), and Complete, which applies the revocations.
import { useState } from 'react';
import { useAccessReview, useCompleteAccessReview, useDecideReviewItem, type AccessReviewItem } from '@/hooks/use-access-reviews';
import { useCan, useMe } from '@/hooks/use-me';
import { ApiError } from '@/lib/client/api-client';
import { messageOf } from '@/lib/client/field-errors';
import { formatDate } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Badge, Card, ErrorText, PageHeader, StatusBadge } from '@/components/ui/controls';

export function AccessReviewDetail({ id }: { id: string }) {
  const review = useAccessReview(id);
  const canManage = useCan('users:manage');
  const me = useMe();
  const complete = useCompleteAccessReview(id);
  const [filter, setFilter] = useState<'all' | 'undecided' | 'revoke'>('all');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useBreadcrumbLabel(id, review.data?.name);
  if (review.isError) return <ErrorText error={review.error} />;
  if (!review.data) return <p role="status">Loading…</p>;
  const r = review.data;
  const open = r.status === 'open';
  const items = r.items.filter((i) => (filter === 'undecided' ? !i.decision : filter === 'revoke' ? i.decision === 'revoke' : true));

  async function onComplete() {
    if (!confirm(r.counts.revoke ? `Complete the review and revoke access for ${r.counts.revoke} user${r.counts.revoke === 1 ? '' : 's'}? Their sessions and API keys end at once.` : 'Complete the review? Everyone keeps their access.')) return;
    setMessage(null);
    try {
      await complete.mutateAsync();
      setMessage({ ok: true, text: 'Review completed; the decisions were applied.' });
    } catch (err) {
      const undecided = err instanceof ApiError && err.code === 'REVIEW_INCOMPLETE' ? (err.details as { undecided?: number }).undecided : undefined;
      setMessage({ ok: false, text: undecided ? `${messageOf(err, '')} (${undecided} undecided)` : messageOf(err, 'Could not complete the review') });
    }
  }

  return (
    <div className="space-y-4">
      <PageHeader
        title={r.name}
        description={[r.description, r.dueAt && `due ${formatDate(r.dueAt)}`, `started ${formatDate(r.createdAt)} by ${r.createdBy.email ?? 'a removed user'}`].filter(Boolean).join(' · ')}
        actions={
          <>
            <StatusBadge status={r.status} />
            {open && canManage && (
              <Button onClick={() => void onComplete()} disabled={complete.isPending || r.counts.undecided > 0} title={r.counts.undecided ? 'Decide every user first' : undefined}>
                Complete review
              </Button>
            )}
          </>
        }
      />
      <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
        {r.counts.total - r.counts.undecided} of {r.counts.total} decided: {r.counts.keep} keep, {r.counts.revoke} revoke
        {open && r.counts.undecided > 0 ? `, ${r.counts.undecided} still to decide.` : '.'}
        {r.completedAt && ` Completed ${formatDate(r.completedAt)} by ${r.completedBy?.email ?? 'a removed user'}.`}
      </p>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`text-sm ${message.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600'}`}>
          {message.text}
        </p>
      )}
      <div className="flex gap-2 text-sm" role="group" aria-label="Show">
        {(['all', 'undecided', 'revoke'] as const).map((f) => (
          <button key={f} type="button" aria-pressed={filter === f} onClick={() => setFilter(f)} className={`rounded-md border px-3 py-1 ${filter === f ? 'border-brand-600 bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-white' : 'border-slate-300 dark:border-slate-700'}`}>
            {f === 'all' ? 'Everyone' : f === 'undecided' ? 'Undecided' : 'To revoke'}
          </button>
        ))}
      </div>
      <Card>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="review-items">
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-2 pr-4 font-medium">User</th>
                <th className="py-2 pr-4 font-medium">Role</th>
                <th className="py-2 pr-4 font-medium">Access</th>
                <th className="py-2 pr-4 font-medium">Decision</th>
                <th className="py-2 font-medium">{open ? <span className="sr-only">Decide</span> : 'Outcome'}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <ItemRow key={i.id} reviewId={id} item={i} editable={open && canManage} self={i.userId === me.data?.id} />
              ))}
            </tbody>
          </table>
          {items.length === 0 && <p className="py-4 text-center text-sm text-slate-500">Nobody in this view.</p>}
        </div>
      </Card>
    </div>
  );
}

function ItemRow({ reviewId, item: i, editable, self }: { reviewId: string; item: AccessReviewItem; editable: boolean; self: boolean }) {
  const decide = useDecideReviewItem(reviewId);
  const [note, setNote] = useState(i.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const choose = async (decision: 'keep' | 'revoke') => {
    setError(null);
    try {
      await decide.mutateAsync({ itemId: i.id, decision, note: note.trim() || null });
    } catch (err) {
      setError(messageOf(err, 'Could not record the decision'));
    }
  };
  return (
    <tr className="border-t border-slate-100 align-top dark:border-slate-800">
      <td className="py-2 pr-4">
        <span className="font-medium">{i.name}</span>
        <span className="block text-xs text-slate-500">
          {i.email} · {i.userStatus}
        </span>
      </td>
      <td className="py-2 pr-4">
        {i.role.name}
        <span className="block text-xs text-slate-500" title={i.role.permissions.join(', ')}>
          {i.role.permissions.length} permissions
        </span>
      </td>
      <td className="py-2 pr-4 text-slate-600 dark:text-slate-400">{i.scope === 'organization' ? 'One organization' : i.orgAccess === 'all' ? 'All organizations' : i.orgAccess === 'selected' ? `${i.orgIds.length} selected organizations` : i.orgAccess === 'none' ? 'No organizations' : i.scope}</td>
      <td className="py-2 pr-4">
        {i.decision ? <Badge tone={i.decision === 'keep' ? 'green' : 'red'}>{i.decision}</Badge> : <span className="text-xs text-slate-500">undecided</span>}
        {i.decidedBy && <span className="block text-xs text-slate-500">by {i.decidedBy.email}</span>}
        {!editable && i.note && <span className="block text-xs text-slate-500">“{i.note}”</span>}
      </td>
      <td className="py-2">
        {editable ? (
          <div className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor={`note-${i.id}`}>
              Note for {i.email}
            </label>
            <input id={`note-${i.id}`} value={note} onChange={(e) => setNote(e.target.value)} placeholder="Note (optional)" maxLength={1000} className="w-40 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs dark:border-slate-700 dark:bg-slate-900" />
            <Button variant="secondary" className="px-2.5 py-1 text-xs" aria-pressed={i.decision === 'keep'} aria-label={`Keep ${i.email}`} onClick={() => void choose('keep')} disabled={decide.isPending}>
              Keep
            </Button>
            <Button variant="danger" className="px-2.5 py-1 text-xs" aria-pressed={i.decision === 'revoke'} aria-label={`Revoke ${i.email}`} onClick={() => void choose('revoke')} disabled={decide.isPending || self} title={self ? 'Nobody revokes their own access' : undefined}>
              Revoke
            </Button>
            {error && (
              <p role="alert" className="w-full text-xs text-red-600">
                {error}
              </p>
            )}
          </div>
        ) : (
          <span className="text-xs text-slate-600 dark:text-slate-400">{i.outcome?.replace('_', ' ') ?? '—'}</span>
        )}
      </td>
    </tr>
  );
}
