// UTC period arithmetic shared by the metric history tiers: 5-minute buckets, hours, days and the
// months the rollup tables are partitioned by.
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const floorTo = (at: Date, stepMs: number) => new Date(Math.floor(at.getTime() / stepMs) * stepMs);
export const ceilTo = (at: Date, stepMs: number) => new Date(Math.ceil(at.getTime() / stepMs) * stepMs);
export const addMs = (at: Date, ms: number) => new Date(at.getTime() + ms);
export const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
export const nextMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
export const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);
export const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
