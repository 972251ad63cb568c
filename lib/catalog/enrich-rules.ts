// Pure rules of POST /catalog/enrich: how close two product names are, and which item type a
// name suggests when the catalog history has nothing like it.
import type { CATALOG_ITEM_TYPES } from '@/lib/catalog/schemas';

type ItemType = (typeof CATALOG_ITEM_TYPES)[number];

export function nameTokens(name: string): Set<string> {
  return new Set(name.toLowerCase().split(/[^a-z0-9]+/).filter((t) => t.length > 1));
}

/** Jaccard similarity of the names' word sets (0 to 1). */
export function nameSimilarity(a: string, b: string): number {
  const x = nameTokens(a);
  const y = nameTokens(b);
  if (!x.size || !y.size) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

const TYPE_HINTS: [ItemType, RegExp][] = [
  ['per_device', /\b(per[- ]?(device|endpoint|seat|machine)|managed (device|endpoint|workstation|server)s?|rmm)\b/],
  ['software_licence', /\b(licen[cs]e|subscription|saas|microsoft 365|m365|office 365|antivirus|edr)\b/],
  ['labour', /\b(labou?r|hours?|hourly|onsite|on-site|consult\w*|installation|project)\b/],
  ['hardware', /\b(laptop|desktop|server|switch|router|firewall|monitor|printer|ssd|ram|hardware|access point|ups)\b/],
];

export function guessItemType(text: string): ItemType {
  const lower = text.toLowerCase();
  return TYPE_HINTS.find(([, re]) => re.test(lower))?.[0] ?? 'service';
}
