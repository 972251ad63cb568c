'use client';

// Chart.js (from npm, bundled: nothing is fetched at run time) on a canvas, with the data also
// given as a visually hidden table so screen readers get the numbers.
import { useEffect, useRef } from 'react';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ScriptableContext,
} from 'chart.js';

Chart.register(ArcElement, BarController, BarElement, CategoryScale, DoughnutController, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);

export interface Series {
  label: string;
  /** null: no value at that label (a line chart leaves a gap). */
  data: (number | null)[];
  color: string;
  /** Extra text per value, shown after it in the tooltip and the data table (e.g. "max 80"). */
  detail?: (string | null)[];
}

/** Dots on short series; on long ones only where a value has no neighbour (else it would not show). */
function pointRadius(count: number) {
  return (c: ScriptableContext<'line'>) => {
    if (count <= 60) return 2;
    const d = c.dataset.data;
    return d[c.dataIndex - 1] == null && d[c.dataIndex + 1] == null ? 2 : 0;
  };
}

function isDark() {
  return typeof document !== 'undefined' && document.documentElement.classList.contains('dark');
}

export function ChartView({ type, labels, series, label, height = 220, max, stacked = false }: { type: 'bar' | 'doughnut' | 'line'; labels: string[]; series: Series[]; label: string; height?: number; max?: number; stacked?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const text = isDark() ? '#cbd5e1' : '#475569';
    const grid = isDark() ? '#1e293b' : '#e2e8f0';
    const config: ChartConfiguration = {
      type,
      data: {
        labels,
        datasets: series.map((s) =>
          type === 'doughnut'
            ? { label: s.label, data: s.data, backgroundColor: s.color.split(','), borderWidth: 0 }
            : type === 'line'
              ? { label: s.label, data: s.data, borderColor: s.color, backgroundColor: `${s.color}33`, fill: true, tension: 0.25, pointRadius: pointRadius(labels.length), pointHitRadius: 6 }
              : { label: s.label, data: s.data, backgroundColor: s.color },
        ),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: type === 'line' ? { mode: 'index', intersect: false } : undefined,
        plugins: {
          legend: { display: type === 'doughnut' || series.length > 1, labels: { color: text } },
          tooltip: {
            callbacks: {
              label: (item) => {
                const detail = series[item.datasetIndex]?.detail?.[item.dataIndex];
                return `${item.dataset.label}: ${item.formattedValue}${detail ? ` (${detail})` : ''}`;
              },
            },
          },
        },
        scales:
          type === 'doughnut'
            ? {}
            : {
                x: { stacked, ticks: { color: text, maxRotation: 0, autoSkip: true }, grid: { color: grid } },
                y: { stacked, beginAtZero: true, max, ticks: { color: text, precision: 0 }, grid: { color: grid } },
              },
      },
    };
    if (chart.current) {
      chart.current.data = config.data;
      chart.current.options = config.options ?? {}; // the tooltip reads the current series
      chart.current.update();
    } else {
      chart.current = new Chart(canvas.current, config);
    }
  }, [type, labels, series, max, stacked]);

  useEffect(() => () => chart.current?.destroy(), []);

  return (
    <figure className="relative" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={label} />
      {/* A table's height grows with its rows whatever its CSS height, so the visually hidden
          wrapper is a div: a long series would otherwise stretch the page. */}
      <div className="sr-only">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((l, i) => (
              <tr key={i}>
                <th scope="row">{l}</th>
                {series.map((s) => (
                  <td key={s.label}>
                    {s.data[i] ?? '—'}
                    {s.detail?.[i] ? ` (${s.detail[i]})` : ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
