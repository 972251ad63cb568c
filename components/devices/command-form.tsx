'use client';

// The command picker shared by the device page and bulk actions: refresh inventory, run a
// script (interpreter, body, timeout), reboot or shut down.
import { useState, type FormEvent } from 'react';
import type { CommandInput } from '@/hooks/use-devices';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField, TextAreaField } from '@/components/ui/controls';

const TYPES = [
  { id: 'refresh_inventory', label: 'Refresh inventory' },
  { id: 'run_script', label: 'Run script' },
  { id: 'reboot', label: 'Reboot' },
  { id: 'shutdown', label: 'Shut down' },
] as const;

export function CommandForm({ onSubmit, busy, submitLabel = 'Send' }: { onSubmit: (input: CommandInput) => void | Promise<void>; busy?: boolean; submitLabel?: string }) {
  const [type, setType] = useState<(typeof TYPES)[number]['id']>('run_script');

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    if (type === 'run_script') {
      void onSubmit({
        type,
        payload: { interpreter: String(f.get('interpreter')), script: String(f.get('script')), timeoutSeconds: Number(f.get('timeout') || 300) },
      });
    } else if (type === 'reboot' || type === 'shutdown') {
      void onSubmit({ type, payload: { delaySeconds: Number(f.get('delay') || 0), reason: String(f.get('reason') || '') || undefined } });
    } else void onSubmit({ type });
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Send a command">
      <SelectField label="Command" value={type} onChange={(e) => setType(e.target.value as typeof type)}>
        {TYPES.map((t) => (
          <option key={t.id} value={t.id}>
            {t.label}
          </option>
        ))}
      </SelectField>
      {type === 'run_script' && (
        <>
          <SelectField label="Interpreter" name="interpreter" defaultValue="bash">
            {['bash', 'sh', 'python', 'powershell', 'cmd'].map((i) => (
              <option key={i}>{i}</option>
            ))}
          </SelectField>
          <TextAreaField label="Script" name="script" required rows={6} spellCheck={false} className="font-mono" placeholder={'#!/bin/bash\nuname -a'} />
          <Field label="Timeout (seconds)" name="timeout" type="number" min={1} max={3600} defaultValue={300} />
        </>
      )}
      {(type === 'reboot' || type === 'shutdown') && (
        <>
          <Field label="Delay (seconds)" name="delay" type="number" min={0} max={3600} defaultValue={0} />
          <Field label="Reason" name="reason" maxLength={255} />
        </>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Sending…' : submitLabel}
      </Button>
    </form>
  );
}
