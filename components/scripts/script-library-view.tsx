'use client';

// Starting points for new scripts: the templates (conventions shown by example) and the built-in
// system library (ready-made scripts to copy into a library).
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useCategories, useCloneLibraryScript, useCreateFromTemplate, useSystemLibrary, useTemplates, type LibraryScript } from '@/hooks/use-script-library';
import { OS_TYPES } from '@/hooks/use-scripts';
import { useCan, useMe } from '@/hooks/use-me';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { PlacementSelect, placementOf } from '@/components/scripts/placement-select';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, INLINE_INPUT_CLASS } from '@/components/ui/field';
import { Badge, EmptyState, ErrorText, INPUT_CLASS, PageHeader, Tabs, TextAreaField } from '@/components/ui/controls';

type Tab = 'templates' | 'system';

function LibraryCard({ s, action }: { s: LibraryScript; action?: React.ReactNode }) {
  const [show, setShow] = useState(false);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900" data-testid="library-script">
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-medium">{s.name}</h3>
        <Badge tone="blue">{s.language}</Badge>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{s.description}</p>
      <div className="flex flex-wrap gap-1 text-xs">
        <Badge>{s.category}</Badge>
        {s.osTypes.map((o) => (
          <Badge key={o}>{o}</Badge>
        ))}
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
        {action}
        <button type="button" className="text-sm text-brand-700 underline dark:text-brand-100" aria-expanded={show} onClick={() => setShow((v) => !v)}>
          {show ? 'Hide code' : 'Show code'}
        </button>
      </div>
      {show && <pre className="max-h-64 overflow-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{s.content}</pre>}
    </li>
  );
}

function CreateDialog({ source, kind, onClose }: { source: LibraryScript | null; kind: Tab; onClose: () => void }) {
  const me = useMe();
  const orgScoped = me.data?.scope === 'organization';
  const router = useRouter();
  const categories = useCategories();
  const fromTemplate = useCreateFromTemplate();
  const clone = useCloneLibraryScript();
  const [placement, setPlacement] = useState('partner');
  const [error, setError] = useState<unknown>(null);
  const fields = fieldErrorsOf(error);
  const pending = fromTemplate.isPending || clone.isPending;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!source) return;
    const f = new FormData(e.currentTarget);
    const name = String(f.get('name') ?? '').trim();
    setError(null);
    try {
      const where = placementOf(placement, orgScoped);
      const created =
        kind === 'templates'
          ? await fromTemplate.mutateAsync({ templateId: source.id, name, description: String(f.get('description') ?? '').trim() || undefined, category: String(f.get('category') ?? '') || undefined, ...where })
          : await clone.mutateAsync({ id: source.id, name: name || undefined, ...where });
      onClose();
      router.push(`/scripts/${created.id}`);
    } catch (err) {
      setError(err);
    }
  }

  return (
    <Dialog open={!!source} onClose={onClose} title={kind === 'templates' ? `New script from “${source?.name ?? ''}”` : `Copy “${source?.name ?? ''}” to a library`}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <Field label="Name" name="name" required={kind === 'templates'} defaultValue={kind === 'system' ? source?.name : ''} maxLength={255} error={fields.name} autoFocus hint={kind === 'system' ? 'Rename the copy if the library already has one of this name' : undefined} />
        {kind === 'templates' && (
          <>
            <TextAreaField label="Description" name="description" rows={2} defaultValue={source?.description} maxLength={5000} error={fields.description} />
            <div className="space-y-1">
              <label htmlFor="template-category" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
                Category
              </label>
              <input id="template-category" name="category" list="template-categories" defaultValue={source?.category} maxLength={100} className={INPUT_CLASS} aria-invalid={fields.category ? true : undefined} />
              <datalist id="template-categories">
                {categories.data?.map((c) => <option key={c.id} value={c.name} />)}
              </datalist>
              {fields.category && <p role="alert" className="text-xs text-red-600">{fields.category}</p>}
            </div>
          </>
        )}
        <PlacementSelect value={placement} onChange={setPlacement} error={fields.orgId ?? fields.availability} />
        {error != null && formErrorOf(error, ['name', 'description', 'category', 'orgId', 'availability'], 'Could not create the script') && (
          <p role="alert" className="text-sm text-red-600">{formErrorOf(error, ['name', 'description', 'category', 'orgId', 'availability'], 'Could not create the script')}</p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Creating…' : kind === 'templates' ? 'Create script' : 'Copy script'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function ScriptLibraryView() {
  const [tab, setTab] = useState<Tab>('templates');
  const [osType, setOsType] = useState('');
  const [search, setSearch] = useState('');
  const templates = useTemplates();
  const system = useSystemLibrary({ osType: osType || undefined, search: search.trim() || undefined });
  const canWrite = useCan('scripts:write');
  const [picked, setPicked] = useState<LibraryScript | null>(null);
  const list = tab === 'templates' ? templates : system;

  return (
    <div className="space-y-4">
      <PageHeader
        title="Templates and system library"
        description="Start a script from a template, or copy a ready-made one from the built-in library into yours."
        actions={
          <Link href="/scripts" className="text-sm text-brand-700 underline dark:text-brand-100">
            Back to scripts
          </Link>
        }
      />
      <Tabs<Tab> label="Library" value={tab} onChange={setTab} tabs={[{ id: 'templates', label: 'Templates' }, { id: 'system', label: 'System library' }]} />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="space-y-3">
        {tab === 'system' && (
          <div className="flex flex-wrap gap-2" role="search" aria-label="Filter the system library">
            <select aria-label="Operating system" value={osType} onChange={(e) => setOsType(e.target.value)} className={`${INLINE_INPUT_CLASS} w-auto`}>
              <option value="">Any OS</option>
              {OS_TYPES.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
            <input type="search" aria-label="Search the system library" placeholder="Search" value={search} onChange={(e) => setSearch(e.target.value)} className={`${INLINE_INPUT_CLASS} w-56`} />
          </div>
        )}
        <ErrorText error={list.error} />
        {list.data && list.data.length === 0 && <EmptyState title="Nothing matches">Clear the filters to see every script.</EmptyState>}
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {list.data?.map((s) => (
            <LibraryCard
              key={s.id}
              s={s}
              action={
                canWrite && (
                  <Button variant="secondary" onClick={() => setPicked(s)} aria-label={tab === 'templates' ? `Use template ${s.name}` : `Copy ${s.name} to a library`}>
                    {tab === 'templates' ? 'Use template' : 'Copy to library'}
                  </Button>
                )
              }
            />
          ))}
        </ul>
      </div>
      <CreateDialog key={picked?.id ?? 'none'} source={picked} kind={tab} onClose={() => setPicked(null)} />
    </div>
  );
}
