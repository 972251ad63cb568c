'use client';

// The widget builder: a query of the analytics grammar put together from its parts (source,
// measure, up to two dimensions, bucket, range, filters), checked with the grammar's own schema
// before it is previewed or saved, so only valid queries reach the API.
import { useMemo, useState } from 'react';
import { useAddWidget, useAnalyticsQuery, type AnalyticsQueryInput, type Widget } from '@/hooks/use-analytics';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { fieldErrorsOf, messageOf } from '@/lib/client/field-errors';
import { ALERT_SEVERITIES, DIMENSIONS, MEASURES, QUERY_SOURCES, RELATIVE_RANGES, TIME_BUCKETS, ZAnalyticsQuery, type QuerySource } from '@/lib/analytics/query-schemas';
import { CHART_KINDS, WIDGET_TYPES } from '@/lib/analytics/widget-kinds';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { ResultView } from '@/components/analytics/widget-view';
import { measureLabel } from '@/components/analytics/result-chart';

const SOURCE_LABELS: Record<QuerySource, string> = { alerts: 'Alerts', tickets: 'Tickets', devices: 'Devices', metrics: 'Metrics' };
const DIMENSION_LABELS: Record<string, string> = { org: 'Organization', site: 'Site', severity: 'Severity', status: 'Status', priority: 'Priority', os: 'OS', os_version: 'OS version', device: 'Device', time: 'Time' };
const RANGE_LABELS: Record<string, string> = { '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', '365d': 'Last 365 days' };

interface Draft {
  title: string;
  type: Widget['type'];
  chart: Widget['options']['chart'];
  source: QuerySource;
  measure: string;
  dim1: string;
  dim2: string;
  bucket: string;
  range: string;
  orgId: string;
  severities: string[];
}

const INITIAL: Draft = { title: '', type: 'chart', chart: 'bar', source: 'alerts', measure: 'count', dim1: 'severity', dim2: 'time', bucket: 'day', range: '7d', orgId: '', severities: [] };

function toQuery(d: Draft): AnalyticsQueryInput {
  const dimensions = [d.dim1, d.dim2].filter(Boolean);
  const filters: Record<string, string[]> = {};
  if (d.orgId) filters.orgIds = [d.orgId];
  if (d.source === 'alerts' && d.severities.length) filters.severities = d.severities;
  return {
    source: d.source,
    measure: d.measure,
    dimensions,
    ...(dimensions.includes('time') ? { bucket: d.bucket } : {}),
    filters,
    ...(d.source === 'devices' ? {} : { timeRange: { last: d.range } }),
  } as AnalyticsQueryInput;
}

export function WidgetForm({ dashboardId, onDone }: { dashboardId: string; onDone: () => void }) {
  const [d, setD] = useState<Draft>(INITIAL);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const orgs = useAllOrganizations();
  const add = useAddWidget();
  const query = useMemo(() => toQuery(d), [d]);
  const checked = ZAnalyticsQuery.safeParse(query);
  const problem = checked.success ? null : checked.error.issues[0]?.message;
  const preview = useAnalyticsQuery(checked.success ? query : null);
  const dims = DIMENSIONS[d.source] as readonly string[];
  const set = (patch: Partial<Draft>) => setD((cur) => ({ ...cur, ...patch }));

  function setSource(source: QuerySource) {
    const allowed = DIMENSIONS[source] as readonly string[];
    set({ source, measure: MEASURES[source][0], dim1: allowed.includes(d.dim1) ? d.dim1 : '', dim2: allowed.includes(d.dim2) ? d.dim2 : '', severities: [] });
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    if (!d.title.trim()) {
      setFieldErrors({ title: 'Give the widget a title' });
      return;
    }
    if (!checked.success) {
      setError(problem ?? 'The query is not valid');
      return;
    }
    try {
      await add.mutateAsync({ dashboardId, body: { title: d.title.trim(), type: d.type, options: { chart: d.chart }, query } });
      onDone();
    } catch (err) {
      setFieldErrors(fieldErrorsOf(err));
      setError(messageOf(err, 'The widget could not be added'));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="Add widget">
      <Field label="Title" value={d.title} onChange={(e) => set({ title: e.target.value })} error={fieldErrors.title} maxLength={255} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Widget type" value={d.type} onChange={(e) => set({ type: e.target.value as Draft['type'] })}>
          {WIDGET_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        {d.type === 'chart' && (
          <SelectField label="Chart" value={d.chart} onChange={(e) => set({ chart: e.target.value as Draft['chart'] })}>
            {CHART_KINDS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField label="Source" value={d.source} onChange={(e) => setSource(e.target.value as QuerySource)}>
          {QUERY_SOURCES.map((s) => (
            <option key={s} value={s}>
              {SOURCE_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Measure" value={d.measure} onChange={(e) => set({ measure: e.target.value })}>
          {MEASURES[d.source].map((m) => (
            <option key={m} value={m}>
              {measureLabel(m)}
            </option>
          ))}
        </SelectField>
        {(['dim1', 'dim2'] as const).map((k, i) => (
          <SelectField key={k} label={i === 0 ? 'Group by' : 'Then by'} value={d[k]} onChange={(e) => set({ [k]: e.target.value })}>
            <option value="">Nothing</option>
            {dims.map((dim) => (
              <option key={dim} value={dim}>
                {DIMENSION_LABELS[dim]}
              </option>
            ))}
          </SelectField>
        ))}
        {(d.dim1 === 'time' || d.dim2 === 'time') && (
          <SelectField label="Bucket" value={d.bucket} onChange={(e) => set({ bucket: e.target.value })}>
            {TIME_BUCKETS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </SelectField>
        )}
        {d.source !== 'devices' && (
          <SelectField label="Range" value={d.range} onChange={(e) => set({ range: e.target.value })}>
            {RELATIVE_RANGES.map((r) => (
              <option key={r} value={r}>
                {RANGE_LABELS[r]}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField label="Organization" value={d.orgId} onChange={(e) => set({ orgId: e.target.value })}>
          <option value="">All I can see</option>
          {(orgs.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      </div>
      {d.source === 'alerts' && (
        <fieldset className="flex flex-wrap gap-3 text-sm">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Severities (none checked: all)</legend>
          {ALERT_SEVERITIES.map((s) => (
            <label key={s} className="inline-flex items-center gap-1">
              <input type="checkbox" checked={d.severities.includes(s)} onChange={(e) => set({ severities: e.target.checked ? [...d.severities, s] : d.severities.filter((x) => x !== s) })} />
              {s}
            </label>
          ))}
        </fieldset>
      )}
      <div className="rounded-md border border-dashed border-slate-300 p-3 dark:border-slate-700" aria-live="polite">
        <p className="mb-2 text-xs font-medium text-slate-500">Preview</p>
        {problem ? (
          <p className="text-sm text-amber-800 dark:text-amber-300">{problem}</p>
        ) : preview.data ? (
          preview.data.rows.length ? (
            <ResultView result={preview.data} type={d.type} chart={d.chart} title={d.title || 'Preview'} height={180} />
          ) : (
            <p className="text-sm text-slate-500">No data in this range yet.</p>
          )
        ) : (
          <p className="text-sm text-slate-500">{preview.error ? messageOf(preview.error, 'The preview failed') : 'Loading…'}</p>
        )}
      </div>
      <FormError message={error} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending}>
          Add widget
        </Button>
      </div>
    </form>
  );
}
