// Turns an analytics answer into chart labels and series: the time dimension (when there is one)
// or the first dimension runs along the axis, the other dimension becomes one series per value.
import type { Series } from '@/components/ui/chart';
import type { AnalyticsResult } from '@/hooks/use-analytics';
import { bucketsBetween } from '@/lib/analytics/time-buckets';

const PALETTE = ['#2f6fed', '#dc2626', '#d97706', '#16a34a', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#475569', '#ea580c'];
const SEVERITY_COLORS: Record<string, string> = { critical: '#b91c1c', high: '#ea580c', medium: '#d97706', low: '#2f6fed', info: '#64748b' };

export function keyLabel(result: AnalyticsResult, dim: string, key: string | null): string {
  if (key === null) return dim === 'site' ? 'No site' : 'Not set';
  if (dim === 'time') {
    const d = new Date(key);
    if (result.bucket === 'hour') return d.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
    if (result.bucket === 'month') return d.toLocaleDateString(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    return d.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  }
  return result.labels[key] ?? key;
}

export function measureLabel(measure: string): string {
  return measure.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
}

export function toChart(result: AnalyticsResult): { labels: string[]; series: Series[] } {
  const dims = result.dimensions;
  const axis = dims.includes('time') ? 'time' : dims[0];
  const split = dims.find((d) => d !== axis);
  if (!axis) return { labels: ['All'], series: [{ label: measureLabel(result.measure), color: PALETTE[0], data: [result.rows[0]?.value ?? null] }] };
  // A time axis shows every bucket of the range, so quiet days are there too.
  const axisKeys =
    axis === 'time' && result.timeRange && result.bucket
      ? [...new Set([...bucketsBetween(new Date(result.timeRange.from), new Date(result.timeRange.to), result.bucket).map((d) => d.toISOString()), ...result.rows.map((r) => r.keys.time)])].sort((a, b) => (a ?? '').localeCompare(b ?? ''))
      : [...new Set(result.rows.map((r) => r.keys[axis]))];
  const labels = axisKeys.map((k) => keyLabel(result, axis, k));
  if (!split) {
    const byKey = new Map(result.rows.map((r) => [r.keys[axis], r.value]));
    return { labels, series: [{ label: measureLabel(result.measure), color: PALETTE[0], data: axisKeys.map((k) => byKey.get(k) ?? (result.unit === 'count' ? 0 : null)) }] };
  }
  const splitKeys = [...new Set(result.rows.map((r) => r.keys[split]))];
  const countLike = result.unit === 'count';
  const series = splitKeys.map((s, i) => {
    const byKey = new Map(result.rows.filter((r) => r.keys[split] === s).map((r) => [r.keys[axis], r.value]));
    return {
      label: keyLabel(result, split, s),
      color: (split === 'severity' && s && SEVERITY_COLORS[s]) || PALETTE[i % PALETTE.length],
      // A missing count is a zero; a missing mean or percentage has no value.
      data: axisKeys.map((k) => byKey.get(k) ?? (countLike ? 0 : null)),
    };
  });
  return { labels, series };
}

/** Doughnut charts show one slice per row. */
export function toSlices(result: AnalyticsResult): { labels: string[]; series: Series[] } {
  const dim = result.dimensions[0];
  const rows = result.rows;
  return {
    labels: rows.map((r) => (dim ? result.dimensions.map((d) => keyLabel(result, d, r.keys[d])).join(' · ') : 'All')),
    series: [{ label: measureLabel(result.measure), color: rows.map((r, i) => (dim === 'severity' && r.keys.severity && SEVERITY_COLORS[r.keys.severity]) || PALETTE[i % PALETTE.length]).join(','), data: rows.map((r) => r.value) }],
  };
}
