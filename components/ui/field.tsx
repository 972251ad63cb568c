import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export const INPUT_CLASS = 'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 dark:border-slate-700 dark:bg-slate-900';
/** For filter bars: a width class appended to INPUT_CLASS loses to its w-full, so this one has none. */
export const INLINE_INPUT_CLASS = INPUT_CLASS.replace('block w-full ', '');

export interface FieldProps {
  label: string;
  hint?: string;
  error?: string;
}

/** The accessible props a labelled control needs: its id and what describes it (the error wins). */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Label, hint and error around one control: the one frame every form field of the console uses. */
export function FieldFrame({ label, hint, error, children }: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined })}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export function Field({ label, error, hint, ...props }: InputHTMLAttributes<HTMLInputElement> & FieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <input {...control} {...props} className={INPUT_CLASS} />}
    </FieldFrame>
  );
}
