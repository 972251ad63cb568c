'use client';

// The review table and the result card of an organization import, shared by the CSV wizard
// (import-wizard.tsx) and the PSA company import (components/psa/psa-import-wizard.tsx): rows
// annotated create, link-match, name-match, matched-soft-deleted or conflict; name matches and
// deleted matches need a decision; an optional checkbox column picks the rows to import.
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Wire } from '@/lib/client/json';
import type { ZOrgImportPreview, ZOrgImportResult } from '@/lib/imports/schemas';
import { Badge, Card, type Tone } from '@/components/ui/controls';

type PreviewRow = Wire<typeof ZOrgImportPreview>['rows'][number];
type Result = Wire<typeof ZOrgImportResult>;
export type OrgImportAnnotation = PreviewRow['annotation'];
export type OrgImportChoice = 'use-existing' | 'create-new' | 'skip';

export const ORG_ANNOTATION_TONES: Record<OrgImportAnnotation, Tone> = { create: 'green', 'link-match': 'blue', 'name-match': 'amber', 'matched-soft-deleted': 'amber', conflict: 'red' };

export const needsDecision = (a: OrgImportAnnotation) => a === 'name-match' || a === 'matched-soft-deleted';

interface TableProps<R extends PreviewRow> {
  preview: R[];
  choices: Record<number, OrgImportChoice>;
  onChoice: (index: number, choice: OrgImportChoice) => void;
  /** The second column: the row's site (CSV) or the PSA company id. */
  siteOf: (row: R) => ReactNode;
  siteHeader?: string;
  /** With a selection, a checkbox per importable row says whether it is imported. */
  selection?: { selected: Set<number>; onToggle: (index: number, on: boolean) => void };
}

export function OrgPreviewTable<R extends PreviewRow>({ preview, choices, onChoice, siteOf, siteHeader = 'Site', selection }: TableProps<R>) {
  return (
    <div className="max-h-[50vh] overflow-auto">
      <table className="w-full text-sm" data-testid="import-preview">
        <thead className="sticky top-0 bg-white text-left text-slate-500 dark:bg-slate-900">
          <tr>
            {selection && <th className="py-1 pr-3 font-medium">Import</th>}
            <th className="py-1 pr-3 font-medium">#</th>
            <th className="py-1 pr-3 font-medium">Organization</th>
            <th className="py-1 pr-3 font-medium">{siteHeader}</th>
            <th className="py-1 pr-3 font-medium">Annotation</th>
            <th className="py-1 font-medium">Decision</th>
          </tr>
        </thead>
        <tbody>
          {preview.map((p) => (
            <tr key={p.index} className="border-t border-slate-100 dark:border-slate-800">
              {selection && (
                <td className="py-1 pr-3">
                  {p.annotation !== 'conflict' && (
                    <input type="checkbox" aria-label={`Import ${p.organization}`} checked={selection.selected.has(p.index)} onChange={(e) => selection.onToggle(p.index, e.target.checked)} />
                  )}
                </td>
              )}
              <td className="py-1 pr-3 text-slate-500">{p.index + 1}</td>
              <td className="py-1 pr-3">{p.organization}</td>
              <td className="py-1 pr-3 text-slate-500">{siteOf(p)}</td>
              <td className="py-1 pr-3">
                <Badge tone={ORG_ANNOTATION_TONES[p.annotation]}>{p.annotation}</Badge>
                {p.matchedOrganizationName && <span className="ml-1 text-xs text-slate-500">→ {p.matchedOrganizationName}</span>}
                {p.conflictReason && <span className="ml-1 text-xs text-red-600">{p.conflictReason}</span>}
              </td>
              <td className="py-1">
                {p.annotation === 'conflict' ? (
                  <span className="text-xs text-slate-500">not imported</span>
                ) : needsDecision(p.annotation) ? (
                  <select
                    aria-label={`Decision for row ${p.index + 1} (${p.organization})`}
                    value={choices[p.index]}
                    onChange={(e) => onChoice(p.index, e.target.value as OrgImportChoice)}
                    className="rounded border border-slate-300 px-2 py-1 text-xs dark:border-slate-700 dark:bg-slate-900"
                  >
                    <option value="skip">Skip this row</option>
                    <option value="use-existing">{p.annotation === 'name-match' ? `Use existing “${p.matchedOrganizationName ?? p.organization}”` : 'Restore the deleted organization'}</option>
                    <option value="create-new">Create a new organization</option>
                  </select>
                ) : (
                  <span className="text-xs text-slate-500">{p.annotation === 'create' ? 'create' : 'attach (linked)'}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OrgImportResultCard({ result, rowLabel, children, note }: { result: Result; rowLabel: (e: Result['errors'][number]) => string; children?: ReactNode; note?: ReactNode }) {
  return (
    <Card title="Import finished">
      <p className="text-sm" data-testid="import-result" role="status">
        {result.imported.filter((r) => r.createdOrganization).length} organizations created, {result.imported.length} rows imported, {result.updated.length} updated, {result.skipped.length} skipped, {result.errors.length} errors.
      </p>
      {note}
      {result.errors.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm text-red-600">
          {result.errors.map((e, i) => (
            <li key={`${e.index}-${i}`}>
              {rowLabel(e)}: {e.message}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex gap-2">
        <Link href="/organizations" className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
          See organizations
        </Link>
        {children}
      </div>
    </Card>
  );
}
