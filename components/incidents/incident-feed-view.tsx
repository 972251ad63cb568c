'use client';

// The incident feed: tracked incidents and not-yet-promoted EDR findings, by severity then newest.
// Finding rows show only to callers who may read devices; tracking one turns it into an incident.
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useCan } from '@/hooks/use-me';
import { useIncidentFeed, usePromoteFinding } from '@/hooks/use-incidents';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Badge, EmptyState, ErrorText, FilterBar, PageHeader, Pager, SelectField, type Tone } from '@/components/ui/controls';

const DEFAULTS = { kind: '', source: '', page: '1' };
const CELL = 'px-4 py-2';
const SEVERITY_TONE: Record<string, Tone> = { p1: 'red', p2: 'amber', p3: 'blue', p4: 'slate' };
const SOURCE_LABEL: Record<string, string> = { native: 'Tracked', edr_a: 'EDR A', edr_b: 'EDR B' };

export function IncidentFeedView() {
  const [f, setF] = useUrlFilters(DEFAULTS);
  const page = Math.max(1, Number(f.page) || 1);
  const feed = useIncidentFeed({ kind: f.kind || undefined, source: f.source || undefined, page });
  const promote = usePromoteFinding();
  const canTrack = useCan('alerts:write');
  const seesFindings = useCan('devices:read');
  const rows = feed.data?.data ?? [];

  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title="Incident feed"
        description={`Tracked incidents${seesFindings ? ' and the findings of your EDR integrations not yet tracked' : ''}, most severe first, then newest.`}
      />
      <FilterBar label="Filter the incident feed">
        <SelectField label="Kind" value={f.kind} onChange={(e) => setF({ kind: e.target.value, page: '1' })}>
          <option value="">Any</option>
          <option value="tracked">Tracked incidents</option>
          {seesFindings && <option value="finding">EDR findings</option>}
        </SelectField>
        <SelectField label="Source" value={f.source} onChange={(e) => setF({ source: e.target.value, page: '1' })}>
          <option value="">Any</option>
          <option value="native">Tracked</option>
          {seesFindings && <option value="edr_a">EDR A</option>}
          {seesFindings && <option value="edr_b">EDR B</option>}
        </SelectField>
      </FilterBar>
      <ErrorText error={feed.error ?? promote.error} />
      {feed.data && rows.length === 0 ? (
        <EmptyState title="Nothing in the feed">Incidents opened by hand or promoted from alerts, EDR findings and threats show here.</EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="Incident feed" columns={['Severity', 'Title', 'Source', 'Status', 'EDR status', 'Detected', 'Actions']}>
            {rows.map((r) => (
              <tr key={`${r.kind}:${r.sourceId}`} className="border-t border-slate-100 align-top dark:border-slate-800" data-testid="feed-row">
                <td className={CELL}>
                  <Badge tone={SEVERITY_TONE[r.severity] ?? 'slate'}>{r.severity.toUpperCase()}</Badge>
                </td>
                <td className={`${CELL} font-medium`}>{r.title}</td>
                <td className={CELL}>{SOURCE_LABEL[r.source] ?? r.source}</td>
                <td className={CELL}>{r.status}</td>
                <td className={CELL}>{r.edrStatus ?? '—'}</td>
                <td className={CELL}>{new Date(r.detectedAt).toLocaleString()}</td>
                <td className={`${CELL} space-x-2 whitespace-nowrap`}>
                  {r.linkOut && (
                    <a href={r.linkOut} target="_blank" rel="noreferrer noopener" className="text-brand-700 hover:underline dark:text-brand-100">
                      Open in EDR<span className="sr-only"> console: {r.title}</span>
                    </a>
                  )}
                  {r.kind === 'finding' && canTrack && (
                    <Button variant="secondary" disabled={promote.isPending} onClick={() => promote.mutate(r.sourceId)}>
                      Track<span className="sr-only"> {r.title}</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      {feed.data && <Pager page={page} total={feed.data.pagination.total} limit={feed.data.pagination.limit} onPage={(p) => setF({ page: String(p) })} />}
    </div>
  );
}
