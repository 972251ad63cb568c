'use client';

// Checkbox groups for credential scopes, grouped by the part before the colon.
export function ScopePicker({ legend, options, value, onChange, error, describe }: { legend: string; options: readonly string[]; value: string[]; onChange: (v: string[]) => void; error?: string; describe?: (scope: string) => string | undefined }) {
  const groups = [...new Set(options.map((o) => o.split(':')[0]))];
  const toggle = (s: string) => onChange(value.includes(s) ? value.filter((x) => x !== s) : [...value, s]);
  return (
    <fieldset className="space-y-2" aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">{legend}</legend>
      <div className="flex gap-3 text-xs">
        <button type="button" className="text-brand-700 underline dark:text-brand-100" onClick={() => onChange([...options])}>
          Select all
        </button>
        <button type="button" className="text-brand-700 underline dark:text-brand-100" onClick={() => onChange([])}>
          Clear
        </button>
        <span className="text-slate-500">{value.length} selected</span>
      </div>
      <div className="grid max-h-64 gap-3 overflow-y-auto rounded-md border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-700">
        {groups.map((g) => (
          <div key={g}>
            <div className="text-xs font-semibold text-slate-500 uppercase">{g}</div>
            {options
              .filter((o) => o.split(':')[0] === g)
              .map((o) => (
                <label key={o} className="flex items-start gap-2 text-sm" title={describe?.(o)}>
                  <input type="checkbox" className="mt-1" checked={value.includes(o)} onChange={() => toggle(o)} />
                  <span>{o}</span>
                </label>
              ))}
          </div>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** An `<input type="date">` value as the end of that day in UTC (what expiry pickers send). */
export function endOfDayIso(date: string): string | null {
  return date ? new Date(`${date}T23:59:59.000Z`).toISOString() : null;
}
