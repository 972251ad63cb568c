// The one list of time zones the console offers. `Intl.supportedValuesOf('timeZone')` lists
// canonical region zones only: Chromium leaves out "UTC", so a select defaulting to UTC fell
// back to its first option (Africa/Abidjan) and Save stored that. The list always holds UTC, and
// the zone a record already has, even when this browser does not list it.

/** Names browsers report for UTC itself; each is offered and saved as plain "UTC". */
const UTC_ALIASES = new Set(['utc', 'etc/utc', 'etc/uct', 'uct', 'etc/universal', 'universal', 'etc/zulu', 'zulu', 'gmt', 'etc/gmt', 'etc/gmt0', 'etc/gmt+0', 'etc/gmt-0', 'gmt0', 'gmt+0', 'gmt-0', 'etc/greenwich', 'greenwich']);

/** "UTC" for any of UTC's aliases, otherwise the zone as given. */
export function normalizeTimeZone(zone: string): string {
  return UTC_ALIASES.has(zone.trim().toLowerCase()) ? 'UTC' : zone;
}

function supportedZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

/** UTC first, then the region zones alphabetically, plus `current` when it is not among them. */
export function timeZoneOptions(current?: string | null, supported: readonly string[] = supportedZones()): string[] {
  const zones = new Set(supported.map(normalizeTimeZone));
  zones.delete('UTC');
  if (current && normalizeTimeZone(current) !== 'UTC') zones.add(current);
  return ['UTC', ...[...zones].sort((a, b) => a.localeCompare(b))];
}

/** The browser's own zone, with UTC's aliases read as "UTC"; UTC when the browser does not say. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? normalizeTimeZone(zone) : 'UTC';
  } catch {
    return 'UTC';
  }
}
