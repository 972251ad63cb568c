'use client';

// One dashboard widget: its stored query run with the viewer's scope, drawn as a chart, a number
// or a table.
import { useAnalyticsQuery, type AnalyticsQueryInput, type AnalyticsResult, type Widget } from '@/hooks/use-analytics';
import { ChartView } from '@/components/ui/chart';
import { ErrorText } from '@/components/ui/controls';
import { DataTable } from '@/components/ui/data-table';
import { keyLabel, measureLabel, toChart, toSlices } from '@/components/analytics/result-chart';

// Literal class names, so the stylesheet has each width.
const SPAN = ['', 'md:col-span-1', 'md:col-span-2', 'md:col-span-3', 'md:col-span-4', 'md:col-span-5', 'md:col-span-6', 'md:col-span-7', 'md:col-span-8', 'md:col-span-9', 'md:col-span-10', 'md:col-span-11', 'md:col-span-12'];
const UNIT_SUFFIX: Record<AnalyticsResult['unit'], string> = { count: '', minutes: ' min', percent: ' %' };

export function formatValue(result: AnalyticsResult, value: number | null): string {
  if (value === null) return '—';
  return `${Number.isInteger(value) ? value : value.toFixed(1)}${UNIT_SUFFIX[result.unit]}`;
}

export function ResultView({ result, type, chart, title, height = 240 }: { result: AnalyticsResult; type: Widget['type']; chart: Widget['options']['chart']; title: string; height?: number }) {
  if (type === 'number') {
    const first = result.rows[0];
    return (
      <p className="text-4xl font-semibold tabular-nums" data-testid="widget-number">
        {formatValue(result, first?.value ?? null)}
      </p>
    );
  }
  if (type === 'table') {
    return (
      <DataTable label={title} columns={[...result.dimensions.map((d) => d), measureLabel(result.measure), 'Records']}>
        {result.rows.map((r, i) => (
          <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
            {result.dimensions.map((d) => (
              <td key={d} className="px-3 py-1.5">
                {keyLabel(result, d, r.keys[d])}
              </td>
            ))}
            <td className="px-3 py-1.5 tabular-nums">{formatValue(result, r.value)}</td>
            <td className="px-3 py-1.5 tabular-nums">{r.count}</td>
          </tr>
        ))}
      </DataTable>
    );
  }
  const data = chart === 'doughnut' ? toSlices(result) : toChart(result);
  return <ChartView type={chart} labels={data.labels} series={data.series} label={title} height={height} stacked={chart === 'bar' && result.unit === 'count' && data.series.length > 1} />;
}

export function WidgetView({ widget, actions }: { widget: Widget; actions?: React.ReactNode }) {
  const result = useAnalyticsQuery(widget.query as AnalyticsQueryInput);
  return (
    <section
      aria-label={widget.title}
      data-testid="analytics-widget"
      className={`flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900 ${SPAN[Math.min(Math.max(widget.position.w, 1), 12)]}`}
    >
      <header className="mb-2 flex items-start justify-between gap-2">
        <h2 className="text-sm font-semibold">{widget.title}</h2>
        {actions}
      </header>
      <ErrorText error={result.error} />
      {result.data ? (
        result.data.rows.length === 0 ? (
          <p className="text-sm text-slate-500">No data in this range.</p>
        ) : (
          <ResultView result={result.data} type={widget.type} chart={widget.options.chart} title={widget.title} height={widget.position.h * 60} />
        )
      ) : (
        !result.error && <p className="text-sm text-slate-500">Loading…</p>
      )}
      {result.data?.truncated && <p className="mt-1 text-xs text-slate-500">Showing the first {result.data.rows.length} groups.</p>}
    </section>
  );
}
