// Pure planning of an organization/site import against a snapshot of the partner's state:
// rows are grouped into target organizations and each group is annotated (doc 3's vocabulary).
// Preview and commit run the same code on fresh state, so they cannot disagree on rules; the
// commit then checks each row's acknowledgements (decide-org-commit.ts).
import { slugify } from '@/lib/tenancy/slugify';
import { DEFAULT_EXTERNAL_SYSTEM, type OrgAnnotation, type TOrgImportRow } from '@/lib/imports/schemas';

export interface ExistingOrg {
  id: string;
  name: string;
  slug: string;
  timezone: string | null;
  deletedAt: Date | null;
}

export interface OrgImportState {
  orgs: ExistingOrg[];
  /** `${externalSystem}\u0000${externalId}` → organization id (live or soft-deleted). */
  linkByKey: Map<string, string>;
  maxOrganizations: number | null;
}

export interface OrgGroup {
  rows: number[];
  /** Display name: the first row's organization value. */
  organization: string;
  normalizedName: string;
  externalSystem: string | null;
  externalId: string | null;
  annotation: OrgAnnotation;
  match: ExistingOrg | null;
  matchedBy: 'link' | 'name' | null;
  conflictReason?: string;
  /** Slug a created organization gets (create groups only). */
  slug: string | null;
}

export interface OrgImportPlan {
  groups: OrgGroup[];
  /** Group of each row, or null for a row in conflict on its own. */
  rowGroup: (OrgGroup | null)[];
  rowConflict: (string | null)[];
  /** Every slug of the partner plus those the plan reserved. */
  takenSlugs: Set<string>;
}

/** Whitespace- and case-insensitive name key. */
export function normalizeOrgName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

// NUL cannot occur in stored text, so (a, b c) and (a b, c) never collide.
export const linkKey = (system: string, externalId: string) => `${system}\u0000${externalId}`;

export function externalKeyOf(row: Pick<TOrgImportRow, 'externalId' | 'externalSystem'>): { system: string; externalId: string } | null {
  return row.externalId ? { system: row.externalSystem ?? DEFAULT_EXTERNAL_SYSTEM, externalId: row.externalId } : null;
}

/** base, base-1, base-2 … avoiding every slug in `taken` (which it extends). */
export function uniqueSlug(name: string, taken: Set<string>): string {
  const base = slugify(name);
  let slug = base;
  for (let i = 1; taken.has(slug); i++) slug = `${base}-${i}`;
  taken.add(slug);
  return slug;
}

/**
 * Groups rows by target organization: by (externalSystem, externalId) when the row has one,
 * else by normalized name. A row without an external id joins the one same-named group of the
 * batch; when several external ids share that name it is ambiguous.
 */
function groupRows(rows: TOrgImportRow[]): Omit<OrgImportPlan, 'takenSlugs'> {
  const groups: OrgGroup[] = [];
  const byKey = new Map<string, OrgGroup>();
  const byName = new Map<string, OrgGroup[]>();
  const rowGroup: (OrgGroup | null)[] = rows.map(() => null);
  const rowConflict: (string | null)[] = rows.map(() => null);

  const open = (index: number, ext: { system: string; externalId: string } | null): OrgGroup => {
    const row = rows[index];
    const group: OrgGroup = {
      rows: [],
      organization: row.organization,
      normalizedName: normalizeOrgName(row.organization),
      externalSystem: ext?.system ?? null,
      externalId: ext?.externalId ?? null,
      annotation: 'create',
      match: null,
      matchedBy: null,
      slug: null,
    };
    groups.push(group);
    byName.set(group.normalizedName, [...(byName.get(group.normalizedName) ?? []), group]);
    return group;
  };

  rows.forEach((row, index) => {
    const ext = externalKeyOf(row);
    if (!ext) return;
    const key = linkKey(ext.system, ext.externalId);
    const group = byKey.get(key) ?? open(index, ext);
    byKey.set(key, group);
    if (group.normalizedName !== normalizeOrgName(row.organization)) {
      group.conflictReason = `External id ${ext.system}:${ext.externalId} is used with different organization names in this import`;
    }
    group.rows.push(index);
    rowGroup[index] = group;
  });

  rows.forEach((row, index) => {
    if (row.externalId) return;
    const candidates = byName.get(normalizeOrgName(row.organization)) ?? [];
    if (candidates.length > 1) {
      rowConflict[index] = `Organization "${row.organization}" is ambiguous: several external ids of this import carry that name`;
      return;
    }
    const group = candidates[0] ?? open(index, null);
    group.rows.push(index);
    rowGroup[index] = group;
  });

  return { groups, rowGroup, rowConflict };
}

function annotate(group: OrgGroup, state: OrgImportState, orgById: Map<string, ExistingOrg>, orgsByName: Map<string, ExistingOrg[]>): void {
  if (group.conflictReason) {
    group.annotation = 'conflict';
    return;
  }
  const matched = (org: ExistingOrg, by: 'link' | 'name') => {
    group.match = org;
    group.matchedBy = by;
    group.annotation = org.deletedAt ? 'matched-soft-deleted' : by === 'link' ? 'link-match' : 'name-match';
  };
  if (group.externalId) {
    const linked = orgById.get(state.linkByKey.get(linkKey(group.externalSystem!, group.externalId)) ?? '');
    if (linked) return matched(linked, 'link');
  }
  const sameName = orgsByName.get(group.normalizedName) ?? [];
  const live = sameName.filter((o) => !o.deletedAt);
  const deleted = sameName.filter((o) => o.deletedAt);
  const several = live.length > 1 ? 'organizations' : live.length === 0 && deleted.length > 1 ? 'deleted organizations' : null;
  if (several) {
    group.annotation = 'conflict';
    group.conflictReason = `Several existing ${several} are named "${group.organization}"`;
    return;
  }
  const one = live[0] ?? deleted[0];
  if (one) return matched(one, 'name');
  group.annotation = 'create';
}

export function planOrgImport(rows: TOrgImportRow[], state: OrgImportState): OrgImportPlan {
  const slugs = new Set(state.orgs.map((o) => o.slug));
  const plan = { ...groupRows(rows), takenSlugs: slugs };
  const orgById = new Map(state.orgs.map((o) => [o.id, o]));
  const orgsByName = new Map<string, ExistingOrg[]>();
  for (const org of state.orgs) {
    const key = normalizeOrgName(org.name);
    orgsByName.set(key, [...(orgsByName.get(key) ?? []), org]);
  }
  // Slugs are reserved in group order over every slug of the partner (soft-deleted ones too),
  // so preview and commit derive the same ones from the same state.
  let capacity = state.maxOrganizations === null ? Infinity : state.maxOrganizations - state.orgs.filter((o) => !o.deletedAt).length;
  const targeted = new Map<string, OrgGroup>();
  for (const group of plan.groups) {
    annotate(group, state, orgById, orgsByName);
    if (group.match) {
      // Two groups of one import resolving to one organization would write it twice.
      const first = targeted.get(group.match.id);
      if (first) {
        for (const g of [first, group]) {
          g.annotation = 'conflict';
          g.conflictReason = `Several organizations of this import resolve to the existing organization "${group.match.name}"`;
        }
      } else targeted.set(group.match.id, group);
    }
    if (group.annotation === 'create') {
      if (capacity <= 0) {
        group.annotation = 'conflict';
        group.conflictReason = `The partner's limit of ${state.maxOrganizations} organizations is reached`;
      } else {
        capacity--;
        group.slug = uniqueSlug(group.organization, slugs);
      }
    }
  }
  return plan;
}
