'use client';

// The PSA company import on a connection: the org import wizard's steps and review table over
// the PSA's companies. "Read companies" asks the server for a preview (companies already linked
// left out, bounded by a cap, a time budget and a page guard, with the reason when it stopped
// early); the rows carry the org import's annotations, name matches need a decision, and a
// checkbox picks each row. The commit sends the chosen company ids in batches, so the progress
// bar moves, and lists the result; a truncated read offers to read the next batch.
import { useState } from 'react';
import { useRefreshOrganizationsAndSites } from '@/hooks/use-organizations';
import { usePsaImportCommit, usePsaImportPreview, type PsaConnection, type PsaImportPreview, type PsaImportResult } from '@/hooks/use-psa';
import { ApiError } from '@/lib/client/api-client';
import type { TPsaImportBody } from '@/lib/psa/schemas';
import { Button } from '@/components/ui/button';
import { Card, ErrorText, SelectField } from '@/components/ui/controls';
import { AnnotationSummary, ImportProgress, ImportSteps, importErrorText, type ImportStep } from '@/components/imports/import-kit';
import { needsDecision, ORG_ANNOTATION_TONES, OrgImportResultCard, OrgPreviewTable, type OrgImportChoice } from '@/components/imports/org-import-parts';

type Row = PsaImportPreview['rows'][number];
type Ack = NonNullable<TPsaImportBody['acknowledgements']>[number];

/** Companies per commit request: small enough for the progress bar to move. */
const BATCH = 50;

const TRUNCATION: Record<NonNullable<PsaImportPreview['truncatedReason']>, string> = {
  'company-cap': 'The PSA has more unlinked companies than one batch holds',
  'time-budget': 'The PSA answered too slowly to read every company in time',
  'page-guard': 'Reading stopped after the most pages one preview may read',
};

function ackFor(row: Row, choice: OrgImportChoice | undefined): Ack {
  if (choice === 'create-new') return { externalId: row.externalId, forceCreate: true };
  return {
    externalId: row.externalId,
    expectedAnnotation: row.annotation,
    ...(row.organizationId ? { expectedOrganizationId: row.organizationId } : {}),
    ...(row.annotation === 'matched-soft-deleted' ? { reactivate: true } : {}),
  };
}

export function PsaImportWizard({ connection, onClose }: { connection: PsaConnection; onClose: () => void }) {
  const refreshOrganizations = useRefreshOrganizationsAndSites();
  const previewCall = usePsaImportPreview();
  const commitCall = usePsaImportCommit();
  const [step, setStep] = useState<ImportStep>('upload');
  const [preview, setPreview] = useState<PsaImportPreview | null>(null);
  const [choices, setChoices] = useState<Record<number, OrgImportChoice>>({});
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [mode, setMode] = useState<'skip' | 'update'>('skip');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<PsaImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function read() {
    setError(null);
    try {
      const res = await previewCall.mutateAsync(connection.id);
      setPreview(res);
      setChoices(Object.fromEntries(res.rows.filter((r) => needsDecision(r.annotation)).map((r) => [r.index, 'use-existing' as OrgImportChoice])));
      // Rows that need no decision are picked; name matches wait for the operator's tick.
      setSelected(new Set(res.rows.filter((r) => r.annotation === 'create' || r.annotation === 'link-match').map((r) => r.index)));
      setResult(null);
      setStep('preview');
    } catch (err) {
      setError(err instanceof ApiError ? importErrorText(err) : 'Could not read the PSA’s companies');
    }
  }

  const chosen = preview?.rows.filter((r) => r.annotation !== 'conflict' && selected.has(r.index) && choices[r.index] !== 'skip') ?? [];

  async function commit() {
    setError(null);
    const total: PsaImportResult = { imported: [], updated: [], skipped: [], errors: [], truncated: false, truncatedReason: null };
    setProgress({ done: 0, total: chosen.length });
    try {
      for (let i = 0; i < chosen.length; i += BATCH) {
        const batch = chosen.slice(i, i + BATCH);
        const res = await commitCall.mutateAsync({ id: connection.id, body: { mode, externalIds: batch.map((r) => r.externalId), acknowledgements: batch.filter((r) => needsDecision(r.annotation)).map((r) => ackFor(r, choices[r.index])) } });
        total.imported.push(...res.imported);
        total.updated.push(...res.updated);
        total.skipped.push(...res.skipped);
        total.errors.push(...res.errors);
        setProgress({ done: Math.min(chosen.length, i + batch.length), total: chosen.length });
      }
      total.truncated = preview?.truncated ?? false;
      total.truncatedReason = preview?.truncatedReason ?? null;
      setResult(total);
      setStep('done');
      refreshOrganizations();
    } catch (err) {
      setError(err instanceof ApiError ? importErrorText(err) : 'The import failed');
    } finally {
      setProgress(null);
    }
  }

  return (
    <Card title={`Import companies from ${connection.name}`}>
      <div className="space-y-3" aria-label="Company import">
        <ImportSteps step={step} labels={{ upload: 'Read companies' }} />
        {step === 'upload' && (
          <div className="space-y-2 text-sm">
            <p className="text-slate-600 dark:text-slate-400">
              Reads the PSA’s companies that no organization links to yet and annotates them like an organization import. Each organization imported keeps a link to its PSA company, so later imports leave it out and alerts file their tickets under it.
            </p>
            <div className="flex gap-2">
              <Button onClick={() => void read()} disabled={previewCall.isPending}>
                {previewCall.isPending ? 'Reading…' : 'Read companies'}
              </Button>
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            </div>
          </div>
        )}
        {step === 'preview' && preview && (
          <div className="space-y-2">
            {preview.truncated && preview.truncatedReason && (
              <p role="status" data-testid="import-truncated" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
                Showing part of the companies: {TRUNCATION[preview.truncatedReason]} ({preview.truncatedReason}). Import this batch, then read again for the rest.
              </p>
            )}
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {preview.rows.length} compan{preview.rows.length === 1 ? 'y' : 'ies'} to review; {preview.linkedSkipped} already linked and left out.
            </p>
            <AnnotationSummary annotations={['create', 'link-match', 'name-match', 'matched-soft-deleted', 'conflict'] as const} counts={preview.rows} tones={ORG_ANNOTATION_TONES} />
            {preview.rows.length > 0 && (
              <>
                <div className="flex gap-2 text-xs">
                  <button type="button" className="underline" onClick={() => setSelected(new Set(preview.rows.filter((r) => r.annotation !== 'conflict').map((r) => r.index)))}>
                    Select all
                  </button>
                  <button type="button" className="underline" onClick={() => setSelected(new Set())}>
                    Select none
                  </button>
                </div>
                <OrgPreviewTable
                  preview={preview.rows}
                  choices={choices}
                  onChoice={(index, choice) => setChoices((c) => ({ ...c, [index]: choice }))}
                  siteOf={(r) => r.externalId}
                  siteHeader="PSA company id"
                  selection={{ selected, onToggle: (index, on) => setSelected((s) => { const next = new Set(s); if (on) next.add(index); else next.delete(index); return next; }) }}
                />
              </>
            )}
            <div className="flex flex-wrap items-end gap-3">
              <div className="w-60">
                <SelectField label="Matched organizations" value={mode} onChange={(e) => setMode(e.target.value as 'skip' | 'update')}>
                  <option value="skip">Leave as they are</option>
                  <option value="update">Update with the company’s fields</option>
                </SelectField>
              </div>
              <Button onClick={() => void commit()} disabled={chosen.length === 0 || progress !== null}>
                Import {chosen.length} compan{chosen.length === 1 ? 'y' : 'ies'}
              </Button>
              <Button variant="secondary" onClick={() => void read()} disabled={previewCall.isPending || progress !== null}>
                Read again
              </Button>
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            </div>
            <ImportProgress progress={progress} />
          </div>
        )}
        {step === 'done' && result && (
          <OrgImportResultCard
            result={result}
            rowLabel={(e) => e.organization}
            note={result.truncated ? <p className="mt-1 text-sm text-amber-700">The PSA has more companies than this batch: read again to import the rest.</p> : null}
          >
            <Button variant="secondary" onClick={() => void read()} disabled={previewCall.isPending}>
              {result.truncated ? 'Read the next batch' : 'Read again'}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </OrgImportResultCard>
        )}
        <ErrorText error={error} />
      </div>
    </Card>
  );
}
