// A least-squares line through daily usage percentages and the days until it reaches 100 %.

/** Slopes below this (percentage points per day) count as flat: no forecast. */
export const FLAT_SLOPE = 0.01;
export const MIN_POINTS = 3;

export interface Forecast {
  current: number | null;
  slopePerDay: number | null;
  daysUntilFull: number | null;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** `values[i]` is day i's average (null: no data); the forecast starts from the last value. */
export function forecastFull(values: (number | null)[]): Forecast {
  const points = values.flatMap((y, x) => (y === null ? [] : [{ x, y }]));
  const current = points.length ? points[points.length - 1].y : null;
  if (points.length < MIN_POINTS) return { current, slopePerDay: null, daysUntilFull: null };
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const slope = sxx === 0 ? 0 : sxy / sxx;
  let daysUntilFull: number | null = null;
  if (current !== null && current >= 100) daysUntilFull = 0;
  else if (current !== null && slope > FLAT_SLOPE) daysUntilFull = round((100 - current) / slope, 1);
  return { current, slopePerDay: round(slope, 3), daysUntilFull };
}
