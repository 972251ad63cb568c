// A 0–100 % line over values (oldest first); decorative, the numbers beside it carry the meaning.
const W = 120;
const H = 32;

export function Sparkline({ values, stroke, className = 'h-8 w-full' }: { values: (number | null)[]; stroke: string; className?: string }) {
  const known = values.map((v, i) => [i, v] as const).filter((p): p is readonly [number, number] => p[1] !== null);
  if (known.length < 2) return <svg aria-hidden="true" viewBox={`0 0 ${W} ${H}`} className={className} />;
  const x = (i: number) => (i / (values.length - 1)) * W;
  const y = (v: number) => H - 2 - (Math.min(100, Math.max(0, v)) / 100) * (H - 4);
  const d = known.map(([i, v], n) => `${n === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return (
    <svg aria-hidden="true" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" className={className}>
      <path d={d} fill="none" strokeWidth={1.5} vectorEffect="non-scaling-stroke" className={stroke} />
    </svg>
  );
}
