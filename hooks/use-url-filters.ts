'use client';

// A list's filters as search params: a filtered view can be shared and bookmarked, and back and
// forward step through filter changes. A value equal to its default is left out of the URL, so
// the plain path is the default view; params a list does not own (?create=1 …) are kept.
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

export type FilterValues = Record<string, string>;
export type SetFilters<T extends FilterValues> = (patch: Partial<T>, opts?: { replace?: boolean }) => void;

/** `defaults` is a constant (module level): its keys are the params the list owns. */
export function useUrlFilters<T extends FilterValues>(defaults: T): [T, SetFilters<T>] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const query = params.toString();
  const values = useMemo(() => {
    const read = new URLSearchParams(query);
    return Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, read.get(k) ?? d])) as T;
  }, [query, defaults]);
  const set = useCallback<SetFilters<T>>(
    (patch, opts) => {
      const next = new URLSearchParams(window.location.search);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined || v === defaults[k]) next.delete(k);
        else next.set(k, v);
      }
      const qs = next.toString();
      const url = qs ? `${pathname}?${qs}` : pathname;
      if (opts?.replace) router.replace(url, { scroll: false });
      else router.push(url, { scroll: false });
    },
    [defaults, pathname, router],
  );
  return [values, set];
}

/**
 * A text filter typed into a box: the box answers every keystroke, the URL follows once typing
 * pauses (replacing the entry, so history holds searches rather than letters), and the box
 * follows the URL when it changes underneath (back, forward, a link).
 */
export function useUrlText(urlValue: string, write: (value: string) => void, ms = 300): [string, (value: string) => void] {
  const [text, setText] = useState(urlValue);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!pending.current) setText(urlValue);
  }, [urlValue]);
  useEffect(() => () => { if (pending.current) clearTimeout(pending.current); }, []);
  const onChange = useCallback(
    (value: string) => {
      setText(value);
      if (pending.current) clearTimeout(pending.current);
      pending.current = setTimeout(() => {
        pending.current = null;
        write(value.trim());
      }, ms);
    },
    [write, ms],
  );
  return [text, onChange];
}
