'use client';

// Access reviews: a snapshot of every user of the partner, each marked keep or revoke, then
// completed (revocations applied at once, all or none). The list starts a review; the review's
// page decides items and completes it.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useAccessReviews, useStartAccessReview } from '@/hooks/use-access-reviews';
import { useCan } from '@/hooks/use-me';
import { messageOf, fieldErrorsOf } from '@/lib/client/field-errors';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Card, EmptyState, ErrorText, PageHeader, Pager, SelectField, StatusBadge, TextAreaField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';

export function AccessReviewsView() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const reviews = useAccessReviews({ page, status: status || undefined });
  const canManage = useCan('users:manage');
  const [starting, setStarting] = useState(false);
  const list = reviews.data?.data ?? [];

  return (
    <div className="space-y-4">
      <PageHeader title="Access reviews" description="Confirm periodically who should keep access: each user is kept or revoked, and revocations apply when the review is completed." actions={canManage && <Button onClick={() => setStarting(true)}>Start a review</Button>} />
      <div className="w-44">
        <SelectField label="Status" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }}>
          <option value="">All</option>
          <option value="open">Open</option>
          <option value="completed">Completed</option>
        </SelectField>
      </div>
      <ErrorText error={reviews.error} />
      {reviews.data && list.length === 0 && (
        <EmptyState title={status ? 'No review with this status' : 'No access reviews yet'} action={canManage && !status && <Button onClick={() => setStarting(true)}>Start the first review</Button>}>
          {status ? 'Show all reviews instead.' : 'Starting a review snapshots every user with their role and organization access; you then decide for each whether they keep it.'}
        </EmptyState>
      )}
      {list.length > 0 && (
        <Card>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-slate-500">
                <tr>
                  <th className="py-2 pr-4 font-medium">Review</th>
                  <th className="py-2 pr-4 font-medium">Status</th>
                  <th className="py-2 pr-4 font-medium">Progress</th>
                  <th className="py-2 pr-4 font-medium">Due</th>
                  <th className="py-2 font-medium">Started</th>
                </tr>
              </thead>
              <tbody>
                {list.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-4">
                      <Link href={`/access-reviews/${r.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                        {r.name}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">
                      <StatusBadge status={r.status} />
                    </td>
                    <td className="py-2 pr-4 text-slate-600 dark:text-slate-400">
                      {r.counts.total - r.counts.undecided} of {r.counts.total} decided · {r.counts.revoke} to revoke
                    </td>
                    <td className="py-2 pr-4 text-slate-500">{r.dueAt ? formatDate(r.dueAt) : '—'}</td>
                    <td className="py-2 text-slate-500">
                      {formatDate(r.createdAt)} by {r.createdBy.email ?? 'a removed user'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} total={reviews.data?.pagination.total ?? 0} limit={reviews.data?.pagination.limit ?? 50} onPage={setPage} />
        </Card>
      )}
      <Dialog open={starting} onClose={() => setStarting(false)} title="Start an access review">
        {starting && <StartReviewForm />}
      </Dialog>
    </div>
  );
}

function StartReviewForm() {
  const router = useRouter();
  const start = useStartAccessReview();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const due = String(f.get('dueAt') ?? '');
    setErrors({});
    setFormError(null);
    try {
      const review = await start.mutateAsync({
        name: String(f.get('name') ?? '').trim() || undefined,
        description: String(f.get('description') ?? '').trim() || null,
        dueAt: due ? new Date(`${due}T23:59:59`).toISOString() : undefined,
      });
      router.push(`/access-reviews/${review.id}`);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError(messageOf(err, 'Could not start the review'));
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="Start an access review" noValidate>
      <Field label="Name" name="name" maxLength={200} placeholder={`Access review ${new Date().toISOString().slice(0, 10)}`} error={errors.name} hint="Optional" autoFocus />
      <TextAreaField label="Description" name="description" rows={2} maxLength={2000} error={errors.description} />
      <Field label="Due date" name="dueAt" type="date" error={errors.dueAt} hint="Optional, informational" />
      <FormError message={formError} />
      <Button type="submit" disabled={start.isPending}>
        {start.isPending ? 'Starting…' : 'Start review'}
      </Button>
    </form>
  );
}
