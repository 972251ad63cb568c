import { describe, expect, it } from 'vitest';
import { contactLinkKey, planContactImport, type ContactImportState, type ImportContact } from './plan-contact-import';
import { decideContactCommit, mergeContact } from './decide-contact-commit';
import type { TContactImportRow } from './schemas';

const org = { id: 'o1', partnerId: 'p', name: 'Contoso' };
const person = (over: Partial<ImportContact>): ImportContact => ({ id: 'c', orgId: 'o1', siteId: null, name: null, email: null, phone: null, mobile: null, title: null, roles: [], links: [], portalStatus: null, ...over });
const state = (contacts: ImportContact[] = [], links: ContactImportState['links'] = new Map()): ContactImportState => ({ orgs: [org], sites: [{ id: 's1', orgId: 'o1', name: 'HQ' }], contacts, links });
const row = (r: Partial<TContactImportRow>) => ({ organization: 'contoso', ...r }) as TContactImportRow;

describe('contact import planning', () => {
  it('matches by link, then email, then name; a contact linked in the row’s system is another record', () => {
    const s = state([person({ id: 'a', email: 'a@x.test', links: [{ externalSystem: 'csv', externalId: '1' }] }), person({ id: 'b', name: 'Bob  Smith' })], new Map([[contactLinkKey('o1', 'csv', '1'), { contactId: 'a', live: true }]]));
    const plans = [row({ externalId: '1', name: 'x' }), row({ email: 'A@x.test ' }), row({ name: 'bob smith' }), row({ email: 'a@x.test', externalId: '2' })].map((r) => planContactImport([r], s)[0]);
    expect(plans.map((p) => [p.annotation, p.contact?.id])).toEqual([
      ['link-match', 'a'],
      ['email-match', 'a'],
      ['name-match', 'b'],
      ['create', undefined],
    ]);
  });

  it('turns ambiguity into a conflict, or a warning when the row has its own externalId', () => {
    const s = state([person({ id: 'a', email: 'x@x.test' }), person({ id: 'b', email: 'x@x.test' })]);
    const [conflict, warned] = planContactImport([row({ email: 'x@x.test' }), row({ email: 'x@x.test', externalId: 'e' })], s);
    expect(conflict.failure?.code).toBe('row-conflict');
    expect(warned).toMatchObject({ annotation: 'create', warning: expect.stringMatching(/2 contacts/) });
  });

  it('fails unknown organizations, roles and sites, and blank identifiers on create', () => {
    const plans = planContactImport([row({ organization: 'nope', name: 'x' }), row({ name: 'x', roles: ['owner'] }), row({ name: 'x', site: 'Annex' }), row({ name: ' ' })], state());
    expect(plans.map((p) => [p.annotation, p.failure?.code])).toEqual([
      ['org-not-found', 'org-not-found'],
      ['conflict', 'invalid-role'],
      ['conflict', 'site-not-in-org'],
      ['conflict', 'no-identifier'],
    ]);
  });

  it('needs both acknowledgements for fuzzy matches and skips or updates by mode', () => {
    const s = state([person({ id: 'b', email: 'b@x.test' })]);
    const rows = [row({ email: 'b@x.test' }), row({ email: 'b@x.test', expectedAnnotation: 'email-match', expectedContactId: 'b', externalId: 'n' })];
    const plans = planContactImport(rows, s);
    // Both rows target one contact: the second is a conflict within the batch.
    expect(plans[1].failure?.reason).toMatch(/row 0/);
    const one = [rows[1]];
    expect(decideContactCommit(one, planContactImport(one, s), 'skip').actions.map((a) => [a.kind, a.reason, a.link])).toEqual([['skip', 'match-confirmed', true]]);
    expect(decideContactCommit(one, planContactImport(one, s), 'update').actions.map((a) => a.kind)).toEqual(['update']);
    expect(decideContactCommit([rows[0]], planContactImport([rows[0]], s), 'update').errors.map((e) => e.code)).toEqual(['match-unconfirmed']);
  });

  it('merges without clearing', () => {
    const merged = mergeContact(person({ name: 'Ada', phone: '1', roles: ['billing'], siteId: 's0' }), { name: null, email: 'a@x.test', phone: null, mobile: null, title: null, roles: [] }, undefined);
    expect(merged).toMatchObject({ name: 'Ada', email: 'a@x.test', phone: '1', roles: ['billing'], siteId: 's0' });
  });
});
