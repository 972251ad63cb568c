// Pure planning of a contact import against a snapshot of the partner's state: each row's
// organization and site are resolved, its contact matched (durable link, then the fuzzy email
// and name hints) and annotated. Preview and commit run the same code on fresh state; the
// commit then checks each row's acknowledgements (decide-contact-commit.ts).
import { CONTACT_ROLES, type ContactRoleName } from '@/lib/contacts/schemas';
import { normalizeOrgName } from '@/lib/imports/plan-org-import';
import { DEFAULT_EXTERNAL_SYSTEM, type ContactAnnotation, type ContactImportErrorCode, type TContactImportRow } from '@/lib/imports/schemas';

export interface ImportOrg {
  id: string;
  partnerId: string;
  name: string;
}
export interface ImportContact {
  id: string;
  orgId: string;
  siteId: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  title: string | null;
  roles: ContactRoleName[];
  links: { externalSystem: string; externalId: string }[];
  portalStatus: 'invited' | 'active' | 'disabled' | null;
}
export interface ContactImportState {
  orgs: ImportOrg[];
  sites: { id: string; orgId: string; name: string }[];
  /** Live contacts of the organizations the rows resolve to. */
  contacts: ImportContact[];
  /** `${orgId}\u0000${system}\u0000${externalId}` → the linked contact (live or soft-deleted). */
  links: Map<string, { contactId: string; live: boolean }>;
}

export interface ContactValues {
  name: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  title: string | null;
  roles: ContactRoleName[];
}

export interface ContactRowPlan {
  annotation: ContactAnnotation;
  /** Why the row cannot be committed (annotation `conflict` or `org-not-found`). */
  failure?: { code: ContactImportErrorCode; reason: string };
  warning?: string;
  org?: ImportOrg;
  /** Resolved site; undefined when the row names none (the stored site is kept). */
  siteId?: string;
  contact?: ImportContact;
  ext: { system: string; externalId: string } | null;
  /** A link of this row's identity naming a deleted contact: it moves to the new one. */
  staleLink: boolean;
  values: ContactValues;
}

const blankToNull = (v: string | undefined | null) => (v?.trim() ? v.trim() : null);
export const contactLinkKey = (orgId: string, system: string, externalId: string) => `${orgId}\u0000${system}\u0000${externalId}`;

export function contactValues(row: TContactImportRow): ContactValues {
  return {
    name: blankToNull(row.name),
    email: blankToNull(row.email)?.toLowerCase() ?? null,
    phone: blankToNull(row.phone),
    mobile: blankToNull(row.mobile),
    title: row.title ?? null,
    roles: [...new Set((row.roles ?? []).filter((r): r is ContactRoleName => (CONTACT_ROLES as readonly string[]).includes(r)))],
  };
}

/** The organization a row names: its id (within the partner and the caller's reach), else its name. */
export function resolveRowOrg(row: TContactImportRow, byId: Map<string, ImportOrg>, byName: Map<string, ImportOrg[]>): ImportOrg | 'missing' | 'ambiguous' {
  if (row.organizationId) return byId.get(row.organizationId) ?? 'missing';
  const hits = byName.get(normalizeOrgName(row.organization!)) ?? [];
  return hits.length === 1 ? hits[0] : hits.length === 0 ? 'missing' : 'ambiguous';
}

export function orgsByName(orgs: ImportOrg[]): Map<string, ImportOrg[]> {
  const map = new Map<string, ImportOrg[]>();
  for (const o of orgs) map.set(normalizeOrgName(o.name), [...(map.get(normalizeOrgName(o.name)) ?? []), o]);
  return map;
}

interface StateIndex {
  orgById: Map<string, ImportOrg>;
  names: Map<string, ImportOrg[]>;
  sitesByOrg: Map<string, ContactImportState['sites']>;
  contactsByOrg: Map<string, ImportContact[]>;
  contactById: Map<string, ImportContact>;
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}

function planRow(row: TContactImportRow, state: ContactImportState, lookup: StateIndex): ContactRowPlan {
  const values = contactValues(row);
  const ext = row.externalId ? { system: row.externalSystem ?? DEFAULT_EXTERNAL_SYSTEM, externalId: row.externalId } : null;
  const base = { ext, staleLink: false, values };
  const fail = (code: ContactImportErrorCode, reason: string, extra: Partial<ContactRowPlan> = {}): ContactRowPlan => ({
    ...base,
    ...extra,
    annotation: code === 'org-not-found' ? 'org-not-found' : 'conflict',
    failure: { code, reason },
  });

  const org = resolveRowOrg(row, lookup.orgById, lookup.names);
  if (org === 'missing') return fail('org-not-found', 'No such organization under the partner');
  if (org === 'ambiguous') return fail('row-conflict', `Several organizations are named "${row.organization}"; send organizationId`);
  const badRoles = (row.roles ?? []).filter((r) => !(CONTACT_ROLES as readonly string[]).includes(r));
  if (badRoles.length > 0) return fail('invalid-role', `Unknown role ${badRoles.map((r) => `"${r}"`).join(', ')}; roles are ${CONTACT_ROLES.join(', ')}`, { org });
  let siteId: string | undefined;
  if (row.site) {
    const sites = (lookup.sitesByOrg.get(org.id) ?? []).filter((s) => normalizeOrgName(s.name) === normalizeOrgName(row.site!));
    if (sites.length === 0) return fail('site-not-in-org', `The organization has no site named "${row.site}"`, { org });
    if (sites.length > 1) return fail('row-conflict', `The organization has several sites named "${row.site}"`, { org });
    siteId = sites[0].id;
  }

  const resolved = { ...base, org, siteId };
  let staleLink = false;
  if (ext) {
    const link = state.links.get(contactLinkKey(org.id, ext.system, ext.externalId));
    const contact = link?.live ? lookup.contactById.get(link.contactId) : undefined;
    if (contact) return { ...resolved, annotation: 'link-match', contact };
    staleLink = !!link;
  }

  // Fuzzy hints: email first, then name. A contact already linked to another record of the
  // row's source system is that record, not this one.
  const candidates = (lookup.contactsByOrg.get(org.id) ?? []).filter((c) => !(ext && c.links.some((l) => l.externalSystem === ext.system)));
  const emailHits = values.email ? candidates.filter((c) => c.email === values.email) : [];
  const nameHits = emailHits.length === 0 && values.name ? candidates.filter((c) => c.name && normalizeOrgName(c.name) === normalizeOrgName(values.name!)) : [];
  const [hits, kind] = emailHits.length > 0 ? [emailHits, 'email-match' as const] : [nameHits, 'name-match' as const];
  let warning: string | undefined;
  if (hits.length === 1) return { ...resolved, staleLink, annotation: kind, contact: hits[0] };
  if (hits.length > 1) {
    const what = `${hits.length} contacts of the organization share this ${kind === 'email-match' ? 'email' : 'name'}`;
    if (!ext) return fail('row-conflict', `${what}; add an externalId or edit the contacts`, resolved);
    warning = `${what}; a new contact is created because the row carries its own externalId`;
  }
  if (![values.name, values.email, values.phone, values.mobile].some(Boolean)) {
    return fail('no-identifier', 'A contact needs at least one non-blank name, email, phone or mobile', resolved);
  }
  return { ...resolved, staleLink, annotation: 'create', ...(warning ? { warning } : {}) };
}

export function planContactImport(rows: TContactImportRow[], state: ContactImportState): ContactRowPlan[] {
  const lookup: StateIndex = {
    orgById: new Map(state.orgs.map((o) => [o.id, o])),
    names: orgsByName(state.orgs),
    sitesByOrg: groupBy(state.sites, (s) => s.orgId),
    contactsByOrg: groupBy(state.contacts, (c) => c.orgId),
    contactById: new Map(state.contacts.map((c) => [c.id, c])),
  };
  const plans = rows.map((row) => planRow(row, state, lookup));
  // Rows of one import must not write one identity twice.
  const seen = new Map<string, number>();
  plans.forEach((plan, index) => {
    if (plan.failure || !plan.org) return;
    const keys = [
      plan.ext && `link\u0000${contactLinkKey(plan.org.id, plan.ext.system, plan.ext.externalId)}`,
      plan.contact && `contact\u0000${plan.contact.id}`,
      plan.annotation === 'create' && plan.values.email && `email\u0000${plan.org.id}\u0000${plan.values.email}`,
    ].filter((k): k is string => !!k);
    const earlier = keys.map((k) => seen.get(k)).find((i) => i !== undefined);
    if (earlier !== undefined) {
      plans[index] = { ...plan, annotation: 'conflict', failure: { code: 'row-conflict', reason: `Targets the same contact as row ${earlier}` } };
      return;
    }
    for (const k of keys) seen.set(k, index);
  });
  return plans;
}
