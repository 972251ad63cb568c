'use client';

// The script form shared by "new" and "edit": name, languages, target systems, timeout and the
// body in a monospace editor (Tab inserts spaces instead of leaving the field).
import { useRef, useState, type FormEvent } from 'react';
import { OS_TYPES, SCRIPT_LANGUAGES, type Script, type ScriptBody } from '@/hooks/use-scripts';
import { hasChanges, sameValue } from '@/lib/client/changed-fields';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField, TextAreaField } from '@/components/ui/controls';

export function ScriptEditor({ initial, onSubmit, busy, submitLabel, extra }: { initial?: Script; onSubmit: (body: ScriptBody) => void | Promise<void>; busy?: boolean; submitLabel: string; extra?: React.ReactNode }) {
  const [osTypes, setOsTypes] = useState<string[]>(initial?.osTypes ?? ['linux']);
  // Esc releases the next Tab so the keyboard never gets stuck in the editor.
  const released = useRef(false);
  const read = (f: FormData): ScriptBody => ({
    name: String(f.get('name')),
    language: String(f.get('language')),
    osTypes,
    content: String(f.get('content')),
    timeoutSeconds: Number(f.get('timeout') || 300),
    description: String(f.get('description') || '') || null,
    parameters: initial?.parameters,
  });
  // Saving an existing script replaces it with a new version (PUT, the whole body), so the body
  // stays complete; Save only waits until something differs from the stored version.
  const stored: ScriptBody | null = initial
    ? { name: initial.name, language: initial.language, osTypes: initial.osTypes, content: initial.content, timeoutSeconds: initial.timeoutSeconds, description: initial.description ?? null, parameters: initial.parameters }
    : null;
  const [snapshot, setSnapshot] = useState<FormData | null>(null);
  const dirty = !stored || !sameValue(stored.osTypes, osTypes) || (snapshot !== null && hasChanges(stored, read(snapshot)));
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void onSubmit(read(new FormData(e.currentTarget)));
  }
  return (
    <form onSubmit={submit} onChange={(e) => setSnapshot(new FormData(e.currentTarget))} className="space-y-3" aria-label="Script">
      <div className="grid gap-3 md:grid-cols-3">
        <Field label="Script name" name="name" defaultValue={initial?.name} required maxLength={255} />
        <SelectField label="Language" name="language" defaultValue={initial?.language ?? 'bash'}>
          {SCRIPT_LANGUAGES.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </SelectField>
        <Field label="Timeout (seconds)" name="timeout" type="number" min={1} max={3600} defaultValue={initial?.timeoutSeconds ?? 300} />
      </div>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Runs on</legend>
        {OS_TYPES.map((o) => (
          <label key={o} className="flex items-center gap-1.5">
            <input type="checkbox" checked={osTypes.includes(o)} onChange={() => setOsTypes((v) => (v.includes(o) ? v.filter((x) => x !== o) : [...v, o]))} /> {o}
          </label>
        ))}
      </fieldset>
      <Field label="Description" name="description" defaultValue={initial?.description ?? ''} maxLength={5000} />
      <TextAreaField
        label="Script body"
        name="content"
        defaultValue={initial?.content ?? '#!/bin/bash\n'}
        required
        rows={14}
        spellCheck={false}
        className="font-mono text-xs"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            released.current = true;
            return;
          }
          if (e.key !== 'Tab' || e.shiftKey || released.current) {
            released.current = false;
            return;
          }
          e.preventDefault();
          const t = e.currentTarget;
          const { selectionStart: s, selectionEnd: end } = t;
          t.setRangeText('  ', s, end, 'end');
          // setRangeText fires no input event; the form's change tracking needs one.
          t.dispatchEvent(new Event('input', { bubbles: true }));
        }}
        hint="Tab indents; press Esc, then Tab, to move on. Up to 256 KB."
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={busy || osTypes.length === 0 || !dirty}>
          {busy ? 'Saving…' : dirty ? submitLabel : 'No changes'}
        </Button>
        {extra}
      </div>
    </form>
  );
}
