// Scripts CRUD, libraries (org and partner), versions and rollback, categories and tags, the
// system library and templates, cross-tenant isolation and validation.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { makeApiKey, withKey } from '../helpers/access';
import { db } from '@/lib/db';
import { SYSTEM_LIBRARY } from '@/lib/scripts/system-library';
import { SCRIPT_TEMPLATES } from '@/lib/scripts/templates';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let adminA: string;
let userA: { id: string };
let adminB: string;
let techSelected: string; // partner technician limited to orgA1
let readOnlyA: string;
let orgUserA1: string;
let orgA1: { id: string };
let orgA2: { id: string };

const body = (extra: Record<string, unknown> = {}) => ({
  name: `Script ${Math.random().toString(36).slice(2, 8)}`,
  osTypes: ['linux'],
  language: 'bash',
  content: '#!/usr/bin/env bash\necho "hi"\r\n\ttrailing  \n',
  ...extra,
});

beforeAll(async () => {
  partnerA = await makePartner();
  partnerB = await makePartner();
  orgA1 = await makeOrg(partnerA.id);
  orgA2 = await makeOrg(partnerA.id);
  await makeOrg(partnerB.id);
  userA = await makePartnerUser(partnerA);
  adminA = await tokenFor(userA);
  adminB = await tokenFor(await makePartnerUser(partnerB));
  techSelected = await tokenFor(await makePartnerUser(partnerA, { role: 'Technician', orgAccess: 'selected', orgIds: [orgA1.id] }));
  readOnlyA = await tokenFor(await makePartnerUser(partnerA, { role: 'Read Only' }));
  orgUserA1 = await tokenFor(await makeOrgUser(partnerA, orgA1));
});

async function create(token: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/scripts', { token, body: body({ orgId: orgA1.id, ...extra }) });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('create and read', () => {
  it('creates an org script with defaults, vocabulary and byte-identical content', async () => {
    const res = await api.post('/scripts', {
      token: adminA,
      body: body({ orgId: orgA1.id, name: 'Restart nginx', category: 'Services', tags: ['web', 'nginx', 'web'], parameters: [{ name: 'Unit', required: true }], exitCodeSeverityMapping: { '1': 'high', '2': null } }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      orgId: orgA1.id,
      partnerId: partnerA.id,
      availability: 'org',
      name: 'Restart nginx',
      runAs: 'system',
      timeoutSeconds: 300,
      version: 1,
      category: 'Services',
      tags: ['nginx', 'web'],
      parameters: [{ name: 'Unit', required: true, type: 'string' }],
      exitCodeSeverityMapping: { '1': 'high', '2': null },
      content: '#!/usr/bin/env bash\necho "hi"\r\n\ttrailing  \n',
    });
    const got = await api.get(`/scripts/${res.body.id}`, { token: adminA });
    expect(got.body.content).toBe(res.body.content);
    const audit = await db.auditLog.findFirst({ where: { action: 'script.create', targetId: res.body.id } });
    expect(audit).not.toBeNull();
  });

  it('lists without bodies, filters, and pages', async () => {
    const tag = `t-${Date.now()}`;
    await create(adminA, { tags: [tag], language: 'python' });
    const res = await api.get('/scripts', { token: adminA, query: { tag } });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 50, total: 1 });
    expect(res.body.data[0].content).toBeUndefined();
    expect(res.body.data[0].contentBytes).toBeGreaterThan(0);
    expect((await api.get('/scripts', { token: adminA, query: { tag, language: 'bash' } })).body.data).toHaveLength(0);
  });

  it('name is unique per library: 409 in the same org, fine in another org', async () => {
    const s = await create(adminA);
    const dup = await api.post('/scripts', { token: adminA, body: body({ orgId: orgA1.id, name: s.name }) });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('SCRIPT_NAME_CONFLICT');
    expect((await api.post('/scripts', { token: adminA, body: body({ orgId: orgA2.id, name: s.name }) })).status).toBe(201);
  });

  it('validation: 400 envelope and nothing written', async () => {
    const before = await db.script.count();
    const bad = [
      body({ orgId: orgA1.id, osTypes: [] }),
      body({ orgId: orgA1.id, language: 'ruby' }),
      body({ orgId: orgA1.id, content: '' }),
      body({ orgId: orgA1.id, content: 'x'.repeat(256 * 1024 + 1) }),
      body({ orgId: orgA1.id, content: 'é'.repeat(128 * 1024 + 1) }), // under 256 Ki chars, over 256 KB
      body({ orgId: orgA1.id, timeoutSeconds: 3601 }),
      body({ orgId: orgA1.id, runAs: 'root' }),
      body({ orgId: orgA1.id, exitCodeSeverityMapping: { '1': null, '2': null } }),
      body({ orgId: orgA1.id, exitCodeSeverityMapping: { abc: 'high' } }),
      body({ orgId: orgA1.id, parameters: [{ name: 'a' }, { name: 'a' }] }),
      body({ orgId: orgA1.id, name: 'x'.repeat(256) }),
      body({ orgId: orgA1.id, isSystem: true }),
    ];
    for (const b of bad) {
      const res = await api.post('/scripts', { token: adminA, body: b });
      expect(res.status, JSON.stringify(b).slice(0, 120)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await api.post('/scripts', { token: adminA, body: body() })).status).toBe(400); // several orgs: orgId required
    expect(await db.script.count()).toBe(before);
  });

  it('timeout default 300 and cap 3600 accepted', async () => {
    expect((await create(adminA, { timeoutSeconds: 3600 })).timeoutSeconds).toBe(3600);
  });
});

describe('libraries and scope', () => {
  it('partner library: visible to every caller of the partner, written only with full access', async () => {
    const res = await api.post('/scripts', { token: adminA, body: body({ availability: 'partner', name: 'Shared cleanup' }) });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ availability: 'partner', orgId: null });
    for (const token of [techSelected, orgUserA1, readOnlyA]) {
      expect((await api.get(`/scripts/${res.body.id}`, { token })).status).toBe(200);
    }
    // A restricted technician: 403 on the partner path, fine on the org path.
    expect((await api.post('/scripts', { token: techSelected, body: body({ availability: 'partner' }) })).status).toBe(403);
    expect((await api.put(`/scripts/${res.body.id}`, { token: techSelected, body: body({ name: 'Changed' }) })).status).toBe(403);
    expect((await api.post('/scripts', { token: techSelected, body: body({ orgId: orgA1.id }) })).status).toBe(201);
    expect((await api.post('/scripts', { token: techSelected, body: body({ orgId: orgA2.id }) })).status).toBe(404);
  });

  it('an org script is invisible outside its organization', async () => {
    const s = await create(adminA, { orgId: orgA2.id });
    expect((await api.get(`/scripts/${s.id}`, { token: techSelected })).status).toBe(404);
    expect((await api.get(`/scripts/${s.id}`, { token: orgUserA1 })).status).toBe(404);
    const list = await api.get('/scripts', { token: orgUserA1, query: { limit: 200 } });
    expect(list.body.data.every((x: { orgId: string | null }) => x.orgId === null || x.orgId === orgA1.id)).toBe(true);
  });

  it('another partner: 404 on read, update and delete, and the row is unchanged', async () => {
    const s = await create(adminA);
    expect((await api.get(`/scripts/${s.id}`, { token: adminB })).status).toBe(404);
    expect((await api.put(`/scripts/${s.id}`, { token: adminB, body: body({ name: 'Hijack' }) })).status).toBe(404);
    expect((await api.delete(`/scripts/${s.id}`, { token: adminB })).status).toBe(404);
    expect((await api.get(`/script-library/scripts/${s.id}/versions`, { token: adminB })).status).toBe(404);
    expect((await api.get(`/script-library/scripts/${s.id}/usage-stats`, { token: adminB })).status).toBe(404);
    const row = await db.script.findUniqueOrThrow({ where: { id: s.id } });
    expect(row).toMatchObject({ name: s.name, version: 1 });
    expect((await api.get('/scripts', { token: adminB, query: { search: s.name } })).body.data).toHaveLength(0);
  });

  it('permissions: read-only cannot write; an org user without scripts:write cannot create', async () => {
    expect((await api.post('/scripts', { token: readOnlyA, body: body({ orgId: orgA1.id }) })).status).toBe(403);
    expect((await api.post('/scripts', { token: orgUserA1, body: body() })).status).toBe(403);
  });
});

describe('versions', () => {
  it('every save keeps the earlier body; rollback restores it as a new version', async () => {
    const s = await create(adminA, { content: 'echo v1\n' });
    const v2 = await api.put(`/scripts/${s.id}`, { token: adminA, body: body({ name: s.name, content: 'echo v2\n', timeoutSeconds: 60, note: 'faster' }) });
    expect(v2.status, v2.text).toBe(200);
    expect(v2.body).toMatchObject({ version: 2, content: 'echo v2\n', timeoutSeconds: 60 });
    const v3 = await api.post(`/script-library/scripts/${s.id}/versions`, { token: adminA, body: body({ name: s.name, content: 'echo v3\n' }) });
    expect(v3.status, v3.text).toBe(201);
    expect(v3.body).toMatchObject({ version: 3, current: true, content: 'echo v3\n' });

    const list = await api.get(`/script-library/scripts/${s.id}/versions`, { token: adminA });
    expect(list.body.data.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(list.body.data[1]).toMatchObject({ content: 'echo v2\n', note: 'faster', current: false });
    const v1 = list.body.data[2];
    expect(v1.content).toBe('echo v1\n');

    const rb = await api.post(`/script-library/scripts/${s.id}/rollback/${v1.id}`, { token: adminA });
    expect(rb.status, rb.text).toBe(200);
    expect(rb.body).toMatchObject({ version: 4, content: 'echo v1\n', timeoutSeconds: 300 });
    const after = await api.get(`/script-library/scripts/${s.id}/versions`, { token: adminA });
    expect(after.body.data[0]).toMatchObject({ version: 4, current: true, note: 'Rollback to version 1' });

    // A version of another script, or a made-up one: 404.
    const other = await create(adminA);
    expect((await api.post(`/script-library/scripts/${other.id}/rollback/${v1.id}`, { token: adminA })).status).toBe(404);
    expect((await api.post(`/script-library/scripts/${s.id}/rollback/${other.id}`, { token: adminA })).status).toBe(404);
  });

  it('PUT validates like POST and a renamed clash is 409; nothing changes', async () => {
    const a = await create(adminA);
    const b = await create(adminA);
    expect((await api.put(`/scripts/${a.id}`, { token: adminA, body: body({ name: b.name }) })).status).toBe(409);
    expect((await api.put(`/scripts/${a.id}`, { token: adminA, body: body({ name: a.name, language: 'perl' }) })).status).toBe(400);
    expect((await db.script.findUniqueOrThrow({ where: { id: a.id } })).version).toBe(1);
  });

  it('delete removes the script and its versions', async () => {
    const s = await create(adminA);
    expect((await api.delete(`/scripts/${s.id}`, { token: adminA })).status).toBe(204);
    expect((await api.get(`/scripts/${s.id}`, { token: adminA })).status).toBe(404);
    expect(await db.scriptVersion.count({ where: { scriptId: s.id } })).toBe(0);
  });
});

describe('categories and tags', () => {
  it('CRUD, scriptCount, and partner isolation', async () => {
    const c = await api.post('/script-library/categories', { token: adminA, body: { name: 'Patching', description: 'Updates' } });
    expect(c.status, c.text).toBe(201);
    expect((await api.post('/script-library/categories', { token: adminA, body: { name: 'Patching' } })).body.error.code).toBe('SCRIPT_CATEGORY_EXISTS');
    await create(adminA, { category: 'Patching' });
    const got = await api.get(`/script-library/categories/${c.body.id}`, { token: adminA });
    expect(got.body).toMatchObject({ name: 'Patching', scriptCount: 1 });
    expect((await api.get(`/script-library/categories/${c.body.id}`, { token: adminB })).status).toBe(404);
    expect((await api.patch(`/script-library/categories/${c.body.id}`, { token: adminB, body: { name: 'x' } })).status).toBe(404);
    expect((await api.get('/script-library/categories', { token: adminB })).body.data.some((x: { id: string }) => x.id === c.body.id)).toBe(false);
    const renamed = await api.patch(`/script-library/categories/${c.body.id}`, { token: adminA, body: { name: 'Patch management' } });
    expect(renamed.body.name).toBe('Patch management');
    expect((await api.patch(`/script-library/categories/${c.body.id}`, { token: adminA, body: {} })).status).toBe(400);
    expect((await api.delete(`/script-library/categories/${c.body.id}`, { token: adminA })).status).toBe(204);
    expect(await db.script.count({ where: { categoryId: c.body.id } })).toBe(0);

    const t = await api.post('/script-library/tags', { token: adminA, body: { name: 'audit-me' } });
    expect(t.status).toBe(201);
    const s = await create(adminA, { tags: ['audit-me'] });
    const tags = await api.get('/script-library/tags', { token: adminA });
    expect(tags.body.data.find((x: { name: string }) => x.name === 'audit-me').scriptCount).toBe(1);
    expect((await api.delete(`/script-library/tags/${t.body.id}`, { token: adminB })).status).toBe(404);
    expect((await api.delete(`/script-library/tags/${t.body.id}`, { token: adminA })).status).toBe(204);
    expect((await api.get(`/scripts/${s.id}`, { token: adminA })).body.tags).toEqual([]);
    // Organization users read the vocabulary but do not write it.
    expect((await api.get('/script-library/tags', { token: orgUserA1 })).status).toBe(200);
  });

  it('a partnerId filter narrows the caller scope, never widens it (JWT and API key)', async () => {
    const c = await api.post('/script-library/categories', { token: adminB, body: { name: `B-only ${Date.now()}` } });
    const t = await api.post('/script-library/tags', { token: adminB, body: { name: `b-only-${Date.now()}` } });
    expect([c.status, t.status]).toEqual([201, 201]);
    const key = await makeApiKey(userA, ['scripts:read']);
    for (const opts of [{ token: adminA }, withKey(key.key)]) {
      for (const path of ['/script-library/categories', '/script-library/tags']) {
        const res = await api.get(path, { ...opts, query: { partnerId: partnerB.id } });
        expect(res.status, res.text).toBe(200);
        expect(res.body.data).toEqual([]);
        const own = await api.get(path, { ...opts, query: { partnerId: partnerA.id } });
        expect(own.body.data.every((x: { partnerId: string }) => x.partnerId === partnerA.id)).toBe(true);
      }
    }
    const admin = await tokenFor(await makePlatformAdmin());
    const seen = await api.get('/script-library/categories', { token: admin, query: { partnerId: partnerB.id } });
    expect(seen.body.data.map((x: { id: string }) => x.id)).toContain(c.body.id);
    expect(seen.body.data.every((x: { partnerId: string }) => x.partnerId === partnerB.id)).toBe(true);
  });
});

describe('system library and templates', () => {
  it('every built-in script and template is a valid script body', async () => {
    const { ZScriptFields } = await import('@/lib/scripts/schemas');
    for (const s of [...SYSTEM_LIBRARY, ...SCRIPT_TEMPLATES]) {
      const { id: _id, ...rest } = s;
      expect(ZScriptFields.safeParse(rest).success, s.name).toBe(true);
    }
    expect(new Set(SYSTEM_LIBRARY.map((s) => s.id)).size).toBe(SYSTEM_LIBRARY.length);
    for (const os of ['windows', 'macos', 'linux']) expect(SYSTEM_LIBRARY.some((s) => s.osTypes.includes(os as never))).toBe(true);
  });

  it('lists and filters the system library and clones a script into a library', async () => {
    const all = await api.get('/scripts/system-library', { token: orgUserA1 });
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBe(SYSTEM_LIBRARY.length);
    const win = await api.get('/scripts/system-library', { token: adminA, query: { osType: 'windows' } });
    expect(win.body.data.every((s: { osTypes: string[] }) => s.osTypes.includes('windows'))).toBe(true);
    const src = SYSTEM_LIBRARY.find((s) => s.name === 'Restart a service (Linux)')!;
    const res = await api.post(`/scripts/import/${src.id}`, { token: adminA, body: { orgId: orgA1.id } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ name: src.name, content: src.content, origin: { systemScriptId: src.id }, category: src.category, orgId: orgA1.id });
    expect((await api.post(`/scripts/import/${src.id}`, { token: adminA, body: { orgId: orgA1.id } })).status).toBe(409);
    expect((await api.post(`/scripts/import/${src.id}`, { token: adminA, body: { orgId: orgA1.id, name: 'My restart' } })).status).toBe(201);
    expect((await api.post(`/scripts/import/00000000-0000-4000-8000-000000000000`, { token: adminA, body: { orgId: orgA1.id } })).status).toBe(404);
    expect((await api.post(`/scripts/import/${src.id}`, { token: techSelected, body: { availability: 'partner' } })).status).toBe(403);
  });

  it('templates and from-template', async () => {
    const list = await api.get('/script-library/templates', { token: adminA });
    expect(list.body.data.length).toBe(SCRIPT_TEMPLATES.length);
    const t = SCRIPT_TEMPLATES[0];
    const res = await api.post(`/script-library/from-template/${t.id}`, { token: adminA, body: { orgId: orgA1.id, name: 'Disk check', timeoutSeconds: 30 } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ name: 'Disk check', content: t.content, timeoutSeconds: 30, origin: { templateId: t.id }, exitCodeSeverityMapping: t.exitCodeSeverityMapping });
    expect((await api.post(`/script-library/from-template/${t.id}`, { token: adminA, body: { orgId: orgA1.id } })).status).toBe(400);
  });
});

describe('search', () => {
  it('GET /search finds scripts in scope only', async () => {
    const s = await create(adminA, { name: `Searchable zebra ${Date.now()}`, orgId: orgA2.id });
    const hits = await api.get('/search', { token: adminA, query: { q: 'searchable zebra', types: 'scripts' } });
    expect(hits.status, hits.text).toBe(200);
    expect(hits.body.searched).toEqual(['scripts']);
    expect(hits.body.results).toEqual([expect.objectContaining({ type: 'scripts', id: s.id, orgId: orgA2.id })]);
    expect((await api.get('/search', { token: techSelected, query: { q: 'searchable zebra', types: 'scripts' } })).body.results).toEqual([]);
    expect((await api.get('/search', { token: adminB, query: { q: 'searchable zebra', types: 'scripts' } })).body.results).toEqual([]);
  });
});
