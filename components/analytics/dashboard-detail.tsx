'use client';

// One dashboard: its widgets on a 12-column grid (top to bottom, left to right), each running its
// query with the viewer's scope; editors add and remove widgets, rename or delete the dashboard.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useDashboard, useDeleteDashboard, useDeleteWidget } from '@/hooks/use-analytics';
import { useCan } from '@/hooks/use-me';
import { messageOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Badge, EmptyState, ErrorText } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { AnalyticsPage } from '@/components/analytics/analytics-page';
import { WidgetView } from '@/components/analytics/widget-view';
import { WidgetForm } from '@/components/analytics/widget-form';

export function DashboardDetail({ id }: { id: string }) {
  const router = useRouter();
  const dashboard = useDashboard(id);
  const canManage = useCan('analytics:manage');
  const removeWidget = useDeleteWidget();
  const removeDashboard = useDeleteDashboard();
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const d = dashboard.data;
  useBreadcrumbLabel(id, d?.name);

  async function deleteDashboard() {
    if (!d || !window.confirm(`Delete the dashboard “${d.name}” and its widgets?`)) return;
    try {
      await removeDashboard.mutateAsync(id);
      router.push('/analytics');
    } catch (err) {
      setError(messageOf(err, 'The dashboard could not be deleted'));
    }
  }

  async function deleteWidget(widgetId: string, title: string) {
    if (!window.confirm(`Remove the widget “${title}”?`)) return;
    try {
      await removeWidget.mutateAsync(widgetId);
    } catch (err) {
      setError(messageOf(err, 'The widget could not be removed'));
    }
  }

  const actions = canManage && d && (
    <div className="flex gap-2">
      <Button onClick={() => setAdding(true)}>Add widget</Button>
      <Button variant="danger" onClick={() => void deleteDashboard()}>
        Delete dashboard
      </Button>
    </div>
  );

  return (
    <AnalyticsPage title={d?.name ?? 'Dashboard'} description={d?.description ?? undefined} actions={actions}>
      <ErrorText error={dashboard.error} />
      <FormError message={error} />
      {d && (
        <p className="text-xs text-slate-500">
          <Badge tone={d.visibility === 'shared' ? 'blue' : 'slate'}>{d.visibility}</Badge> {d.ownerName ? `· owned by ${d.ownerName}` : ''}
        </p>
      )}
      {d && (d.widgets ?? []).length === 0 && (
        <EmptyState title="No widgets yet" action={canManage && <Button onClick={() => setAdding(true)}>Add widget</Button>}>
          Add a chart, a number or a table; each widget is a saved analytics query.
        </EmptyState>
      )}
      {d && (d.widgets ?? []).length > 0 && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-12">
          {(d.widgets ?? []).map((w) => (
            <WidgetView
              key={w.id}
              widget={w}
              actions={
                canManage && (
                  <button type="button" className="text-xs text-slate-500 hover:text-red-700" aria-label={`Remove ${w.title}`} onClick={() => void deleteWidget(w.id, w.title)}>
                    Remove
                  </button>
                )
              }
            />
          ))}
        </div>
      )}
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add widget" wide>
        {adding && <WidgetForm dashboardId={id} onDone={() => setAdding(false)} />}
      </Dialog>
    </AnalyticsPage>
  );
}
