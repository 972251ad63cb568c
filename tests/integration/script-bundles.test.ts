// Script bundles (doc 3): export, preview, import with every status and mode, limits, stripping
// of system and tenancy flags, the SHA-256 in the audit, MFA and partner-library access.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { db } from '@/lib/db';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let admin: string; // MFA
let adminNoMfa: string;
let tech: string; // restricted to orgA1, MFA
let adminB: string;
let orgA1: { id: string };
let orgA2: { id: string };
let orgB: { id: string };

const TRICKY = '#!/usr/bin/env bash\r\n\techo "héllo – 😀"  \n\n# trailing spaces and CRLF stay   \r\n';

beforeAll(async () => {
  partnerA = await makePartner();
  partnerB = await makePartner();
  orgA1 = await makeOrg(partnerA.id);
  orgA2 = await makeOrg(partnerA.id);
  orgB = await makeOrg(partnerB.id);
  const adminUser = await makePartnerUser(partnerA);
  admin = await tokenFor(adminUser, { mfa: true });
  adminNoMfa = await tokenFor(adminUser);
  tech = await tokenFor(await makePartnerUser(partnerA, { role: 'Technician', orgAccess: 'selected', orgIds: [orgA1.id] }), { mfa: true });
  adminB = await tokenFor(await makePartnerUser(partnerB), { mfa: true });
});

const entry = (extra: Record<string, unknown> = {}) => ({ name: `Bundle ${Math.random().toString(36).slice(2, 8)}`, osTypes: ['linux'], language: 'bash', content: 'echo bundled\n', ...extra });

async function makeScript(token: string, orgId: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/scripts', { token, body: { ...entry(extra), orgId } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('export', () => {
  it('exports the doc 3 entry fields in the order asked; content round-trips byte for byte', async () => {
    const a = await makeScript(admin, orgA1.id, { content: TRICKY, category: 'Ops', tags: ['x', 'y'], parameters: [{ name: 'P', required: true }], exitCodeSeverityMapping: { '1': 'low' }, description: 'd', runAs: 'elevated', timeoutSeconds: 42 });
    const b = await makeScript(admin, orgA2.id);
    const res = await api.get('/scripts/bundle/export', { token: admin, query: { ids: `${b.id},${a.id}` } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.bundleVersion).toBe(1);
    expect(res.body.scripts.map((s: { name: string }) => s.name)).toEqual([b.name, a.name]);
    expect(res.body.scripts[1]).toEqual({
      name: a.name,
      osTypes: ['linux'],
      language: 'bash',
      content: TRICKY,
      runAs: 'elevated',
      timeoutSeconds: 42,
      description: 'd',
      category: 'Ops',
      tags: ['x', 'y'],
      parameters: [{ name: 'P', required: true, type: 'string' }],
      exitCodeSeverityMapping: { '1': 'low' },
    });

    // Round trip into another organization: identical content bytes.
    const imported = await api.post('/scripts/bundle/import', { token: admin, body: { bundle: res.body, orgId: orgA1.id, mode: 'rename' } });
    expect(imported.status, imported.text).toBe(200);
    const copyOfA = [...imported.body.imported, ...imported.body.renamed].find((x: { index: number }) => x.index === 1);
    const stored = await db.script.findUniqueOrThrow({ where: { id: copyOfA.id } });
    expect(Buffer.from(stored.content)).toEqual(Buffer.from(TRICKY));
    expect(imported.body.bundleSha256).toBe(createHash('sha256').update(res.text).digest('hex'));
  });

  it('limits and scope: ≤ 200 ids, missing or foreign ids 404, MFA required', async () => {
    const a = await makeScript(admin, orgA1.id);
    const many = Array.from({ length: 201 }, () => a.id).join(',');
    expect((await api.get('/scripts/bundle/export', { token: admin, query: { ids: many } })).status).toBe(400);
    expect((await api.get('/scripts/bundle/export', { token: admin })).status).toBe(400);
    expect((await api.get('/scripts/bundle/export', { token: adminB, query: { ids: a.id } })).status).toBe(404);
    expect((await api.get('/scripts/bundle/export', { token: tech, query: { ids: (await makeScript(admin, orgA2.id)).id } })).status).toBe(404);
    const noMfa = await api.get('/scripts/bundle/export', { token: adminNoMfa, query: { ids: a.id } });
    expect(noMfa.status).toBe(403);
    expect(noMfa.body.error.code).toBe('MFA_REQUIRED');
  });
});

describe('preview', () => {
  it('new, name-conflict (existing or earlier entry) and invalid; writes nothing', async () => {
    const existing = await makeScript(admin, orgA1.id);
    const fresh = entry();
    const bundle = {
      bundleVersion: 1,
      scripts: [fresh, entry({ name: existing.name }), entry({ language: 'ruby' }), { ...fresh }, 'not an object', entry({ content: 'x'.repeat(256 * 1024 + 1) })],
    };
    const before = await db.script.count();
    const res = await api.post('/scripts/bundle/preview', { token: admin, body: { bundle, orgId: orgA1.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.entries.map((e: { status: string }) => e.status)).toEqual(['new', 'name-conflict', 'invalid', 'name-conflict', 'invalid', 'invalid']);
    expect(res.body.entries[2].error).toContain('language');
    expect(res.body.entries[5].error).toContain('256 KB');
    expect(await db.script.count()).toBe(before);
    // The same names in another organization are new.
    const other = await api.post('/scripts/bundle/preview', { token: admin, body: { bundle: { bundleVersion: 1, scripts: [entry({ name: existing.name })] }, orgId: orgA2.id } });
    expect(other.body.entries[0].status).toBe('new');
  });
});

describe('import', () => {
  it('skip, rename and new-version', async () => {
    const existing = await makeScript(admin, orgA1.id, { content: 'echo old\n' });
    const bundle = { bundleVersion: 1, scripts: [entry({ name: existing.name, content: 'echo new\n' })] };

    const skip = await api.post('/scripts/bundle/import', { token: admin, body: { bundle, orgId: orgA1.id } });
    expect(skip.status, skip.text).toBe(200);
    expect(skip.body).toMatchObject({ imported: [], renamed: [], versioned: [], errors: [], skipped: [{ index: 0, name: existing.name, existingId: existing.id }] });

    const r1 = await api.post('/scripts/bundle/import', { token: admin, body: { bundle, orgId: orgA1.id, mode: 'rename' } });
    expect(r1.body.renamed).toEqual([{ index: 0, id: expect.any(String), name: `${existing.name} (2)`, originalName: existing.name }]);
    const r2 = await api.post('/scripts/bundle/import', { token: admin, body: { bundle, orgId: orgA1.id, mode: 'rename' } });
    expect(r2.body.renamed[0].name).toBe(`${existing.name} (3)`);

    const nv = await api.post('/scripts/bundle/import', { token: admin, body: { bundle, orgId: orgA1.id, mode: 'new-version' } });
    expect(nv.body.versioned).toEqual([{ index: 0, id: existing.id, name: existing.name, version: 2 }]);
    const versions = (await api.get(`/script-library/scripts/${existing.id}/versions`, { token: admin })).body.data;
    expect(versions.map((v: { version: number; content: string }) => [v.version, v.content])).toEqual([[2, 'echo new\n'], [1, 'echo old\n']]);
  });

  it('bad entries go to errors while the rest import; system and tenancy flags are stripped; SHA-256 audited', async () => {
    const good = entry({ isSystem: true, system: true, partnerId: partnerB.id, orgId: orgB.id, id: '00000000-0000-4000-8000-000000000001', availability: 'partner', version: 99 });
    const bundle = { bundleVersion: 1, scripts: [good, entry({ osTypes: [] }), entry({ timeoutSeconds: 99999 }), entry({ exitCodeSeverityMapping: { '1': null } }), entry()] };
    const res = await api.post('/scripts/bundle/import', { token: admin, body: { bundle, orgId: orgA1.id, mode: 'skip' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.imported.map((x: { index: number }) => x.index)).toEqual([0, 4]);
    expect(res.body.errors.map((x: { index: number }) => x.index)).toEqual([1, 2, 3]);
    const row = await db.script.findUniqueOrThrow({ where: { id: res.body.imported[0].id } });
    expect(row).toMatchObject({ partnerId: partnerA.id, orgId: orgA1.id, version: 1 });
    expect(row.id).not.toBe('00000000-0000-4000-8000-000000000001');
    expect(await db.script.count({ where: { orgId: orgB.id } })).toBe(0);

    const sha = createHash('sha256').update(JSON.stringify(bundle)).digest('hex');
    expect(res.body.bundleSha256).toBe(sha);
    const audits = await db.auditLog.findMany({ where: { action: 'script.bundle_import', targetId: { in: res.body.imported.map((x: { id: string }) => x.id) } } });
    expect(audits).toHaveLength(2);
    for (const a of audits) expect((a.details as { bundleSha256: string }).bundleSha256).toBe(sha);
    expect((audits.find((a) => a.targetId === row.id)!.details as { strippedFields: string[] }).strippedFields).toEqual(expect.arrayContaining(['isSystem', 'partnerId', 'orgId', 'id', 'availability', 'version']));
    // Nothing was executed.
    expect(await db.scriptExecution.count({ where: { scriptId: row.id } })).toBe(0);
  });

  it('availability partner needs full partner access (403 for a restricted technician, who may import to its organization)', async () => {
    const bundle = { bundleVersion: 1, scripts: [entry()] };
    const denied = await api.post('/scripts/bundle/import', { token: tech, body: { bundle, availability: 'partner' } });
    expect(denied.status).toBe(403);
    expect((await api.post('/scripts/bundle/preview', { token: tech, body: { bundle, availability: 'partner' } })).status).toBe(403);
    const ok = await api.post('/scripts/bundle/import', { token: tech, body: { bundle, orgId: orgA1.id } });
    expect(ok.body.imported).toHaveLength(1);
    expect((await api.post('/scripts/bundle/import', { token: tech, body: { bundle, orgId: orgA2.id } })).status).toBe(404);
    const partnerWide = await api.post('/scripts/bundle/import', { token: admin, body: { bundle, availability: 'partner' } });
    expect(partnerWide.status).toBe(200);
    expect((await db.script.findUniqueOrThrow({ where: { id: partnerWide.body.imported[0].id } })).orgId).toBeNull();
    // Another partner's organization as target: 404, nothing written.
    const before = await db.script.count();
    expect((await api.post('/scripts/bundle/import', { token: admin, body: { bundle, orgId: orgB.id } })).status).toBe(404);
    expect(await db.script.count()).toBe(before);
  });

  it('limits: 200 entries, bundleVersion, 20 MB checked while streaming, MFA', async () => {
    const before = await db.script.count();
    const tooMany = { bundleVersion: 1, scripts: Array.from({ length: 201 }, () => entry()) };
    const r201 = await api.post('/scripts/bundle/import', { token: admin, body: { bundle: tooMany, orgId: orgA1.id } });
    expect(r201.status).toBe(400);
    expect(r201.body.error.code).toBe('BUNDLE_TOO_LARGE');
    expect((await api.post('/scripts/bundle/import', { token: admin, body: { bundle: { bundleVersion: 2, scripts: [] }, orgId: orgA1.id } })).status).toBe(400);
    expect((await api.post('/scripts/bundle/import', { token: admin, body: { bundle: { bundleVersion: 1, scripts: [] }, orgId: orgA1.id, mode: 'merge' } })).status).toBe(400);
    expect((await api.post('/scripts/bundle/import', { token: admin, rawBody: '{"bundle": ', headers: { 'content-type': 'application/json' } })).body.error.code).toBe('INVALID_JSON');

    // Declared length over the cap: refused before reading.
    const declared = await api.post('/scripts/bundle/import', { token: admin, rawBody: '{}', headers: { 'content-length': String(20 * 1024 * 1024 + 1) } });
    expect(declared.status).toBe(413);
    // Streamed without a length: refused as soon as the cap is passed, not after reading it all.
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 100) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await api.post('/scripts/bundle/import', { token: admin, rawBody: stream });
    expect(streamed.status).toBe(413);
    expect(streamed.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(pulled).toBeLessThan(30);

    const noMfa = await api.post('/scripts/bundle/import', { token: adminNoMfa, body: { bundle: { bundleVersion: 1, scripts: [entry()] }, orgId: orgA1.id } });
    expect(noMfa.status).toBe(403);
    expect(await db.script.count()).toBe(before);
  });

  it('a 15 MB bundle of 60 maximal entries is accepted', async () => {
    const content = 'x'.repeat(256 * 1024 - 16);
    const scripts = Array.from({ length: 60 }, (_, i) => entry({ name: `Big ${i} ${Date.now()}`, content }));
    const res = await api.post('/scripts/bundle/preview', { token: admin, body: { bundle: { bundleVersion: 1, scripts }, orgId: orgA1.id } });
    expect(res.status).toBe(200);
    expect(res.body.entries.every((e: { status: string }) => e.status === 'new')).toBe(true);
  });
});
