// Tenancy contract, organization scope: an organization admin of a partner's first organization
// (a partner admin restricted to it, and a portal contact of it) sees nothing of the sibling organization: every path-id operation
// naming a sibling record answers 404 (403 where the route is not for this caller at all) and
// changes nothing, and no list, search or export shows a sibling row.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { BUILT_IN_PARTNER_ROLES } from '@/lib/auth/permissions';
import { portalLogin } from '../helpers/portal';
import { makePartnerUser, tokenFor } from '../helpers/factories';
import { orgAdminOf, type Tenant } from '../helpers/contract/tenant-world';
import { sharedWorld } from '../helpers/contract/shared-world';
import {
  changedTables,
  excludedByRule,
  fillPath,
  findLeak,
  fingerprint,
  idForField,
  inputFor,
  loadOps,
  recordKinds,
  sentStrings,
  type Op,
} from '../helpers/contract/route-ops';
import { jsonSchemaOf } from '../helpers/contract/valid-input';
import { callersFor, isEnvelope404, probe, type Caller } from '../helpers/contract/probe';
import { FULL_PARTNER_ACCESS_ONLY, KNOWN_DEFECTS, LIST_FOREIGN, LIST_INPUTS, LIST_OPS_UNCHECKED, OPEN_FINDINGS, PATH_INPUTS, READ_POSTS } from '../helpers/contract/coverage';

let A: Tenant;
let ops: Op[];
let callers: Caller[];
/** The sibling organization's records by kind (only kinds that live in an organization). */
let sibling: Record<string, string>;
let siblingMarker: string;
let siblingNeedles: string[];
const orgAdminPermissions = new Set<string>(BUILT_IN_PARTNER_ROLES.find((r) => r.name === 'Organization Admin')!.permissions);

beforeAll(async () => {
  // The world's partner B is of no concern here: its records are another partner's.
  const world = await sharedWorld();
  A = world.A;
  siblingMarker = world.siblingMarker;
  // Partner-wide kinds (roles, catalog, library, templates…) are shared by design: not targets.
  sibling = Object.fromEntries(Object.entries(world.siblingIds).filter(([kind, id]) => A.ids[kind] !== id && kind !== 'agentToken'));
  sibling.org = A.orgs[1].id;
  siblingNeedles = [siblingMarker, A.orgs[1].name, A.orgs[1].id, ...world.siblingRowIds];
  ops = await loadOps();
  const orgAdmin = await orgAdminOf(A);
  // A partner-scope admin restricted to the first organization (orgAccess "selected").
  const restricted = await makePartnerUser(A.partner, { name: `${A.marker} restricted admin`, orgAccess: 'selected', orgIds: [A.orgs[0].id] });
  const contact = await db.contact.findUniqueOrThrow({ where: { id: A.ids.contact } });
  const portal = await portalLogin(contact.email!);
  callers = [
    { name: 'orgAdmin', kinds: ['user'], opts: { token: orgAdmin.token } },
    { name: 'selectedOrgs', kinds: ['user'], opts: { token: await tokenFor(restricted, { mfa: true }) } },
    { name: 'portal', kinds: ['portal'], opts: { headers: { cookie: portal.cookie, 'x-csrf-token': portal.csrf } } },
  ];
}, 240_000);

/** 403 is the right answer where the route is closed to this caller whatever the record. */
function closedTo(op: Op, caller: Caller): boolean {
  if (caller.name === 'selectedOrgs') return !!FULL_PARTNER_ACCESS_ONLY[op.key];
  if (caller.name !== 'orgAdmin') return false;
  if (op.meta.scopes && !op.meta.scopes.includes('organization')) return true;
  return op.meta.permission !== 'none' && !orgAdminPermissions.has(op.meta.permission);
}

describe('tenancy contract: organization scope', () => {
  it('every operation naming a sibling organization’s record answers 404 and changes nothing', async () => {
    const failures: string[] = [];
    let covered = 0;
    let probes = 0;
    let notFound = 0;
    let forbidden = 0;
    let before = await fingerprint();
    for (const op of ops) {
      if (!op.params.length || excludedByRule(op)) continue;
      const kinds = recordKinds(op);
      // Only paths whose last record lives in an organization; agents name themselves.
      if (!kinds || !sibling[kinds[kinds.length - 1]] || kinds.includes('agent')) continue;
      const who = callersFor(op, callers);
      if (!who.length) continue;
      const body = inputFor(op.meta.body, A.ids, A.marker, PATH_INPUTS[op.key]?.body?.(A.ids), true);
      const query = inputFor(op.meta.query, A.ids, A.marker, PATH_INPUTS[op.key]?.query?.(A.ids));
      if (!body.ok || !query.ok) continue; // reported by the cross-partner suite
      covered++;
      const variants = [(k: string) => sibling[k] ?? A.ids[k]];
      if (kinds.length > 1) variants.push((k: string) => (k === kinds[kinds.length - 1] ? sibling[k] : A.ids[k]));
      for (const pick of variants) {
        for (const caller of who) {
          const res = await probe(op, caller, fillPath(op, kinds, pick), { body: body.value, query: query.value }, A.marker);
          probes++;
          if (res.status === 404) notFound++;
          if (res.status === 403) forbidden++;
          const ok = closedTo(op, caller) ? res.status === 403 : isEnvelope404(res);
          if (!ok) failures.push(`${op.key} [as ${caller.name}] answered ${res.status} ${res.text.slice(0, 160)}`);
        }
      }
      const after = await fingerprint();
      const changed = changedTables(before, after);
      before = after;
      if (changed.length) failures.push(`${op.key} changed ${changed.join(', ')}`);
    }
    console.log(
      `tenancy contract (organization scope, path ids): ${covered} operations covered, ${probes} probes of a sibling organization's records, ` +
        `${notFound} answered 404, ${forbidden} answered 403 (route closed to the caller), ${failures.length} failures`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
  }, 240_000);

  it('no list, search or export shows a sibling organization’s rows, whatever the filters name', async () => {
    const failures: string[] = [];
    const open = new Set<string>();
    let covered = 0;
    let calls = 0;
    const statuses: Record<string, number> = {};
    const siblingId = idForField(sibling);
    for (const op of ops) {
      if (op.params.length || !(op.method === 'GET' || READ_POSTS.includes(op.key)) || excludedByRule(op) || LIST_OPS_UNCHECKED[op.key]) continue;
      const who = callersFor(op, callers);
      if (!who.length) continue;
      const body = inputFor(op.meta.body, A.ids, A.marker, LIST_INPUTS[op.key]?.body?.(A.ids));
      const query = inputFor(op.meta.query, A.ids, A.marker, LIST_INPUTS[op.key]?.query?.(A.ids));
      if (!body.ok || !query.ok) continue; // reported by the cross-partner suite
      covered++;
      const base = (query.value ?? {}) as Record<string, unknown>;
      const variants: { label: string; query: Record<string, unknown>; body?: unknown }[] = [{ label: '', query: base }];
      const props = op.meta.query ? ((jsonSchemaOf(op.meta.query).properties ?? {}) as Record<string, unknown>) : {};
      for (const name of Object.keys(props)) {
        if (/Ids?$/.test(name) && name !== 'partnerId' && siblingId(name)) variants.push({ label: `?${name}`, query: { ...base, [name]: siblingId(name) } });
        else if (/^(q|query|search|text)$/.test(name)) variants.push({ label: `?${name}`, query: { ...base, [name]: siblingMarker } });
      }
      for (const f of LIST_FOREIGN[op.key]?.({ ids: sibling, marker: siblingMarker }) ?? []) {
        variants.push({ label: f.label, query: { ...base, ...((f.query as object) ?? {}) }, body: f.body });
      }
      for (const caller of who) {
        for (const variant of variants) {
          const res = await probe(op, caller, op.path, { body: variant.body ?? body.value, query: variant.query }, A.marker);
          calls++;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          let problem: string | null = null;
          if (res.status >= 500) problem = `answered ${res.status}`;
          else if (res.status === 403 && !closedTo(op, caller) && !variant.label) problem = `answered 403 ${res.text.slice(0, 160)}`;
          else {
            let text = res.text;
            for (const sent of sentStrings(variant.query, variant.body)) text = text.replaceAll(sent, '');
            const leak = findLeak(text, siblingNeedles);
            if (leak) {
              const at = text.toLowerCase().indexOf(leak.toLowerCase());
              problem = `shows the sibling's ${leak}: …${text.slice(Math.max(0, at - 80), at + 60)}…`;
            }
          }
          if (!problem || KNOWN_DEFECTS[`${op.key}${variant.label}`]) continue;
          const finding = `${op.key} [as ${caller.name}]`;
          if (OPEN_FINDINGS[finding]) open.add(finding);
          else failures.push(`${op.key}${variant.label} [as ${caller.name}] ${problem}`);
        }
      }
    }
    console.log(`tenancy contract (organization scope, lists): ${covered} operations covered, ${calls} calls, statuses ${JSON.stringify(statuses)}, ${failures.length} failures`);
    for (const f of open) console.log(`open finding, still present: ${f}: ${OPEN_FINDINGS[f]}`);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(Object.keys(OPEN_FINDINGS).filter((f) => !open.has(f)), 'open findings that no longer reproduce (remove them from OPEN_FINDINGS)').toEqual([]);
  }, 240_000);
});
