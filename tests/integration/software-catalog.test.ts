// Software catalog: partner and system packages, search, edit, delete, versions and installer
// uploads (inline and in a real S3-compatible bucket) with their SHA-256; permissions and tenancy.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { setEnv, startS3Server, type S3TestServer } from '../helpers/s3';
import { createKey, enroll } from '../helpers/agents';
import { db } from '@/lib/db';

let admin: string;
let technician: string;
let orgUser: string;
let otherAdmin: string;
let otherPartnerId: string;
let partnerId: string;
let system: string;
let s3: S3TestServer;
const tag = `t${randomBytes(3).toString('hex')}`;

const create = (token: string, body: Record<string, unknown>) => api.post('/software/catalog', { token, body });
const uploadInstaller = (token: string, id: string, versionId: string, data: Buffer, query: Record<string, string> = {}) =>
  api.post(`/software/catalog/${id}/versions/${versionId}/installer`, { token, rawBody: new Uint8Array(data), headers: { 'content-type': 'application/octet-stream' }, query: { fileName: 'setup.exe', ...query } });

beforeAll(async () => {
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  technician = await tokenFor(await makePartnerUser(partner, { role: 'Technician' }));
  orgUser = await tokenFor(await makeOrgUser(partner, await makeOrg(partner.id)));
  partnerId = partner.id;
  const other = await makePartner();
  otherPartnerId = other.id;
  otherAdmin = await tokenFor(await makePartnerUser(other), { mfa: true });
  system = await tokenFor(await makePlatformAdmin(), { mfa: true });
  s3 = await startS3Server();
});

afterAll(async () => {
  setEnv(Object.fromEntries(Object.keys(s3.env).map((k) => [k, undefined])));
  await s3.stop();
});

describe('catalog packages', () => {
  it('creates package-manager and installer packages, validates the reference, refuses duplicate names', async () => {
    const nginx = await create(admin, { name: `${tag} Nginx`, vendor: 'F5', kind: 'package_manager', packageRef: 'apt:nginx', osTypes: ['linux'], category: 'Web' });
    expect(nginx.status, nginx.text).toBe(201);
    expect(nginx.body).toMatchObject({ scope: 'partner', kind: 'package_manager', packageRef: 'apt:nginx', osTypes: ['linux'], versionCount: 0, latestVersion: null });
    expect((await create(admin, { name: `${tag} NGINX`, kind: 'installer' })).body.error.code).toBe('PACKAGE_NAME_TAKEN');
    expect((await create(admin, { name: 'x', kind: 'package_manager' })).status).toBe(400);
    expect((await create(admin, { name: 'x', kind: 'package_manager', packageRef: 'apt:-rf' })).status).toBe(400);
    expect((await create(admin, { name: 'x', kind: 'package_manager', packageRef: 'pip:requests' })).status).toBe(400);
    expect((await create(admin, { name: 'x', kind: 'installer', packageRef: 'apt:x' })).status).toBe(400);
    const audit = await db.auditLog.findFirst({ where: { action: 'software.catalog.create', targetId: nginx.body.id } });
    expect(audit).not.toBeNull();
    // The same name is free in another partner's catalog.
    expect((await create(otherAdmin, { name: `${tag} Nginx`, kind: 'package_manager', packageRef: 'apt:nginx' })).status).toBe(201);
  });

  it('has system entries every partner reads and only system operators write', async () => {
    const sys = await create(system, { name: `${tag} System Curl`, kind: 'package_manager', packageRef: 'apt:curl' });
    expect(sys.status, sys.text).toBe(201);
    expect(sys.body).toMatchObject({ scope: 'system', partnerId: null });
    const seen = await api.get(`/software/catalog/${sys.body.id}`, { token: admin });
    expect(seen.status).toBe(200);
    const patch = await api.patch(`/software/catalog/${sys.body.id}`, { token: admin, body: { description: 'mine now' } });
    expect(patch.status).toBe(403);
    expect(patch.body.error.code).toBe('SYSTEM_CATALOG_READ_ONLY');
    expect((await api.delete(`/software/catalog/${sys.body.id}`, { token: admin })).status).toBe(403);
    expect((await api.post(`/software/catalog/${sys.body.id}/versions`, { token: admin, body: { version: 'latest' } })).status).toBe(403);
    expect((await api.patch(`/software/catalog/${sys.body.id}`, { token: system, body: { description: 'curated' } })).body.description).toBe('curated');
    const scoped = await api.get('/software/catalog', { token: admin, query: { search: tag, scope: 'system' } });
    expect(scoped.body.data.map((p: { name: string }) => p.name)).toEqual([`${tag} System Curl`]);
  });

  it('lists with filters, sort and pages; searches with prefix matches first', async () => {
    await create(admin, { name: `${tag} 7-Zip`, vendor: 'Igor Pavlov', kind: 'installer', osTypes: ['windows'] });
    const all = await api.get('/software/catalog', { token: admin, query: { search: tag } });
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.map((p: { name: string }) => p.name)).toEqual([`${tag} 7-Zip`, `${tag} Nginx`, `${tag} System Curl`]);
    expect(all.body.pagination).toEqual({ page: 1, limit: 50, total: 3 });
    const installers = await api.get('/software/catalog', { token: admin, query: { search: tag, kind: 'installer' } });
    expect(installers.body.data).toHaveLength(1);
    const forLinux = await api.get('/software/catalog', { token: admin, query: { search: tag, osType: 'linux' } });
    expect(forLinux.body.data.map((p: { name: string }) => p.name)).toEqual([`${tag} Nginx`, `${tag} System Curl`]);
    const page = await api.get('/software/catalog', { token: admin, query: { search: tag, sortDir: 'desc', limit: 1, page: 2 } });
    expect(page.body.data[0].name).toBe(`${tag} Nginx`);
    const byVendor = await api.get('/software/catalog', { token: admin, query: { search: 'pavlov' } });
    expect(byVendor.body.data.some((p: { name: string }) => p.name === `${tag} 7-Zip`)).toBe(true);
    await create(admin, { name: `x ${tag}-suffix`, kind: 'installer' });
    const found = await api.get('/software/catalog/search', { token: admin, query: { q: tag } });
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.at(-1).name).toBe(`x ${tag}-suffix`);
    expect((await api.get('/software/catalog/search', { token: admin, query: { q: 'apt:nginx' } })).body.data.length).toBeGreaterThan(0);
    expect((await api.get('/software/catalog/search', { token: admin })).status).toBe(400);
  });

  it('edits and deletes a partner package; another partner gets 404 and changes nothing', async () => {
    const pkg = (await create(admin, { name: `${tag} Temp`, kind: 'package_manager', packageRef: 'dnf:httpd' })).body;
    expect((await api.get(`/software/catalog/${pkg.id}`, { token: otherAdmin })).status).toBe(404);
    expect((await api.patch(`/software/catalog/${pkg.id}`, { token: otherAdmin, body: { name: 'hijacked' } })).status).toBe(404);
    expect((await api.delete(`/software/catalog/${pkg.id}`, { token: otherAdmin })).status).toBe(404);
    expect((await api.post(`/software/catalog/${pkg.id}/versions`, { token: otherAdmin, body: { version: '1' } })).status).toBe(404);
    expect((await api.get(`/software/catalog/${pkg.id}/versions`, { token: otherAdmin })).status).toBe(404);
    expect((await db.softwarePackage.findUniqueOrThrow({ where: { id: pkg.id } })).name).toBe(`${tag} Temp`);

    const edited = await api.patch(`/software/catalog/${pkg.id}`, { token: admin, body: { name: `${tag} Apache`, packageRef: 'dnf:httpd-core', osTypes: ['linux'] } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ name: `${tag} Apache`, packageRef: 'dnf:httpd-core', versions: [] });
    expect((await api.patch(`/software/catalog/${pkg.id}`, { token: admin, body: {} })).status).toBe(400);
    expect((await api.patch(`/software/catalog/${pkg.id}`, { token: admin, body: { name: `${tag} Nginx` } })).body.error.code).toBe('PACKAGE_NAME_TAKEN');
    expect((await api.delete(`/software/catalog/${pkg.id}`, { token: admin })).status).toBe(204);
    expect((await api.get(`/software/catalog/${pkg.id}`, { token: admin })).status).toBe(404);
    // The name is free again.
    expect((await create(admin, { name: `${tag} Apache`, kind: 'installer' })).status).toBe(201);
  });

  it('needs software:read to read and software:manage (partner or system scope) to write', async () => {
    expect((await api.get('/software/catalog', { token: technician })).status).toBe(200);
    expect((await create(technician, { name: `${tag} nope`, kind: 'installer' })).status).toBe(403);
    expect((await api.get('/software/catalog', { token: orgUser })).status).toBe(403);
  });
});

describe('catalog versions and installers', () => {
  it('adds package-manager versions (pinned or latest) and refuses installer-only fields', async () => {
    const pkg = (await create(admin, { name: `${tag} Redis`, kind: 'package_manager', packageRef: 'apt:redis-server' })).body;
    const latest = await api.post(`/software/catalog/${pkg.id}/versions`, { token: admin, body: { version: 'latest', releaseNotes: 'Whatever the mirror has' } });
    expect(latest.status, latest.text).toBe(201);
    expect(latest.body).toMatchObject({ version: 'latest', releaseNotes: 'Whatever the mirror has', installer: null });
    expect((await api.post(`/software/catalog/${pkg.id}/versions`, { token: admin, body: { version: '5:7.0.15-1' } })).status).toBe(201);
    expect((await api.post(`/software/catalog/${pkg.id}/versions`, { token: admin, body: { version: 'latest' } })).body.error.code).toBe('VERSION_EXISTS');
    expect((await api.post(`/software/catalog/${pkg.id}/versions`, { token: admin, body: { version: '1.0; rm -rf /' } })).status).toBe(400);
    expect((await api.post(`/software/catalog/${pkg.id}/versions`, { token: admin, body: { version: '2', silentInstallArgs: '/S' } })).status).toBe(400);
    const versions = await api.get(`/software/catalog/${pkg.id}/versions`, { token: admin });
    expect(versions.body.data.map((v: { version: string }) => v.version)).toEqual(['5:7.0.15-1', 'latest']);
    const detail = await api.get(`/software/catalog/${pkg.id}`, { token: technician });
    expect(detail.body).toMatchObject({ versionCount: 2, latestVersion: '5:7.0.15-1' });
    expect((await api.post(`/software/catalog/${pkg.id}/versions/${latest.body.id}/installer`, { token: admin, rawBody: 'x', query: { fileName: 'a' } })).body.error.code).toBe('NOT_AN_INSTALLER_PACKAGE');
  });

  it('stores an uploaded installer inline with its SHA-256, once, and serves it back', async () => {
    const pkg = (await create(admin, { name: `${tag} Tool`, kind: 'installer', osTypes: ['windows'] })).body;
    expect((await api.post(`/software/catalog/${pkg.id}/versions`, { token: admin, body: { version: 'latest' } })).status).toBe(400);
    const v = (await api.post(`/software/catalog/${pkg.id}/versions`, { token: admin, body: { version: '2.1.0', silentInstallArgs: '/S /D=C:\\Tool', releaseNotes: 'Fixes' } })).body;
    expect(v.installer).toBeNull();
    const bytes = randomBytes(70_000);
    const sha = createHash('sha256').update(bytes).digest('hex');
    const wrong = await uploadInstaller(admin, pkg.id, v.id, bytes, { sha256: 'a'.repeat(64) });
    expect(wrong.body.error.code).toBe('CHECKSUM_MISMATCH');
    const up = await uploadInstaller(admin, pkg.id, v.id, bytes, { sha256: sha.toUpperCase() });
    expect(up.status, up.text).toBe(201);
    expect(up.body.installer).toMatchObject({ fileName: 'setup.exe', sizeBytes: 70_000, sha256: sha });
    expect((await uploadInstaller(admin, pkg.id, v.id, bytes)).body.error.code).toBe('INSTALLER_ALREADY_UPLOADED');
    expect((await db.softwarePackageVersion.findUniqueOrThrow({ where: { id: v.id } })).installerStorage).toBe('database');
    const down = await api.get(`/software/catalog/${pkg.id}/versions/${v.id}/installer`, { token: technician });
    expect(down.status).toBe(200);
    expect(down.headers.get('x-checksum-sha256')).toBe(sha);
    expect(createHash('sha256').update(Buffer.from(down.bytes)).digest('hex')).toBe(sha);
    expect((await api.get(`/software/catalog/${pkg.id}/versions/${v.id}/installer`, { token: otherAdmin })).status).toBe(404);
    expect((await uploadInstaller(otherAdmin, pkg.id, v.id, bytes)).status).toBe(404);
    expect((await uploadInstaller(technician, pkg.id, v.id, bytes)).status).toBe(403);
    const empty = (await api.post(`/software/catalog/${pkg.id}/versions`, { token: admin, body: { version: '2.2.0' } })).body;
    expect((await uploadInstaller(admin, pkg.id, empty.id, Buffer.alloc(0))).body.error.code).toBe('EMPTY_INSTALLER');
    expect((await api.get(`/software/catalog/${pkg.id}/versions/${empty.id}/installer`, { token: admin })).status).toBe(404);
  });

  it('serves an installer to an agent of the partner, and of no other partner', async () => {
    const pkg = (await create(admin, { name: `${tag} For Agents`, kind: 'installer' })).body;
    const v = (await api.post(`/software/catalog/${pkg.id}/versions`, { token: admin, body: { version: '1.0.0' } })).body;
    const bytes = randomBytes(1000);
    expect((await uploadInstaller(admin, pkg.id, v.id, bytes)).status).toBe(201);
    const mine = await enroll((await createKey(admin, { orgId: (await makeOrg(partnerId)).id })).key);
    const res = await api.get(`/agents/${mine.agentId}/software/installers/${v.id}`, { token: mine.authToken });
    expect(res.status, res.text).toBe(200);
    expect(Buffer.from(res.bytes)).toEqual(bytes);
    expect(res.headers.get('x-checksum-sha256')).toBe(createHash('sha256').update(bytes).digest('hex'));
    const theirs = await enroll((await createKey(otherAdmin, { orgId: (await makeOrg(otherPartnerId)).id })).key);
    expect((await api.get(`/agents/${theirs.agentId}/software/installers/${v.id}`, { token: theirs.authToken })).status).toBe(404);
    expect((await api.get(`/agents/${mine.agentId}/software/installers/${v.id}`, { token: theirs.authToken })).status).toBeGreaterThanOrEqual(403);
  });

  it('puts the installer in the bucket when S3 is configured', async () => {
    setEnv(s3.env);
    try {
      const pkg = (await create(admin, { name: `${tag} Bucketed`, kind: 'installer' })).body;
      const v = (await api.post(`/software/catalog/${pkg.id}/versions`, { token: admin, body: { version: '1.0.0' } })).body;
      const bytes = randomBytes(4096);
      const up = await uploadInstaller(admin, pkg.id, v.id, bytes);
      expect(up.status, up.text).toBe(201);
      const row = await db.softwarePackageVersion.findUniqueOrThrow({ where: { id: v.id } });
      expect(row).toMatchObject({ installerStorage: 's3', installerBucket: s3.bucket, installerKey: `software-installers/${v.id}` });
      expect(await s3.getObject(`software-installers/${v.id}`)).toEqual(bytes);
      const down = await api.get(`/software/catalog/${pkg.id}/versions/${v.id}/installer`, { token: admin });
      expect(Buffer.from(down.bytes)).toEqual(bytes);
    } finally {
      setEnv(Object.fromEntries(Object.keys(s3.env).map((k) => [k, undefined])));
    }
  });
});
