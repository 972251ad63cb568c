// What every report type provides: its columns, a page of its rows and its summary (figures and
// an optional bar chart) for a selection of organizations, sites and a period, all scoped to a
// context in SQL. The data endpoints page through the rows; generation takes them all (up to
// MAX_REPORT_ROWS) and renders them as PDF, CSV or Excel.
import { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';

export type Cell = string | number | boolean | null;
export type ReportRow = Record<string, Cell>;

export interface ReportColumn {
  key: string;
  header: string;
  /** PDF column width in points; columns without one share the rest. */
  width?: number;
  align?: 'left' | 'right';
}

export interface ReportSelection {
  orgIds: string[];
  siteIds: string[];
  from: Date;
  to: Date;
}

export interface ReportSummary {
  figures: { label: string; value: string }[];
  chart?: { title: string; bars: { label: string; value: number }[] };
}

export interface ReportDefinition {
  title: string;
  description: string;
  columns: ReportColumn[];
  landscape?: boolean;
  rows(ctx: ScopedContext, sel: ReportSelection, page: { offset: number; limit: number }): Promise<{ rows: ReportRow[]; total: number }>;
  summary(ctx: ScopedContext, sel: ReportSelection): Promise<ReportSummary>;
}

/** Generated files hold at most this many rows (the summary always covers every row). */
export const MAX_REPORT_ROWS = 20_000;

/** The caller's tenancy over a table with partner_id and org_id columns. */
export function tenantSql(ctx: ScopedContext, alias: string): Prisma.Sql {
  const t = tenantWhere(ctx);
  const a = Prisma.raw(alias);
  const parts: Prisma.Sql[] = [Prisma.sql`true`];
  if (t.partnerId) parts.push(Prisma.sql`${a}.partner_id = ${t.partnerId}::uuid`);
  if (typeof t.orgId === 'string') parts.push(Prisma.sql`${a}.org_id = ${t.orgId}::uuid`);
  else if (t.orgId) parts.push(t.orgId.in.length ? Prisma.sql`${a}.org_id = any(${t.orgId.in}::uuid[])` : Prisma.sql`false`);
  return Prisma.join(parts, ' and ');
}

/** The selection's organizations and sites over a table with org_id and site_id columns. */
export function selectionSql(sel: ReportSelection, alias: string): Prisma.Sql {
  const a = Prisma.raw(alias);
  const parts: Prisma.Sql[] = [Prisma.sql`true`];
  if (sel.orgIds.length) parts.push(Prisma.sql`${a}.org_id = any(${sel.orgIds}::uuid[])`);
  if (sel.siteIds.length) parts.push(Prisma.sql`${a}.site_id = any(${sel.siteIds}::uuid[])`);
  return Prisma.join(parts, ' and ');
}

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
export const minutesBetween = (a: Date, b: Date | null): number | null => (b ? Math.round((b.getTime() - a.getTime()) / 60_000) : null);
export const round1 = (n: number | null | undefined): number | null => (n === null || n === undefined ? null : Math.round(n * 10) / 10);
