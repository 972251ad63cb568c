import { describe, expect, it } from 'vitest';
import { normalizeOrgName, planOrgImport, uniqueSlug, type OrgImportState } from './plan-org-import';
import { decideOrgCommit } from './decide-org-commit';
import type { TOrgImportRow } from './schemas';

const state = (over: Partial<OrgImportState> = {}): OrgImportState => ({ orgs: [], linkByKey: new Map(), maxOrganizations: null, ...over });
const org = (id: string, name: string, slug: string, deletedAt: Date | null = null) => ({ id, name, slug, timezone: null, deletedAt });
const rows = (...r: Partial<TOrgImportRow>[]) => r.map((x) => ({ organization: 'X', ...x }) as TOrgImportRow);

describe('org import planning', () => {
  it('normalizes names and de-duplicates slugs', () => {
    expect(normalizeOrgName('  ACME   Corp ')).toBe('acme corp');
    const taken = new Set(['acme', 'acme-1']);
    expect(uniqueSlug('Acme', taken)).toBe('acme-2');
    expect(uniqueSlug('Acme', taken)).toBe('acme-3');
  });

  it('groups by external id, else by name, and reserves slugs in order', () => {
    const plan = planOrgImport(rows({ organization: 'Acme', externalId: '1' }, { organization: 'acme ' }, { organization: 'Beta' }, { organization: 'Beta', site: 'B' }), state({ orgs: [org('o1', 'Other', 'acme', new Date())] }));
    expect(plan.groups.map((g) => [g.rows, g.annotation, g.slug])).toEqual([
      [[0, 1], 'create', 'acme-1'],
      [[2, 3], 'create', 'beta'],
    ]);
  });

  it('prefers the link over the name and sees soft-deleted organizations', () => {
    const s = state({ orgs: [org('a', 'Acme', 'acme'), org('d', 'Gone', 'gone', new Date())], linkByKey: new Map([['psa\u00007', 'd']]) });
    const plan = planOrgImport(rows({ organization: 'Renamed', externalSystem: 'psa', externalId: '7' }, { organization: 'ACME' }, { organization: 'gone' }), s);
    expect(plan.groups.map((g) => [g.annotation, g.match?.id, g.matchedBy])).toEqual([
      ['conflict', 'd', 'link'],
      ['name-match', 'a', 'name'],
      ['conflict', 'd', 'name'],
    ]);
    expect(plan.groups[2].conflictReason).toMatch(/Several organizations of this import/);
    const alone = planOrgImport(rows({ organization: 'Renamed', externalSystem: 'psa', externalId: '7' }), s);
    expect(alone.groups[0]).toMatchObject({ annotation: 'matched-soft-deleted', matchedBy: 'link' });
  });

  it('checks acknowledgements at commit', () => {
    const s = state({ orgs: [org('a', 'Acme', 'acme')] });
    const r = rows({ organization: 'Acme' }, { organization: 'Acme', expectedAnnotation: 'create' });
    const { actions, errors } = decideOrgCommit(r, planOrgImport(r, s), s);
    expect(actions).toEqual([]);
    expect(errors.map((e) => e.code)).toEqual(['match-unconfirmed', 'annotation-changed']);
    const ok = rows({ organization: 'Acme', expectedAnnotation: 'name-match', expectedOrganizationId: 'a', externalId: 'e' });
    const decided = decideOrgCommit(ok, planOrgImport(ok, s), s);
    expect(decided.actions.map((a) => [a.kind, a.link, a.reactivate])).toEqual([['attach', true, false]]);
  });

  it('keeps creates, forced creates and reactivations under the organization limit', () => {
    const s = state({ orgs: [org('a', 'Acme', 'acme'), org('d', 'Dead', 'dead', new Date())], maxOrganizations: 2 });
    const r = rows({ organization: 'New' }, { organization: 'Acme', forceCreate: true }, { organization: 'Dead', reactivate: true });
    const { actions, errors } = decideOrgCommit(r, planOrgImport(r, s), s);
    expect(actions.map((a) => a.rows)).toEqual([[0]]);
    expect(errors.map((e) => [e.index, e.code])).toEqual([[1, 'row-conflict'], [2, 'row-conflict']]);
  });
});
