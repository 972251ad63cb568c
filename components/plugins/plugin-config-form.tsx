'use client';

// A form generated from a manifest's configuration schema (a flat JSON Schema object): a text
// field per string, a select per enumerated string, a number field per number or integer, a
// checkbox per boolean. The server validates the result against the same schema; its field
// messages (`body.config.<name>`) show under the matching control.
import { useState } from 'react';
import { fieldErrorsOf, formErrorOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';

interface Property {
  type: 'string' | 'number' | 'integer' | 'boolean';
  title?: string;
  description?: string;
  default?: unknown;
  enum?: string[];
  minimum?: number;
  maximum?: number;
}

function propertiesOf(schema: Record<string, unknown>): [string, Property][] {
  return Object.entries((schema.properties ?? {}) as Record<string, Property>);
}

/** The values a form starts from: the current configuration, else each property's default. */
function initialValues(schema: Record<string, unknown>, config: Record<string, unknown> | undefined): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const [name, p] of propertiesOf(schema)) {
    const v = config?.[name] ?? p.default;
    out[name] = p.type === 'boolean' ? v === true : v === undefined || v === null ? '' : String(v);
  }
  return out;
}

function toConfig(schema: Record<string, unknown>, values: Record<string, string | boolean>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, p] of propertiesOf(schema)) {
    const v = values[name];
    if (p.type === 'boolean') out[name] = v === true;
    else if (v === '' || v === undefined) continue;
    else out[name] = p.type === 'string' ? v : Number(v);
  }
  return out;
}

export function PluginConfigForm({ schema, config, label, submitLabel, pending, error, extra, onSubmit }: {
  schema: Record<string, unknown>;
  config?: Record<string, unknown>;
  label: string;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  /** Rendered above the submit button (the consent checkbox). */
  extra?: React.ReactNode;
  onSubmit: (config: Record<string, unknown>) => void;
}) {
  const [values, setValues] = useState(() => initialValues(schema, config));
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const errors = fieldErrorsOf(error, 'path');
  const properties = propertiesOf(schema);
  const set = (name: string, value: string | boolean) => setValues((v) => ({ ...v, [name]: value }));

  return (
    <form
      aria-label={label}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(toConfig(schema, values));
      }}
    >
      {properties.length === 0 && <p className="text-sm text-slate-500">This plugin has no settings.</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        {properties.map(([name, p]) => {
          const title = p.title ?? name;
          const error = errors[`config.${name}`];
          if (p.type === 'boolean') {
            return (
              <label key={name} className="flex items-center gap-2 self-end text-sm">
                <input type="checkbox" checked={values[name] === true} onChange={(e) => set(name, e.target.checked)} />
                {title}
                {error && <span role="alert" className="text-xs text-red-600">{error}</span>}
              </label>
            );
          }
          if (p.enum) {
            return (
              <SelectField key={name} label={title} hint={p.description} error={error} value={String(values[name])} required={required.has(name)} onChange={(e) => set(name, e.target.value)}>
                {!required.has(name) && <option value="">—</option>}
                {p.enum.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </SelectField>
            );
          }
          return (
            <Field
              key={name}
              label={title}
              hint={p.description}
              error={error}
              type={p.type === 'string' ? 'text' : 'number'}
              step={p.type === 'integer' ? 1 : 'any'}
              min={p.minimum}
              max={p.maximum}
              required={required.has(name)}
              value={String(values[name])}
              onChange={(e) => set(name, e.target.value)}
            />
          );
        })}
      </div>
      {extra}
      <FormError message={error ? formErrorOf(error, properties.map(([n]) => `config.${n}`).concat(['config']), 'Could not save') : null} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
