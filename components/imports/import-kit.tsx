'use client';

// The pieces both import wizards (organizations, contacts) share: the step list, the upload card,
// the annotation summary and the progress bar (header aliasing and batching are in
// lib/client/import-rows). Each wizard keeps its own row shape and decisions.
import type { ReactNode } from 'react';
import { downloadText } from '@/lib/client/format';
import { toCsv } from '@/lib/csv';
import { Button } from '@/components/ui/button';
import { Badge, Card, type Tone } from '@/components/ui/controls';

export type ImportStep = 'upload' | 'preview' | 'done';

const STEP_LABELS: Record<ImportStep, string> = { upload: 'Upload', preview: 'Review', done: 'Result' };

/** The step list; `labels` renames steps (the PSA import reads companies instead of uploading). */
export function ImportSteps({ step, labels }: { step: ImportStep; labels?: Partial<Record<ImportStep, string>> }) {
  return (
    <ol className="flex gap-4 text-sm" aria-label="Steps">
      {(['upload', 'preview', 'done'] as const).map((s, i) => (
        <li key={s} aria-current={step === s ? 'step' : undefined} className={step === s ? 'font-semibold text-brand-700 dark:text-brand-100' : 'text-slate-500'}>
          {i + 1}. {labels?.[s] ?? STEP_LABELS[s]}
        </li>
      ))}
    </ol>
  );
}

export function CsvUploadCard({ children, fileName, onFile, template }: { children: ReactNode; fileName: string; onFile: (file: File) => void; template: { fileName: string; header: string[]; rows: string[][] } }) {
  return (
    <Card title="Upload a CSV">
      <div className="mb-3 text-sm text-slate-600 dark:text-slate-400">{children} The file is read in your browser.</div>
      <label className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3.5 py-2 text-sm font-medium focus-within:outline-2 focus-within:outline-brand-500 dark:border-slate-700">
        Choose CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-label="CSV file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      <Button variant="secondary" className="ml-2" onClick={() => downloadText(template.fileName, toCsv(template.header, template.rows))}>
        Download a template
      </Button>
      {fileName && <p className="mt-2 text-sm text-slate-500">{fileName}</p>}
    </Card>
  );
}

export function AnnotationSummary<A extends string>({ annotations, counts, tones }: { annotations: readonly A[]; counts: { annotation: A }[]; tones: Record<A, Tone> }) {
  return (
    <div className="mb-3 flex flex-wrap gap-2 text-xs">
      {annotations.map((a) => {
        const n = counts.filter((p) => p.annotation === a).length;
        return n ? (
          <Badge key={a} tone={tones[a]}>
            {a}: {n}
          </Badge>
        ) : null;
      })}
    </div>
  );
}

export function ImportProgress({ progress }: { progress: { done: number; total: number } | null }) {
  if (!progress) return null;
  return (
    <div className="mt-3 h-2 overflow-hidden rounded bg-slate-200 dark:bg-slate-800" role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.done}>
      <div className="h-full bg-brand-600" style={{ width: `${Math.round((progress.done / Math.max(1, progress.total)) * 100)}%` }} />
    </div>
  );
}

/** The envelope's message, with a glimpse of per-row validation details when there are some. */
export function importErrorText(err: { message: string; details?: unknown }): string {
  return `${err.message}${Array.isArray(err.details) && err.details.length ? `: ${JSON.stringify(err.details).slice(0, 300)}` : ''}`;
}
