'use client';

// One chart per polled numeric OID (GET /snmp/metrics/:deviceId/history): the bin average as a
// line, its minimum and maximum in the tooltip, over ranges from an hour to 30 days. A device
// with a walked table (interfaces) has many series: a filter narrows them, and at most
// MAX_CHARTS are drawn at once.
import { useMemo, useState } from 'react';
import { SNMP_RANGES, useSnmpHistory, type SnmpHistory, type SnmpRange } from '@/hooks/use-snmp';
import { ChartView } from '@/components/ui/chart';
import { Field } from '@/components/ui/field';
import { Card, ErrorText } from '@/components/ui/controls';

const MAX_CHARTS = 12;
const COLORS = ['#2f6fed', '#16a34a', '#d97706', '#7c3aed', '#db2777', '#0891b2'];
const LABELS: Record<SnmpRange, string> = { '1h': '1 h', '6h': '6 h', '24h': '24 h', '7d': '7 d', '30d': '30 d', '90d': '90 d', '1y': '1 y' };
const SPAN_S: Record<SnmpRange, number> = { '1h': 3600, '6h': 21_600, '24h': 86_400, '7d': 604_800, '30d': 2_592_000, '90d': 7_776_000, '1y': 31_536_000 };
const LONG = new Set<SnmpRange>(['7d', '30d', '90d', '1y']);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Slots of `bucketSeconds` over the range; a bin without data stays empty (a gap). */
function toChart(h: SnmpHistory, series: SnmpHistory['series'][number]) {
  const step = h.bucketSeconds * 1000;
  const end = Math.floor(Date.now() / step) * step;
  const slots: number[] = [];
  for (let t = end - Math.ceil((SPAN_S[h.range] * 1000) / step) * step + step; t <= end; t += step) slots.push(t);
  const byAt = new Map(series.points.map((p) => [new Date(p.t).getTime(), p]));
  const format: Intl.DateTimeFormatOptions = h.bucketSeconds >= 86_400 ? { year: '2-digit', month: 'short', day: 'numeric' } : LONG.has(h.range) ? { month: 'short', day: 'numeric', hour: '2-digit' } : { hour: '2-digit', minute: '2-digit' };
  return {
    labels: slots.map((t) => new Date(t).toLocaleString(undefined, format)),
    data: slots.map((t) => (byAt.has(t) ? round2(byAt.get(t)!.avg) : null)),
    detail: slots.map((t) => {
      const p = byAt.get(t);
      return p ? `min ${round2(p.min)}, max ${round2(p.max)}` : null;
    }),
  };
}

export function SnmpHistoryCharts({ deviceId }: { deviceId: string }) {
  const [range, setRange] = useState<SnmpRange>('24h');
  const [filter, setFilter] = useState('');
  const history = useSnmpHistory(deviceId, range);
  const h = history.data;
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (h?.series ?? []).filter((s) => !q || s.name.toLowerCase().includes(q) || s.oid.includes(q));
  }, [h, filter]);

  return (
    <Card
      title="History"
      actions={
        <div role="group" aria-label="Time range" className="inline-flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-700">
          {SNMP_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              aria-label={`Last ${LABELS[r]}`}
              onClick={() => setRange(r)}
              className={`px-2.5 py-1.5 text-xs font-medium ${r === range ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800'}`}
            >
              {LABELS[r]}
            </button>
          ))}
        </div>
      }
    >
      <ErrorText error={history.error} />
      {!h && !history.error && <p role="status">Loading…</p>}
      {h && h.series.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="snmp-history-empty">
          No numeric values stored yet: each poll adds a point per OID (counters from their second poll, as rates per second).
        </p>
      )}
      {h && h.series.length > 0 && (
        <div className="space-y-4">
          {h.series.length > 4 && <Field label="Filter charts" placeholder="Name or OID" value={filter} onChange={(e) => setFilter(e.target.value)} />}
          <div className="grid gap-4 lg:grid-cols-2">
            {shown.slice(0, MAX_CHARTS).map((s, i) => {
              const c = toChart(h, s);
              return (
                <div key={s.oid} data-testid="snmp-oid-chart" data-oid={s.oid} data-points={s.points.length}>
                  <h3 className="text-sm font-medium">
                    {s.name} {s.unit && <span className="text-slate-500">({s.unit})</span>}
                  </h3>
                  <p className="font-mono text-xs text-slate-500">{s.oid}</p>
                  <ChartView type="line" height={180} labels={c.labels} label={`${s.name}, average per ${h.bucketSeconds >= 3600 ? `${h.bucketSeconds / 3600} h` : `${h.bucketSeconds / 60} min`}, last ${LABELS[range]}`} series={[{ label: s.name, color: COLORS[i % COLORS.length], data: c.data, detail: c.detail }]} />
                </div>
              );
            })}
          </div>
          {shown.length > MAX_CHARTS && (
            <p className="text-xs text-slate-500">
              {MAX_CHARTS} of {shown.length} charts shown: filter by name or OID to see the others.
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
