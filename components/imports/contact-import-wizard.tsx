'use client';

// Bulk import of contacts: the CSV is parsed in the browser, previewed by the server (each row
// annotated: create, link-match, email-match, name-match, conflict, org-not-found), fuzzy matches
// are acknowledged row by row, then committed in batches with a progress bar, and the result is
// listed. Rows name their organization; a default organization fills rows that do not.
import Link from 'next/link';
import { useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { api, ApiError } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import type { ZContactImportPreview, ZContactImportResult } from '@/lib/imports/schemas';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useRefreshContacts } from '@/hooks/use-contacts';
import { Button } from '@/components/ui/button';
import { Badge, Card, ErrorText, PageHeader, SelectField, type Tone } from '@/components/ui/controls';
import { aliasedRecords, batches, splitRoles } from '@/lib/client/import-rows';
import { AnnotationSummary, CsvUploadCard, ImportProgress, ImportSteps, importErrorText, type ImportStep } from '@/components/imports/import-kit';

const ANNOTATIONS = ['create', 'link-match', 'email-match', 'name-match', 'conflict', 'org-not-found'] as const;
type Annotation = (typeof ANNOTATIONS)[number];
type Choice = 'apply' | 'skip';

interface Row {
  organizationId?: string;
  organization?: string;
  site?: string;
  name?: string;
  email?: string;
  phone?: string;
  mobile?: string;
  title?: string;
  roles?: string[];
  externalId?: string;
  externalSystem?: string;
}
type PreviewRow = Wire<typeof ZContactImportPreview>['rows'][number];
type Result = Wire<typeof ZContactImportResult>;

const TONE: Record<Annotation, Tone> = { create: 'green', 'link-match': 'blue', 'email-match': 'amber', 'name-match': 'amber', conflict: 'red', 'org-not-found': 'red' };
const FUZZY: Annotation[] = ['email-match', 'name-match'];
const HEADERS: Record<string, Exclude<keyof Row, 'roles'> | 'roles'> = {
  organizationid: 'organizationId',
  organization: 'organization',
  organisation: 'organization',
  org: 'organization',
  company: 'organization',
  site: 'site',
  name: 'name',
  fullname: 'name',
  contact: 'name',
  contactname: 'name',
  email: 'email',
  emailaddress: 'email',
  phone: 'phone',
  telephone: 'phone',
  mobile: 'mobile',
  cell: 'mobile',
  title: 'title',
  jobtitle: 'title',
  roles: 'roles',
  role: 'roles',
  externalid: 'externalId',
  id: 'externalId',
  externalsystem: 'externalSystem',
};

function toRows(text: string, defaultOrgId: string): { rows: Row[]; unknown: string[] } {
  const { records, unknown } = aliasedRecords(text, HEADERS);
  const rows = records.map(({ roles, ...fields }) => {
    const row: Row = { ...fields };
    if (roles) row.roles = splitRoles(roles);
    if (!row.organizationId && !row.organization && defaultOrgId) row.organizationId = defaultOrgId;
    return row;
  });
  return { rows, unknown };
}

const label = (r: Row | undefined) => r?.name ?? r?.email ?? r?.phone ?? r?.mobile ?? '—';

export function ContactImportWizard() {
  const refreshContacts = useRefreshContacts();
  const orgs = useAllOrganizations();
  const params = useSearchParams();
  const [defaultOrgId, setDefaultOrgId] = useState(params.get('orgId') ?? '');
  const [step, setStep] = useState<ImportStep>('upload');
  const [fileName, setFileName] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [unknown, setUnknown] = useState<string[]>([]);
  const [preview, setPreview] = useState<PreviewRow[]>([]);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [mode, setMode] = useState<'skip' | 'update'>('skip');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const orgName = (id?: string) => orgs.data?.find((o) => o.id === id)?.name;

  async function onFile(file: File) {
    setError(null);
    setFileName(file.name);
    const parsed = toRows(await file.text(), defaultOrgId);
    if (parsed.rows.length === 0) return setError('The file has no data rows.');
    const noOrg = parsed.rows.findIndex((r) => !r.organizationId && !r.organization);
    if (noOrg >= 0) return setError(`Row ${noOrg + 1} names no organization: add an organization column or choose a default organization above.`);
    const noId = parsed.rows.findIndex((r) => !r.name && !r.email && !r.phone && !r.mobile);
    if (noId >= 0) return setError(`Row ${noId + 1} has no name, email, phone or mobile: every contact needs one of them.`);
    setRows(parsed.rows);
    setUnknown(parsed.unknown);
    try {
      const annotated: PreviewRow[] = [];
      let offset = 0;
      for (const batch of batches(parsed.rows)) {
        const res = await api<{ rows: PreviewRow[] }>('/orgs/contacts/import/preview', { method: 'POST', body: { rows: batch } });
        annotated.push(...res.rows.map((r) => ({ ...r, index: r.index + offset })));
        offset += batch.length;
      }
      setPreview(annotated);
      setChoices(Object.fromEntries(annotated.filter((r) => FUZZY.includes(r.annotation)).map((r) => [r.index, 'skip' as Choice])));
      setStep('preview');
    } catch (err) {
      setError(err instanceof ApiError ? importErrorText(err) : 'Could not preview the import');
    }
  }

  const committable = preview.filter((p) => p.annotation !== 'conflict' && p.annotation !== 'org-not-found' && choices[p.index] !== 'skip');
  const needsChoice = preview.filter((p) => FUZZY.includes(p.annotation));

  async function commit() {
    setError(null);
    // Every row echoes what the preview showed, so a row whose state changed since fails alone.
    const body = committable.map((p) => ({ index: p.index, row: { ...rows[p.index], expectedAnnotation: p.annotation, ...(FUZZY.includes(p.annotation) && p.contactId ? { expectedContactId: p.contactId } : {}) } }));
    const total: Result = { imported: [], updated: [], skipped: [], errors: [] };
    setProgress({ done: 0, total: body.length });
    try {
      for (const batch of batches(body)) {
        const res = await api<Result>('/orgs/contacts/import', { method: 'POST', body: { rows: batch.map((b) => b.row), mode } });
        const at = (i: number) => batch[i].index;
        total.imported.push(...res.imported.map((r) => ({ ...r, index: at(r.index) })));
        total.updated.push(...res.updated.map((r) => ({ ...r, index: at(r.index) })));
        total.skipped.push(...res.skipped.map((r) => ({ ...r, index: at(r.index) })));
        total.errors.push(...res.errors.map((r) => ({ ...r, index: at(r.index) })));
        setProgress((p) => (p ? { ...p, done: p.done + batch.length } : p));
      }
      setResult(total);
      setStep('done');
      refreshContacts();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The import failed');
    } finally {
      setProgress(null);
    }
  }

  const touchedOrgs = result ? [...new Set([...result.imported, ...result.updated].map((r) => r.organizationId))] : [];
  return (
    <div className="space-y-4">
      <PageHeader title="Import contacts" description="Customer contacts from a CSV: preview, confirm matches, commit." />
      <ImportSteps step={step} />
      {step === 'upload' && (
        <>
          <Card title="Default organization">
            <div className="max-w-md">
              <SelectField label="Organization for rows that name none" value={defaultOrgId} onChange={(e) => setDefaultOrgId(e.target.value)} hint="Rows with an organization column keep their own.">
                <option value="">None: every row names its organization</option>
                {orgs.data?.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </SelectField>
            </div>
          </Card>
          <CsvUploadCard
            fileName={fileName}
            onFile={(file) => void onFile(file)}
            template={{ fileName: 'contacts-template.csv', header: ['organization', 'site', 'name', 'email', 'phone', 'mobile', 'title', 'roles', 'externalId'], rows: [['Contoso Ltd', 'Head office', 'Ann Admin', 'ann@contoso.test', '+44 20 7946 0000', '', 'IT manager', 'technical;escalation', 'P-001']] }}
          >
            Columns: <code>organization</code> (or <code>organizationId</code>), <code>site</code>, <code>name</code>, <code>email</code>, <code>phone</code>, <code>mobile</code>, <code>title</code>, <code>roles</code> (separated by <code>;</code>: billing, technical, escalation, admin, site, after_hours, portal), <code>externalId</code>, <code>externalSystem</code>. Each row needs a name, email, phone or mobile.
          </CsvUploadCard>
        </>
      )}
      {step === 'preview' && (
        <Card title={`Review ${preview.length} rows`}>
          {unknown.length > 0 && <p className="mb-2 text-sm text-amber-700 dark:text-amber-300">Ignored columns: {unknown.join(', ')}</p>}
          <AnnotationSummary annotations={ANNOTATIONS} counts={preview} tones={TONE} />
          {needsChoice.length > 0 && <p className="mb-2 text-sm">Rows matching an existing contact by email or name only need your decision before they are imported.</p>}
          <div className="max-h-[50vh] overflow-auto">
            <table className="w-full text-sm" data-testid="import-preview">
              <thead className="sticky top-0 bg-white text-left text-slate-500 dark:bg-slate-900">
                <tr>
                  <th className="py-1 pr-3 font-medium">#</th>
                  <th className="py-1 pr-3 font-medium">Contact</th>
                  <th className="py-1 pr-3 font-medium">Organization</th>
                  <th className="py-1 pr-3 font-medium">Annotation</th>
                  <th className="py-1 font-medium">Decision</th>
                </tr>
              </thead>
              <tbody>
                {preview.map((p) => {
                  const row = rows[p.index];
                  return (
                    <tr key={p.index} className="border-t border-slate-100 dark:border-slate-800">
                      <td className="py-1 pr-3 text-slate-500">{p.index + 1}</td>
                      <td className="py-1 pr-3">
                        {label(row)}
                        {row?.email && row.name && <span className="block text-xs text-slate-500">{row.email}</span>}
                      </td>
                      <td className="py-1 pr-3 text-slate-500">
                        {orgName(p.organizationId) ?? row?.organization ?? '—'}
                        {row?.site && <span className="block text-xs">{row.site}</span>}
                      </td>
                      <td className="py-1 pr-3">
                        <Badge tone={TONE[p.annotation]}>{p.annotation}</Badge>
                        {p.matchedContactName && <span className="ml-1 text-xs text-slate-500">→ {p.matchedContactName}</span>}
                        {p.conflictReason && <span className="ml-1 text-xs text-red-600">{p.conflictReason}</span>}
                        {p.warning && <span className="block text-xs text-amber-700 dark:text-amber-300">{p.warning}</span>}
                      </td>
                      <td className="py-1">
                        {p.annotation === 'conflict' || p.annotation === 'org-not-found' ? (
                          <span className="text-xs text-slate-500">not imported</span>
                        ) : FUZZY.includes(p.annotation) ? (
                          <select
                            aria-label={`Decision for row ${p.index + 1} (${label(row)})`}
                            value={choices[p.index]}
                            onChange={(e) => setChoices((c) => ({ ...c, [p.index]: e.target.value as Choice }))}
                            className="rounded border border-slate-300 px-2 py-1 text-xs dark:border-slate-700 dark:bg-slate-900"
                          >
                            <option value="skip">Skip this row</option>
                            <option value="apply">Same person as “{p.matchedContactName ?? 'existing contact'}”</option>
                          </select>
                        ) : (
                          <span className="text-xs text-slate-500">{p.annotation === 'create' ? 'create' : 'existing (linked)'}</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div className="w-60">
              <SelectField label="Matched contacts" value={mode} onChange={(e) => setMode(e.target.value as 'skip' | 'update')}>
                <option value="skip">Leave as they are</option>
                <option value="update">Update with the row’s fields</option>
              </SelectField>
            </div>
            <Button onClick={() => void commit()} disabled={committable.length === 0 || progress !== null}>
              Import {committable.length} row{committable.length === 1 ? '' : 's'}
            </Button>
            <Button variant="secondary" onClick={() => setStep('upload')}>
              Choose another file
            </Button>
          </div>
          <ImportProgress progress={progress} />
        </Card>
      )}
      {step === 'done' && result && (
        <Card title="Import finished">
          <p className="text-sm" data-testid="import-result" role="status">
            {result.imported.length} contacts created, {result.updated.length} updated, {result.skipped.length} skipped, {result.errors.length} errors.
          </p>
          {result.errors.length > 0 && (
            <ul className="mt-2 space-y-1 text-sm text-red-600">
              {result.errors.map((e) => (
                <li key={e.index}>
                  Row {e.index + 1} ({label(rows[e.index])}): {e.message}
                </li>
              ))}
            </ul>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {touchedOrgs.map((id) => (
              <Link key={id} href={`/organizations/${id}`} className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
                See contacts of {orgName(id) ?? 'the organization'}
              </Link>
            ))}
            <Button variant="secondary" onClick={() => { setStep('upload'); setResult(null); setFileName(''); }}>
              Import another file
            </Button>
          </div>
        </Card>
      )}
      <ErrorText error={error} />
    </div>
  );
}
