'use client';

// The device's stored metric history (GET /devices/:id/metrics): average CPU, memory and disk
// per interval as lines, the interval's minimum and maximum in the tooltip and the data table,
// over ranges from an hour to a year (the server reads the tier that holds each range).
import { useMemo, useState } from 'react';
import { METRIC_RANGES, useDeviceMetrics, type Device, type DeviceMetrics, type MetricRange } from '@/hooks/use-devices';
import { ChartView, type Series } from '@/components/ui/chart';
import { Card, ErrorText } from '@/components/ui/controls';

const STEP_MS: Record<DeviceMetrics['interval'], number> = { '5m': 300_000, '1h': 3_600_000, '1d': 86_400_000 };
const INTERVAL_WORDS: Record<DeviceMetrics['interval'], string> = { '5m': '5 minutes', '1h': 'hour', '1d': 'day' };
const METRICS = [
  { key: 'cpu', label: 'CPU %', color: '#2f6fed' },
  { key: 'memory', label: 'Memory %', color: '#16a34a' },
  { key: 'disk', label: 'Disk %', color: '#d97706' },
] as const;

const round1 = (n: number) => Math.round(n * 10) / 10;

function labelFormat(interval: DeviceMetrics['interval'], range: MetricRange): Intl.DateTimeFormatOptions {
  if (range === '1h') return { hour: '2-digit', minute: '2-digit' };
  if (interval === '1d') return range === '1y' ? { year: 'numeric', month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric' };
  if (range === '30d') return { month: 'short', day: 'numeric', hour: '2-digit' };
  return { weekday: 'short', hour: '2-digit', minute: '2-digit' };
}

/** Share of the window's 5-minute intervals with a heartbeat, from the points' availability. */
function availability(m: DeviceMetrics): number {
  const perPoint = STEP_MS[m.interval] / STEP_MS['5m'];
  const beats = m.points.reduce((n, p) => n + (p.availabilityPercent / 100) * perPoint, 0);
  const expected = (new Date(m.to).getTime() - new Date(m.from).getTime()) / STEP_MS['5m'];
  return expected > 0 ? Math.min(100, round1((beats / expected) * 100)) : 0;
}

/** One slot per interval of the window (a missing point stays empty: the line shows a gap). */
function toChart(m: DeviceMetrics, range: MetricRange): { labels: string[]; series: Series[] } {
  const step = STEP_MS[m.interval];
  const byAt = new Map(m.points.map((p) => [new Date(p.at).getTime(), p]));
  const format = labelFormat(m.interval, range);
  const slots: number[] = [];
  for (let t = Math.floor(new Date(m.from).getTime() / step) * step; t < new Date(m.to).getTime(); t += step) slots.push(t);
  const labels = slots.map((t) => new Date(t).toLocaleString(undefined, format));
  const series = METRICS.map(({ key, label, color }) => ({
    label,
    color,
    data: slots.map((t) => {
      const avg = byAt.get(t)?.[key].avg;
      return avg === null || avg === undefined ? null : round1(avg);
    }),
    detail: slots.map((t) => {
      const stat = byAt.get(t)?.[key];
      if (!stat || stat.max === null) return null;
      return stat.min === null ? `max ${round1(stat.max)} %` : `min ${round1(stat.min)} %, max ${round1(stat.max)} %`;
    }),
  }));
  return { labels, series };
}

const SHORT_LABELS: Record<MetricRange, string> = { '1h': '1 h', '24h': '24 h', '7d': '7 d', '30d': '30 d', '90d': '90 d', '1y': '1 y' };

function RangePicker({ value, onChange }: { value: MetricRange; onChange: (r: MetricRange) => void }) {
  return (
    <div role="group" aria-label="Time range" className="inline-flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-700">
      {(Object.keys(METRIC_RANGES) as MetricRange[]).map((id) => (
        <button
          key={id}
          type="button"
          aria-label={`Last ${METRIC_RANGES[id].label}`}
          aria-pressed={value === id}
          onClick={() => onChange(id)}
          className={`px-2.5 py-1.5 text-xs font-medium sm:px-3 ${value === id ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800'}`}
        >
          {SHORT_LABELS[id]}
        </button>
      ))}
    </div>
  );
}

export function DeviceMetricsChart({ device }: { device: Device }) {
  const [range, setRange] = useState<MetricRange>('24h');
  const metrics = useDeviceMetrics(device.id, range);
  const m = metrics.data;
  const chart = useMemo(() => (m ? toChart(m, range) : null), [m, range]);
  const samples = m?.points.reduce((n, p) => n + p.samples, 0) ?? 0;
  const rangeLabel = METRIC_RANGES[range].label;

  return (
    <Card title="Heartbeat metrics (%)" actions={<RangePicker value={range} onChange={setRange} />}>
      <ErrorText error={metrics.error} />
      {!m && !metrics.error && <p role="status">Loading…</p>}
      {m && m.points.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="metrics-empty">
          No metrics stored for the last {rangeLabel}. Every heartbeat records CPU, memory and disk use; {device.status === 'online' ? 'the first points appear within a few minutes.' : 'check that the agent on this device is running.'}
        </p>
      )}
      {m && chart && m.points.length > 0 && (
        <div data-testid="metrics-chart" data-points={m.points.length}>
          <ChartView type="line" labels={chart.labels} series={chart.series} label={`CPU, memory and disk use of ${device.hostname}, average per ${INTERVAL_WORDS[m.interval]}, last ${rangeLabel}`} max={100} height={260} />
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Vertical axis: percent of capacity in use (0–100 %).</p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="metrics-summary">
            Average per {INTERVAL_WORDS[m.interval]} from {samples.toLocaleString()} heartbeat{samples === 1 ? '' : 's'} stored on the server; the tooltip shows each interval’s minimum and maximum. Gaps: no heartbeat. Refreshed every {METRIC_RANGES[range].refetch / 1000 >= 60 ? `${METRIC_RANGES[range].refetch / 60_000} min` : `${METRIC_RANGES[range].refetch / 1000} s`}.
          </p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="metrics-availability">
            Heartbeats in {availability(m)} % of the 5-minute intervals of the last {rangeLabel}.
          </p>
        </div>
      )}
    </Card>
  );
}
