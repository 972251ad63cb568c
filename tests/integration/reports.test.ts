// Reports through the API with the real worker tasks: definitions (validation of schedule and
// recipients, tenancy, permissions, audit), the data endpoints (paging, organization and site
// filters, period, scope), generation of each format read back with real parsers (pdf.js,
// exceljs, the CSV parser), retries with their reason, the scheduler creating one run per due
// time in the report's time zone, and the scheduled email arriving at a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makeSite, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, type EnrolledAgent } from '../helpers/agents';
import { makeJobsDue, pendingJobCount, runDueJobs } from '../helpers/jobs';
import { pdfText } from '../helpers/pdf';
import { setEnv, startS3Server } from '../helpers/s3';
import { fileUpload } from '../helpers/multipart';
import { badgePng } from '../../e2e/helpers/png';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { freePort } from '../../scripts/lib/postgres';
import { db } from '@/lib/db';
import { parseCsv } from '@/lib/csv';
import { enqueueDueReports } from '@/lib/reports/enqueue-due-reports';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { crontab } from '@/worker/task-list';

let admin: string;
let orgAdmin: string;
let orgReader: string;
let outsider: string;
let partnerId: string;
let partnerRef: Awaited<ReturnType<typeof makePartner>>;
let orgA: { id: string; partnerId: string };
let orgB: { id: string; partnerId: string };
let siteA: { id: string };
let outsiderOrg: { id: string };
let agentsA: EnrolledAgent[];
let agentB: EnrolledAgent;
let smtp: SmtpReceiver;
const tag = `r${Math.random().toString(36).slice(2, 7)}`;
const host = (n: string) => `${tag}-${n}`;

const weekly = (extra: Record<string, unknown> = {}) => ({
  name: `Weekly inventory ${Math.random().toString(36).slice(2, 6)}`,
  orgId: orgA.id,
  type: 'device_inventory',
  format: 'pdf',
  schedule: 'weekly',
  config: { schedule: { time: '07:30', day: 'monday' }, emailRecipients: ['ops@example.test'] },
  ...extra,
});

async function create(body: Record<string, unknown>, token = admin) {
  const res = await api.post('/reports', { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Generates a saved report now and runs the worker until the run is done. */
async function generated(reportId: string, body: Record<string, unknown> = {}) {
  const res = await api.post(`/reports/${reportId}/generate`, { token: admin, body });
  expect(res.status, res.text).toBe(202);
  expect(res.body).toMatchObject({ status: 'queued', trigger: 'manual', reportId, file: null });
  await runDueJobs();
  const run = await api.get(`/reports/runs/${res.body.id}`, { token: admin });
  expect(run.status, run.text).toBe(200);
  return run.body;
}

async function download(run: { id: string }, token = admin) {
  const res = await api.get(`/reports/runs/${run.id}/download`, { token });
  expect(res.status, res.text.slice(0, 200)).toBe(200);
  return res;
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  setEnv({ SMTP_URL: smtp.url });
  const partner = await makePartner({ settings: { timezone: 'America/New_York' } });
  partnerId = partner.id;
  partnerRef = partner;
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgA = await db.organization.update({ where: { id: (await makeOrg(partner.id, `${tag} Alpha`)).id }, data: { timezone: 'Asia/Tokyo' } });
  orgB = await makeOrg(partner.id, `${tag} Beta`);
  siteA = await makeSite(orgA);
  orgAdmin = await tokenFor(await makeOrgUser(partner, orgA), { mfa: true });
  orgReader = await tokenFor(await makeOrgUser(partner, orgA, { role: 'Organization User' }));
  const other = await makePartner();
  outsider = await tokenFor(await makePartnerUser(other), { mfa: true });
  outsiderOrg = await makeOrg(other.id);
  const keyA = await createKey(admin, { orgId: orgA.id, siteId: siteA.id });
  const keyB = await createKey(admin, { orgId: orgB.id });
  agentsA = [];
  for (const n of ['alpha-1', 'alpha-2', 'alpha-3']) agentsA.push(await enroll(keyA.key, { hostname: host(n) }));
  agentB = await enroll(keyB.key, { hostname: host('beta-1'), osType: 'windows', osVersion: 'Windows 11' });
  const otherKey = await createKey(outsider, { orgId: outsiderOrg.id });
  await enroll(otherKey.key, { hostname: host('foreign') });
  // Metrics arrive through heartbeats, the real ingestion path.
  for (const [i, a] of agentsA.entries()) {
    expect((await heartbeat(a, { metrics: { cpuPercent: 20 + i * 10, memoryPercent: 50, diskPercent: 60 } })).status).toBe(200);
  }
  const inventory = await api.put(`/agents/${agentsA[0].agentId}/inventory`, {
    token: agentsA[0].authToken,
    body: { hardware: {}, os: {}, disks: [], network: [], software: [{ name: `${tag}-nginx`, version: '1.24.0', publisher: 'Debian', source: 'dpkg' }] },
  });
  expect(inventory.status, inventory.text).toBeLessThan(300);
  const now = Date.now();
  await db.alert.createMany({
    data: [
      { partnerId, orgId: orgA.id, siteId: siteA.id, deviceId: agentsA[0].deviceId, status: 'resolved', severity: 'critical', title: 'Disk full', message: 'x', source: 'rule', triggeredAt: new Date(now - 3 * 3600_000), resolvedAt: new Date(now - 2 * 3600_000) },
      { partnerId, orgId: orgA.id, siteId: siteA.id, deviceId: agentsA[1].deviceId, status: 'active', severity: 'high', title: 'CPU', message: 'x', source: 'rule', triggeredAt: new Date(now - 3600_000) },
      { partnerId, orgId: orgB.id, deviceId: agentB.deviceId, status: 'active', severity: 'low', title: 'Old', message: 'x', source: 'rule', triggeredAt: new Date(now - 90 * 86_400_000) },
    ],
  });
  const ticket = await api.post('/tickets', { token: admin, body: { orgId: orgA.id, subject: `${tag} printer`, priority: 'p2' } });
  expect(ticket.status, ticket.text).toBe(201);
  await db.ticket.update({ where: { id: ticket.body.id }, data: { createdAt: new Date(now - 5 * 3600_000), firstResponseAt: new Date(now - 5 * 3600_000 + 30 * 60_000), resolvedAt: new Date(now - 3600_000) } });
});

afterAll(async () => {
  setEnv({ SMTP_URL: undefined, S3_BUCKET: undefined, S3_ENDPOINT: undefined });
  await smtp.stop();
});

describe('report definitions', () => {
  it('creates a weekly report due at the local time of the organization’s zone, and reads, edits and deletes it', async () => {
    const report = await create(weekly());
    expect(report).toMatchObject({ orgId: orgA.id, type: 'device_inventory', format: 'pdf', schedule: 'weekly', timezone: 'Asia/Tokyo', config: { schedule: { time: '07:30', day: 'monday' }, emailRecipients: ['ops@example.test'] } });
    // Monday 07:30 in Tokyo is Sunday 22:30 UTC.
    const next = new Date(report.nextRunAt);
    expect(next.getUTCDay()).toBe(0);
    expect(next.toISOString().slice(11, 16)).toBe('22:30');
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    const list = await api.get('/reports', { token: admin, query: { scheduled: 'true', type: 'device_inventory' } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { id: string }) => r.id)).toContain(report.id);
    expect((await api.get(`/reports/${report.id}`, { token: orgReader })).body.id).toBe(report.id);

    const edited = await api.put(`/reports/${report.id}`, { token: admin, body: { schedule: 'monthly', config: { schedule: { time: '06:00', date: 31, timezone: 'UTC' }, emailRecipients: ['a@example.test', 'b@example.test'] }, format: 'excel' } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ schedule: 'monthly', format: 'excel', timezone: 'UTC', config: { emailRecipients: ['a@example.test', 'b@example.test'] } });
    expect(edited.body.nextRunAt.slice(11, 16)).toBe('06:00');
    const stored = await db.report.findUniqueOrThrow({ where: { id: report.id } });
    expect(stored.config).toMatchObject({ emailRecipients: ['a@example.test', 'b@example.test'], schedule: { date: 31 } });

    const audits = await db.auditLog.findMany({ where: { targetId: report.id }, select: { action: true } });
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['report.create', 'report.update']));

    expect((await api.delete(`/reports/${report.id}`, { token: admin })).status).toBe(204);
    expect((await api.get(`/reports/${report.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses 51 recipients, a bad schedule and a weekly report without a day with a 400 naming the field, and stores nothing', async () => {
    const before = await db.report.count();
    const many = Array.from({ length: 51 }, (_, i) => `user${i}@example.test`);
    const tooMany = await api.post('/reports', { token: admin, body: weekly({ config: { schedule: { time: '07:30', day: 'monday' }, emailRecipients: many } }) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(tooMany.body.error.details)).toContain('config.emailRecipients');

    const fifty = await api.post('/reports', { token: admin, body: weekly({ config: { schedule: { time: '07:30', day: 'monday' }, emailRecipients: many.slice(0, 50) } }) });
    expect(fifty.status, fifty.text).toBe(201);
    expect(fifty.body.config.emailRecipients).toHaveLength(50);

    const badEmail = await api.post('/reports', { token: admin, body: weekly({ config: { schedule: { time: '07:30', day: 'monday' }, emailRecipients: ['not-an-address'] } }) });
    expect(badEmail.status).toBe(400);
    expect(JSON.stringify(badEmail.body.error.details)).toContain('config.emailRecipients.0');

    const hourly = await api.post('/reports', { token: admin, body: weekly({ schedule: 'hourly' }) });
    expect(hourly.status).toBe(400);
    expect(hourly.body.error.details.map((d: { path: string }) => d.path)).toContain('body.schedule');

    const noDay = await api.post('/reports', { token: admin, body: weekly({ config: { schedule: { time: '07:30' }, emailRecipients: [] } }) });
    expect(noDay.status).toBe(400);
    expect(noDay.body.error.details.map((d: { path: string }) => d.path)).toContain('body.config.schedule.day');

    const badTime = await api.post('/reports', { token: admin, body: weekly({ config: { schedule: { time: '25:00', day: 'monday' }, emailRecipients: [] } }) });
    expect(badTime.status).toBe(400);
    expect(badTime.body.error.details.map((d: { path: string }) => d.path)).toContain('body.config.schedule.time');

    const noDate = await api.put(`/reports/${fifty.body.id}`, { token: admin, body: { schedule: 'monthly' } });
    expect(noDate.status).toBe(400);
    expect(JSON.stringify(noDate.body.error.details)).toContain('config.schedule.date');
    expect((await db.report.findUniqueOrThrow({ where: { id: fifty.body.id } })).schedule).toBe('weekly');

    const foreignFilter = await api.post('/reports', { token: admin, body: weekly({ filters: { orgIds: [outsiderOrg.id] } }) });
    expect(foreignFilter.status).toBe(400);
    expect(foreignFilter.body.error.code).toBe('FILTER_NOT_IN_SCOPE');
    expect(await db.report.count()).toBe(before + 1);
  });

  it('keeps reports of other partners out of reach (404, unchanged) and read-only roles out of writes', async () => {
    const report = await create(weekly());
    expect((await api.get(`/reports/${report.id}`, { token: outsider })).status).toBe(404);
    expect((await api.put(`/reports/${report.id}`, { token: outsider, body: { name: 'taken' } })).status).toBe(404);
    expect((await api.post(`/reports/${report.id}/generate`, { token: outsider, body: {} })).status).toBe(404);
    expect((await api.delete(`/reports/${report.id}`, { token: outsider })).status).toBe(404);
    expect((await db.report.findUniqueOrThrow({ where: { id: report.id } })).name).toBe(report.name);
    expect((await api.get('/reports', { token: outsider })).body.data.map((r: { id: string }) => r.id)).not.toContain(report.id);

    expect((await api.put(`/reports/${report.id}`, { token: orgReader, body: { name: 'x' } })).status).toBe(403);
    // An organization's admin manages its own organization's reports, not partner-wide ones.
    const own = await create({ ...weekly(), orgId: undefined }, orgAdmin);
    expect(own.orgId).toBe(orgA.id);
    const partnerWide = await create({ ...weekly(), orgId: null });
    expect(partnerWide.orgId).toBeNull();
    expect((await api.get(`/reports/${partnerWide.id}`, { token: orgAdmin })).status).toBe(404);
    // A partner-wide report holds every organization's data: not for a technician who sees some.
    const selected = await tokenFor(await makePartnerUser(partnerRef, { role: 'Technician', orgAccess: 'selected', orgIds: [orgA.id] }), { mfa: true });
    expect((await api.get(`/reports/${partnerWide.id}`, { token: selected })).status).toBe(404);
    expect((await api.post(`/reports/${partnerWide.id}/generate`, { token: selected, body: {} })).status).toBe(404);
    expect((await api.get(`/reports/${own.id}`, { token: selected })).status).toBe(200);
    const partnerRun = await api.post(`/reports/${partnerWide.id}/generate`, { token: admin, body: { email: false } });
    expect(partnerRun.status).toBe(202);
    expect((await api.get(`/reports/runs/${partnerRun.body.id}`, { token: selected })).status).toBe(404);
    expect((await api.get('/reports/runs', { token: selected })).body.data.map((r: { id: string }) => r.id)).not.toContain(partnerRun.body.id);
  });
});

describe('report data endpoints', () => {
  it('pages device inventory under the caller’s scope with organization and site filters', async () => {
    const first = await api.get('/reports/data/device-inventory', { token: admin, query: { limit: 2 } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 4 });
    expect(first.body.data).toHaveLength(2);
    expect(first.body.columns.map((c: { key: string }) => c.key)).toContain('hostname');
    const second = await api.get('/reports/data/device-inventory', { token: admin, query: { limit: 2, page: 2 } });
    const all = [...first.body.data, ...second.body.data].map((r: { hostname: string }) => r.hostname);
    expect(all.sort()).toEqual([host('alpha-1'), host('alpha-2'), host('alpha-3'), host('beta-1')].sort());
    expect(first.body.summary).toContainEqual({ label: 'Devices', value: '4' });

    const bySite = await api.get('/reports/data/device-inventory', { token: admin, query: { siteId: siteA.id } });
    expect(bySite.body.pagination.total).toBe(3);
    const byOrg = await api.get('/reports/data/device-inventory', { token: admin, query: { orgId: orgB.id } });
    expect(byOrg.body.data.map((r: { hostname: string }) => r.hostname)).toEqual([host('beta-1')]);

    const orgScoped = await api.get('/reports/data/device-inventory', { token: orgReader });
    expect(orgScoped.body.pagination.total).toBe(3);
    const foreign = await api.get('/reports/data/device-inventory', { token: outsider });
    expect(foreign.body.data.map((r: { hostname: string }) => r.hostname)).toEqual([host('foreign')]);
    expect((await api.get('/reports/data/device-inventory', { token: outsider, query: { orgId: orgA.id } })).status).toBe(404);
    expect((await api.get('/reports/data/device-inventory', { token: orgReader, query: { orgId: orgB.id } })).status).toBe(404);
    expect((await api.get('/reports/data/device-inventory', { token: outsider, query: { siteId: siteA.id } })).status).toBe(404);
    const bad = await api.get('/reports/data/device-inventory', { token: admin, query: { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' } });
    expect(bad.status).toBe(400);
  });

  it('answers software inventory, alerts summary, compliance, metrics, tickets and executive figures', async () => {
    const software = await api.get('/reports/data/software-inventory', { token: admin });
    expect(software.status, software.text).toBe(200);
    expect(software.body.data).toContainEqual({ name: `${tag}-nginx`, version: '1.24.0', publisher: 'Debian', devices: 1 });

    const alerts = await api.get('/reports/data/alerts-summary', { token: admin });
    expect(alerts.status, alerts.text).toBe(200);
    // The 90-day-old alert is outside the default 30-day period.
    expect(alerts.body.data).toEqual([expect.objectContaining({ orgId: orgA.id, total: 2, critical: 1, high: 1, open: 1, resolved: 1, mttrMinutes: 60 })]);
    const longer = await api.get('/reports/data/alerts-summary', { token: admin, query: { from: new Date(Date.now() - 100 * 86_400_000).toISOString() } });
    expect(longer.body.pagination.total).toBe(2);
    expect((await api.get('/reports/data/alerts-summary', { token: outsider })).body.data).toEqual([]);

    const compliance = await api.get('/reports/data/compliance', { token: admin, query: { orgId: orgA.id } });
    expect(compliance.status, compliance.text).toBe(200);
    expect(compliance.body.data).toHaveLength(3);
    expect(compliance.body.data[0]).toMatchObject({ upToDate: 'yes', missingPatches: 0 });

    const metrics = await api.get('/reports/data/metrics', { token: admin, query: { siteId: siteA.id } });
    expect(metrics.status, metrics.text).toBe(200);
    const third = metrics.body.data.find((r: { hostname: string }) => r.hostname === host('alpha-3'));
    expect(third).toMatchObject({ cpuAvg: 40, memoryAvg: 50, diskAvg: 60, samples: 1 });
    expect(third.availabilityPercent).toBeGreaterThan(0);

    const tickets = await api.get('/reports/data/tickets-sla', { token: admin });
    expect(tickets.status, tickets.text).toBe(200);
    expect(tickets.body.data).toEqual([expect.objectContaining({ subject: `${tag} printer`, priority: 'p2', firstResponseMinutes: 30, resolutionMinutes: 240 })]);

    const executive = await api.get('/reports/data/executive-summary', { token: admin });
    expect(executive.status, executive.text).toBe(200);
    expect(executive.body.data.find((r: { orgId: string }) => r.orgId === orgA.id)).toMatchObject({ devices: 3, alerts: 2, criticalAlerts: 1, ticketsOpened: 1, ticketsResolved: 1 });
  });
});

describe('report generation', () => {
  it('renders a PDF that parses and lists the device hostnames, downloadable by run id', async () => {
    const report = await create(weekly({ config: { schedule: { time: '07:30', day: 'monday' }, emailRecipients: [] } }));
    const run = await generated(report.id);
    expect(run).toMatchObject({ status: 'succeeded', attempts: 1, error: null, file: { contentType: 'application/pdf', rows: 3, downloadUrl: `/api/v1/reports/runs/${run.id}/download` } });
    const res = await download(run);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.pdf"$/);
    const text = await pdfText(res.bytes);
    for (const n of ['alpha-1', 'alpha-2', 'alpha-3']) expect(text).toContain(host(n));
    expect(text).not.toContain(host('beta-1'));
    expect(text).toContain('Devices by operating system');
    expect((await api.get(`/reports/runs/${run.id}/download`, { token: outsider })).status).toBe(404);
    expect((await api.get(`/reports/runs/${run.id}`, { token: outsider })).status).toBe(404);
    const runs = await api.get('/reports/runs', { token: admin, query: { reportId: report.id } });
    expect(runs.body.data.map((r: { id: string }) => r.id)).toEqual([run.id]);
  });

  it('renders an xlsx workbook exceljs reads back, with a styled header row', async () => {
    const report = await create(weekly({ type: 'metrics', format: 'excel', config: { schedule: { time: '07:30', day: 'monday' }, emailRecipients: [] } }));
    const run = await generated(report.id);
    expect(run.status, run.error).toBe('succeeded');
    const res = await download(run);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(res.bytes) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Device');
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getColumn(1).width).toBeGreaterThan(8);
    const hostnames = sheet.getColumn(1).values.slice(2);
    expect(hostnames).toEqual(expect.arrayContaining([host('alpha-1'), host('alpha-2'), host('alpha-3')]));
    expect(book.getWorksheet('Summary')).toBeDefined();
  });

  it('renders CSV that parses, for an ad hoc run over one site', async () => {
    const res = await api.post('/reports/generate', { token: admin, body: { orgId: orgA.id, type: 'device_inventory', format: 'csv', filters: { siteIds: [siteA.id] } } });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({ trigger: 'ad_hoc', reportId: null, status: 'queued' });
    await runDueJobs();
    const file = await download(res.body);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parseCsv(file.text);
    expect(header).toEqual(['hostname', 'organization', 'site', 'osType', 'osVersion', 'agentVersion', 'status', 'lastSeenAt']);
    expect(rows.map((r) => r[0]).sort()).toEqual([host('alpha-1'), host('alpha-2'), host('alpha-3')]);
    const outside = await api.post('/reports/generate', { token: outsider, body: { orgId: orgA.id, type: 'device_inventory', format: 'csv' } });
    expect(outside.status).toBe(404);
  });

  it('carries the partner’s branding: its name, colour and uploaded logo', async () => {
    const branded = await api.patch('/orgs/partners/me/portal-branding', { token: admin, body: { name: `${tag} Managed IT`, primaryColor: '#aa3311' } });
    expect(branded.status, branded.text).toBe(200);
    const form = fileUpload(badgePng('#aa3311', '#ffffff'), 'logo.png');
    const logo = await api.put('/orgs/partners/me/portal-branding/logo', { token: admin, rawBody: form.body, headers: { 'content-type': form.contentType } });
    expect(logo.status, logo.text).toBe(200);
    const report = await create(weekly({ config: { schedule: { time: '07:30', day: 'monday' }, emailRecipients: [] } }));
    const run = await generated(report.id);
    expect(run.status, run.error).toBe('succeeded');
    const bytes = (await download(run)).bytes;
    expect(await pdfText(bytes)).toContain(`${tag} Managed IT`);
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('stores the file in the bucket when object storage is configured, and serves it from there', async () => {
    const s3 = await startS3Server();
    setEnv(s3.env);
    try {
      const report = await create(weekly({ format: 'csv', config: { schedule: { time: '07:30', day: 'monday' }, emailRecipients: [] } }));
      const run = await generated(report.id);
      expect(run.status, run.error).toBe('succeeded');
      const stored = await db.reportRun.findUniqueOrThrow({ where: { id: run.id }, include: { file: true } });
      expect(stored).toMatchObject({ storage: 's3', storageBucket: s3.bucket, file: null });
      const object = await s3.getObject(stored.storageKey!);
      const res = await download(run);
      expect(Buffer.from(res.bytes).equals(object!)).toBe(true);
      expect(parseCsv(res.text).slice(1).map((r) => r[0]).sort()).toEqual([host('alpha-1'), host('alpha-2'), host('alpha-3')]);
    } finally {
      setEnv(Object.fromEntries(Object.keys(s3.env).map((k) => [k, undefined])));
      await s3.stop();
    }
  });

  it('retries a failing run with backoff, shows the reason while queued, and fails it after the last attempt', async () => {
    const deadPort = await freePort();
    setEnv({ S3_BUCKET: 'reports', S3_ENDPOINT: `http://127.0.0.1:${deadPort}` });
    try {
      const report = await create(weekly({ config: { schedule: { time: '07:30', day: 'monday' }, emailRecipients: [] } }));
      const queued = await api.post(`/reports/${report.id}/generate`, { token: admin, body: {} });
      await runDueJobs();
      let run = (await api.get(`/reports/runs/${queued.body.id}`, { token: admin })).body;
      expect(run).toMatchObject({ status: 'queued', attempts: 1, file: null });
      expect(run.error).toContain('storage');
      for (let i = 0; i < 4; i++) {
        await makeJobsDue(['generate_report_run']);
        await runDueJobs();
      }
      run = (await api.get(`/reports/runs/${queued.body.id}`, { token: admin })).body;
      expect(run).toMatchObject({ status: 'failed', attempts: 5, maxAttempts: 5 });
      expect(run.error).toContain('storage');
      expect((await api.get(`/reports/runs/${run.id}/download`, { token: admin })).status).toBe(409);
      expect(await pendingJobCount('generate_report_run')).toBe(0);
    } finally {
      setEnv({ S3_BUCKET: undefined, S3_ENDPOINT: undefined });
    }
  });
});

describe('scheduled reports', () => {
  it('enqueues a due report once per due time in its time zone, even with two schedulers at once', async () => {
    // Only this report is scheduled, so the scheduler's counts are its own.
    await db.report.updateMany({ data: { schedule: null, nextRunAt: null } });
    const report = await create(weekly({ name: `${tag} scheduled`, config: { schedule: { time: '09:15', day: 'friday', timezone: 'Europe/Berlin' }, emailRecipients: ['ops@example.test', 'boss@example.test'] } }));
    const due = new Date(report.nextRunAt);
    expect(due.toLocaleString('en-GB', { timeZone: 'Europe/Berlin', weekday: 'long', hour: '2-digit', minute: '2-digit' })).toBe('Friday 09:15');
    const jobsBefore = await pendingJobCount('generate_report_run');

    expect(await enqueueDueReports(new Date(due.getTime() - 60_000))).toBe(0);
    const at = new Date(due.getTime() + 60_000);
    const created = await Promise.all([enqueueDueReports(at), enqueueDueReports(at)]);
    expect(created.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await enqueueDueReports(at)).toBe(0);
    const runs = await db.reportRun.findMany({ where: { reportId: report.id } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', dueAt: due, status: 'queued', emailRecipients: ['ops@example.test', 'boss@example.test'] });
    expect(await pendingJobCount('generate_report_run')).toBe(jobsBefore + 1);
    const next = (await db.report.findUniqueOrThrow({ where: { id: report.id } })).nextRunAt!;
    expect(next.getTime() - due.getTime()).toBe(7 * 86_400_000);

    // The scheduled run mails the PDF to every recipient.
    await runDueJobs();
    const mail = await smtp.waitFor((m) => m.subject?.startsWith(`${tag} scheduled`) ?? false);
    const to = (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((a) => a?.value.map((v) => v.address) ?? []);
    expect(to.sort()).toEqual(['boss@example.test', 'ops@example.test']);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(mail.attachments[0].filename).toMatch(/\.pdf$/);
    const text = await pdfText(mail.attachments[0].content);
    expect(text).toContain(host('alpha-1'));
    expect(mail.text).toContain('Devices: 3');
    const run = await db.reportRun.findFirstOrThrow({ where: { reportId: report.id } });
    expect(run.status).toBe('succeeded');
    expect(run.emailedAt).not.toBeNull();
  });

  it('holds the schedule of a suspended partner until it is active again', async () => {
    await db.report.updateMany({ data: { schedule: null, nextRunAt: null } });
    const report = await create(weekly({ name: `${tag} held`, config: { schedule: { time: '06:00', day: 'sunday' }, emailRecipients: [] } }));
    const after = new Date(new Date(report.nextRunAt).getTime() + 60_000);
    await db.partner.update({ where: { id: partnerId }, data: { status: 'suspended' } });
    try {
      expect(await enqueueDueReports(after)).toBe(0);
    } finally {
      await db.partner.update({ where: { id: partnerId }, data: { status: 'active' } });
    }
    expect(await enqueueDueReports(after)).toBe(1);
    expect(await db.reportRun.count({ where: { reportId: report.id, trigger: 'schedule', dueAt: new Date(report.nextRunAt) } })).toBe(1);
  });

  it('runs from the worker’s per-minute cron task through generation', async () => {
    expect(crontab).toMatch(/^\* \* \* \* \* enqueue_due_reports$/m);
    await db.report.updateMany({ data: { schedule: null, nextRunAt: null } });
    const report = await create(weekly({ name: `${tag} cron`, format: 'csv', config: { schedule: { time: '05:00', day: 'monday' }, emailRecipients: [] } }));
    // Its due time has come (moved into the past, as time passing would).
    const due = new Date(Date.now() - 60_000);
    await db.report.update({ where: { id: report.id }, data: { nextRunAt: due } });
    await enqueueJob(db, 'enqueue_due_reports', {});
    await runDueJobs();
    const runs = await db.reportRun.findMany({ where: { reportId: report.id } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', dueAt: due, status: 'succeeded', attempts: 1 });
    expect((await db.report.findUniqueOrThrow({ where: { id: report.id } })).nextRunAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('mails CSV for an excel report', async () => {
    const report = await create(weekly({ name: `${tag} excel mail`, format: 'excel', config: { schedule: { time: '07:30', day: 'monday' }, emailRecipients: ['sheets@example.test'] } }));
    await generated(report.id);
    const mail = await smtp.waitFor((m) => m.subject?.startsWith(`${tag} excel mail`) ?? false);
    expect(mail.attachments[0].contentType).toBe('text/csv');
    expect(mail.attachments[0].filename).toMatch(/\.csv$/);
    const rows = parseCsv(mail.attachments[0].content.toString('utf8'));
    expect(rows[0][0]).toBe('hostname');
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual([host('alpha-1'), host('alpha-2'), host('alpha-3')]);
  });
});
