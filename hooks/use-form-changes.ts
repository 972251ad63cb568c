'use client';

import { useState, type FormEvent } from 'react';
import { changedFields } from '@/lib/client/changed-fields';

/**
 * Tracks an uncontrolled edit form against the values it started from: `onChange` goes on the
 * <form>, `changes` is what a PATCH should carry and `dirty` whether there is anything to save.
 * `read` turns the form's data into the same shape as `initial` (undefined = leave untouched).
 */
export function useFormChanges<T extends Record<string, unknown>>(initial: T, read: (data: FormData) => T) {
  const [current, setCurrent] = useState<T | null>(null);
  const changes = current ? changedFields(initial, current) : {};
  return {
    changes,
    dirty: Object.keys(changes).length > 0,
    onChange: (e: FormEvent<HTMLFormElement>) => setCurrent(read(new FormData(e.currentTarget))),
    /** The changes as the form holds them at submit time. */
    changesOf: (form: HTMLFormElement): Partial<T> => changedFields(initial, read(new FormData(form))),
    reset: () => setCurrent(null),
  };
}
