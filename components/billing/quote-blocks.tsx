'use client';

// A quote's titled text sections (scope, terms …); lines may be placed in them.
import { useState } from 'react';
import { useAddQuoteBlock, useDeleteQuoteBlock, useUpdateQuoteBlock, type QuoteBlock, type QuoteDetail } from '@/hooks/use-quotes';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, TextAreaField } from '@/components/ui/controls';
import { errorLine } from '@/components/billing/billing-ui';
import { useFormChanges } from '@/hooks/use-form-changes';
import { FormError } from '@/components/ui/form-error';
import { fieldErrorsOf } from '@/lib/client/field-errors';

export function QuoteBlocks({ detail: d, editable }: { detail: QuoteDetail; editable: boolean }) {
  const add = useAddQuoteBlock(d.quote.id);
  const [adding, setAdding] = useState(false);
  return (
    <Card title="Text blocks" actions={editable && !adding && <Button variant="secondary" onClick={() => setAdding(true)}>Add block</Button>}>
      {adding && <BlockForm submitLabel="Add block" onCancel={() => setAdding(false)} onSubmit={async (b) => (await add.mutateAsync(b), setAdding(false))} />}
      {d.blocks.length === 0 && !adding && <p className="text-sm text-slate-500">No blocks. Add titled sections such as scope or terms; lines can be placed in them.</p>}
      <ul className="space-y-3">
        {d.blocks.map((b) => (
          <BlockItem key={b.id} quoteId={d.quote.id} block={b} editable={editable} />
        ))}
      </ul>
    </Card>
  );
}

function BlockItem({ quoteId, block: b, editable }: { quoteId: string; block: QuoteBlock; editable: boolean }) {
  const update = useUpdateQuoteBlock(quoteId);
  const remove = useDeleteQuoteBlock(quoteId);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (editing) return <li><BlockForm block={b} submitLabel="Save block" onCancel={() => setEditing(false)} onSubmit={async (body) => (await update.mutateAsync({ blockId: b.id, body }), setEditing(false))} /></li>;
  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-medium">{b.title}</h3>
        {editable && (
          <span className="flex gap-1">
            <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => setEditing(true)} aria-label={`Edit block ${b.title}`}>
              Edit
            </Button>
            <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => confirm(`Remove the block ${b.title}? Its lines stay on the quote.`) && remove.mutate(b.id, { onError: setError })} aria-label={`Remove block ${b.title}`}>
              Remove
            </Button>
          </span>
        )}
      </div>
      <p className="mt-1 text-sm whitespace-pre-wrap text-slate-600 dark:text-slate-300">{b.body}</p>
      <FormError message={errorLine(error)} />
    </li>
  );
}

type BlockBody = { title: string; body: string; sortOrder: number };
const readBlock = (f: FormData): BlockBody => ({ title: String(f.get('title')).trim(), body: String(f.get('body') ?? ''), sortOrder: Number(f.get('sortOrder') || 0) });

/** Adding sends the whole block; editing (with `block`) only the fields that changed. */
function BlockForm(props: { submitLabel: string; onCancel: () => void } & ({ block?: undefined; onSubmit: (b: BlockBody) => Promise<unknown> } | { block: QuoteBlock; onSubmit: (changes: Partial<BlockBody>) => Promise<unknown> })) {
  const { block, submitLabel, onCancel } = props;
  const [error, setError] = useState<unknown>(null);
  const errors = fieldErrorsOf(error, 'path');
  const form = useFormChanges<BlockBody>({ title: block?.title ?? '', body: block?.body ?? '', sortOrder: block?.sortOrder ?? 0 }, readBlock);
  const canSave = !block || form.dirty;
  return (
    <form
      className="mb-3 space-y-2"
      aria-label={submitLabel}
      onChange={form.onChange}
      onSubmit={async (e) => {
        e.preventDefault();
        const formElement = e.currentTarget;
        setError(null);
        try {
          if (props.block) {
            const changes = form.changesOf(formElement);
            if (Object.keys(changes).length > 0) await props.onSubmit(changes);
          } else await props.onSubmit(readBlock(new FormData(formElement)));
        } catch (err) {
          setError(err);
        }
      }}
    >
      <div className="grid gap-2 sm:grid-cols-[1fr_8rem]">
        <Field label="Title" name="title" required maxLength={255} defaultValue={block?.title} error={errors.title} />
        <Field label="Sort order" name="sortOrder" type="number" min={0} defaultValue={block?.sortOrder ?? 0} error={errors.sortOrder} />
      </div>
      <TextAreaField label="Text" name="body" rows={4} maxLength={20_000} defaultValue={block?.body} error={errors.body} />
      <FormError message={errorLine(error)} />
      <div className="flex gap-2">
        <Button type="submit" disabled={!canSave}>
          {canSave ? submitLabel : 'No changes'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
