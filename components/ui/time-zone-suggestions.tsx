import { useMemo } from 'react';
import { timeZoneOptions } from '@/lib/client/time-zones';

/**
 * The console's time-zone list (UTC first) as suggestions for a free-text time-zone input:
 * `<Field list={id} …/>` with `<TimeZoneSuggestions id={id} />` beside it. Rendered only once the
 * form is on screen in the browser, so its list is the browser's.
 */
export function TimeZoneSuggestions({ id, current }: { id: string; current?: string | null }) {
  const zones = useMemo(() => timeZoneOptions(current), [current]);
  return (
    <datalist id={id}>
      {zones.map((z) => (
        <option key={z} value={z} />
      ))}
    </datalist>
  );
}
