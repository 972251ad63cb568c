'use client';

// Bulk import of organizations and sites: the CSV is parsed in the browser, previewed by the
// server (each row annotated: create, link-match, name-match, matched-soft-deleted, conflict),
// name matches are acknowledged row by row, then committed in batches of up to 1,000 rows with a
// progress bar, and the result is listed.
import Link from 'next/link';
import { useState } from 'react';
import { useRefreshOrganizationsAndSites } from '@/hooks/use-organizations';
import { api, ApiError } from '@/lib/client/api-client';
import type { Wire } from '@/lib/client/json';
import type { ZOrgImportPreview, ZOrgImportResult } from '@/lib/imports/schemas';
import { aliasedRecords, batches } from '@/lib/client/import-rows';
import { Button } from '@/components/ui/button';
import { Card, ErrorText, PageHeader, SelectField } from '@/components/ui/controls';
import { AnnotationSummary, CsvUploadCard, ImportProgress, ImportSteps, importErrorText } from '@/components/imports/import-kit';
import { ORG_ANNOTATION_TONES as TONE, OrgImportResultCard, OrgPreviewTable, type OrgImportChoice as Choice } from '@/components/imports/org-import-parts';

type PreviewRow = Wire<typeof ZOrgImportPreview>['rows'][number];
type Result = Wire<typeof ZOrgImportResult>;

interface Row {
  organization: string;
  site?: string;
  externalId?: string;
  externalSystem?: string;
  timezone?: string;
  address?: string;
  contact?: { name?: string; email?: string; phone?: string };
}

const HEADERS: Record<string, Exclude<keyof Row, 'contact'> | 'contactName' | 'contactEmail' | 'contactPhone'> = {
  organization: 'organization',
  organisation: 'organization',
  org: 'organization',
  name: 'organization',
  company: 'organization',
  site: 'site',
  sitename: 'site',
  externalid: 'externalId',
  id: 'externalId',
  externalsystem: 'externalSystem',
  timezone: 'timezone',
  address: 'address',
  contactname: 'contactName',
  contact: 'contactName',
  contactemail: 'contactEmail',
  email: 'contactEmail',
  contactphone: 'contactPhone',
  phone: 'contactPhone',
};

function toRows(text: string): { rows: Row[]; unknown: string[] } {
  const { records, unknown } = aliasedRecords(text, HEADERS);
  const rows = records.map(({ contactName, contactEmail, contactPhone, ...fields }) => {
    const out: Row = { organization: '', ...fields };
    if (contactName || contactEmail || contactPhone) out.contact = { name: contactName, email: contactEmail, phone: contactPhone };
    return out;
  });
  return { rows, unknown };
}

export function ImportWizard() {
  const refreshOrganizations = useRefreshOrganizationsAndSites();
  const [step, setStep] = useState<'upload' | 'preview' | 'done'>('upload');
  const [fileName, setFileName] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [unknown, setUnknown] = useState<string[]>([]);
  const [preview, setPreview] = useState<PreviewRow[]>([]);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [mode, setMode] = useState<'skip' | 'update'>('skip');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onFile(file: File) {
    setError(null);
    setFileName(file.name);
    const parsed = toRows(await file.text());
    if (parsed.rows.length === 0) {
      setError('The file has no data rows.');
      return;
    }
    if (parsed.rows.some((r) => !r.organization)) {
      setError('Every row needs an organization (a column named organization, org, company or name).');
      return;
    }
    setRows(parsed.rows);
    setUnknown(parsed.unknown);
    try {
      const annotated: PreviewRow[] = [];
      let offset = 0;
      for (const batch of batches(parsed.rows)) {
        const res = await api<{ rows: PreviewRow[] }>('/orgs/import/preview', { method: 'POST', body: { rows: batch } });
        annotated.push(...res.rows.map((r) => ({ ...r, index: r.index + offset })));
        offset += batch.length;
      }
      setPreview(annotated);
      setChoices(Object.fromEntries(annotated.filter((r) => r.annotation === 'name-match' || r.annotation === 'matched-soft-deleted').map((r) => [r.index, 'skip' as Choice])));
      setStep('preview');
    } catch (err) {
      setError(err instanceof ApiError ? importErrorText(err) : 'Could not preview the import');
    }
  }

  const committable = preview.filter((p) => p.annotation !== 'conflict' && choices[p.index] !== 'skip');
  const needsChoice = preview.filter((p) => p.annotation === 'name-match' || p.annotation === 'matched-soft-deleted');

  async function commit() {
    setError(null);
    const body = committable.map((p) => {
      const row: Record<string, unknown> = { ...rows[p.index] };
      const choice = choices[p.index];
      if (choice === 'create-new') row.forceCreate = true;
      else {
        row.expectedAnnotation = p.annotation;
        if (p.organizationId) row.expectedOrganizationId = p.organizationId;
        if (p.annotation === 'matched-soft-deleted') row.reactivate = true;
      }
      return { row, index: p.index };
    });
    const total: Result = { imported: [], updated: [], skipped: [], errors: [] };
    setProgress({ done: 0, total: body.length });
    try {
      for (const batch of batches(body)) {
        const res = await api<Result>('/orgs/import', { method: 'POST', body: { rows: batch.map((b) => b.row), mode } });
        const at = (i: number) => batch[i].index;
        total.imported.push(...res.imported.map((r) => ({ ...r, index: at(r.index) })));
        total.updated.push(...res.updated.map((r) => ({ ...r, index: at(r.index) })));
        total.skipped.push(...res.skipped.map((r) => ({ ...r, index: at(r.index) })));
        total.errors.push(...res.errors.map((r) => ({ ...r, index: at(r.index) })));
        setProgress((p) => (p ? { ...p, done: p.done + batch.length } : p));
      }
      setResult(total);
      setStep('done');
      refreshOrganizations();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The import failed');
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="space-y-4">
      <PageHeader title="Import organizations" description="Organizations and their sites from a CSV: preview, confirm matches, commit." />
      <ImportSteps step={step} />
      {step === 'upload' && (
        <CsvUploadCard
          fileName={fileName}
          onFile={(file) => void onFile(file)}
          template={{ fileName: 'organizations-template.csv', header: ['organization', 'site', 'externalId', 'timezone', 'address', 'contactName', 'contactEmail', 'contactPhone'], rows: [['Contoso Ltd', 'Head office', 'C-001', 'Europe/London', '1 High Street', 'Ann Admin', 'ann@contoso.test', '+44 20 7946 0000']] }}
        >
          Columns: <code>organization</code> (required), <code>site</code>, <code>externalId</code>, <code>externalSystem</code>, <code>timezone</code>, <code>address</code>, <code>contactName</code>, <code>contactEmail</code>, <code>contactPhone</code>. Rows repeating an organization become one organization with several sites. Contacts with roles and portal access? Use the <Link href="/import/contacts" className="underline">contacts import</Link>.
        </CsvUploadCard>
      )}
      {step === 'preview' && (
        <Card title={`Review ${preview.length} rows`}>
          {unknown.length > 0 && <p className="mb-2 text-sm text-amber-700">Ignored columns: {unknown.join(', ')}</p>}
          <AnnotationSummary annotations={['create', 'link-match', 'name-match', 'matched-soft-deleted', 'conflict'] as const} counts={preview} tones={TONE} />
          {needsChoice.length > 0 && <p className="mb-2 text-sm">Rows matching an existing organization by name only (or a deleted one) need your decision before they are imported.</p>}
          <OrgPreviewTable preview={preview} choices={choices} onChoice={(index, choice) => setChoices((c) => ({ ...c, [index]: choice }))} siteOf={(p) => rows[p.index]?.site ?? '—'} />
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div className="w-60">
              <SelectField label="Matched organizations" value={mode} onChange={(e) => setMode(e.target.value as 'skip' | 'update')}>
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
        <OrgImportResultCard result={result} rowLabel={(e) => `Row ${e.index + 1} (${e.organization})`}>
          <Button variant="secondary" onClick={() => { setStep('upload'); setResult(null); setFileName(''); }}>
            Import another file
          </Button>
        </OrgImportResultCard>
      )}
      <ErrorText error={error} />
    </div>
  );
}
