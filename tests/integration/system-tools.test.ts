// System tools beyond processes and services, end to end against the real bundled agent: its
// channel is held by a second hub (another web process) and every call is relayed through
// PostgreSQL, as between two web processes. Files are real files in a temporary directory;
// cron jobs are real crontab files under a temporary cron root (RMM_AGENT_CRON_ROOT) whose
// commands really run; event logs are the system journal where journald runs, a real journal
// file where the box can write one, and otherwise the agent's clear refusal. systemd timers
// are asserted for real where systemd runs, and as the agent's refusal where it does not.
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RequestOptions } from '../helpers/http';
import { startRealAgent, eventually, type RealAgent } from '../helpers/real-agent';
import { createKey, enroll } from '../helpers/agents';
import { writeJournalDirectory } from '../helpers/journald';
import { makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { AgentChannelHub, resetAgentChannelHub } from '@/lib/agent-channel/hub';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';

let agent: RealAgent;
const remoteHub = new AgentChannelHub({ leaseSeconds: 30, pingSeconds: 5 });
const work = mkdtempSync(path.join(os.tmpdir(), 'rmm-tools-'));
const cronRoot = path.join(work, 'cron-root');
const files = path.join(work, 'files');
const me = os.userInfo().username;
const systemd = existsSync('/run/systemd/system');
const journald = existsSync('/run/systemd/journal/socket');
/** A journal directory holding a real journal file written by systemd-journald, when the box can make one. */
let journalDir: string | null = null;
let readOnly: string;
let noMfa: string;

const base = (deviceId: string) => `/system-tools/devices/${deviceId}`;
const task = (p: string) => encodeURIComponent(p);

async function multipart(parts: { field: string; name: string; data: Uint8Array | string }[]): Promise<Pick<RequestOptions, 'rawBody' | 'headers'>> {
  const form = new FormData();
  for (const p of parts) form.append(p.field, new Blob([typeof p.data === 'string' ? p.data : Buffer.from(p.data)]), p.name);
  const res = new Response(form);
  return { rawBody: new Uint8Array(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } };
}

beforeAll(async () => {
  mkdirSync(path.join(cronRoot, 'etc/cron.d'), { recursive: true });
  mkdirSync(path.join(cronRoot, 'var/spool/cron/crontabs'), { recursive: true });
  writeFileSync(
    path.join(cronRoot, 'etc/crontab'),
    ['# /etc/crontab: system-wide crontab', 'SHELL=/bin/sh', `MARKER_DIR=${work}`, '17 *\t* * *\troot\tcd / && run-parts --report /etc/cron.hourly', `*/5 * * * * ${me} echo "from crontab" > "$MARKER_DIR/ran-crontab"`, ''].join('\n'),
  );
  writeFileSync(path.join(cronRoot, 'etc/cron.d/rmm-test'), ['# a cron.d file', `@daily ${me} printf '\\%s' "$(cat)" > ${work}/ran-input % line one%line two`, ''].join('\n'), { mode: 0o644 });
  writeFileSync(path.join(cronRoot, 'etc/cron.d/ignored.dpkg-old'), `* * * * * ${me} true\n`);
  writeFileSync(path.join(cronRoot, `var/spool/cron/crontabs/${me}`), ['# user crontab', '30 2 * * 1 exit 3', ''].join('\n'), { mode: 0o600 });

  mkdirSync(path.join(files, 'sub dir'), { recursive: true });
  writeFileSync(path.join(files, 'hello.txt'), 'héllo world\n');
  writeFileSync(path.join(files, 'binary.bin'), Buffer.from([0, 1, 2, 255, 0, 42]));
  writeFileSync(path.join(files, 'big.bin'), randomBytes(3 * 1024 * 1024 + 12345));

  journalDir = journald
    ? null
    : await writeJournalDirectory(path.join(work, 'journal'), [
        { identifier: 'rmm-backup', priority: 6, message: 'backup started' },
        { identifier: 'rmm-backup', priority: 3, message: 'backup failed: disk full' },
        { identifier: 'rmm-backup', priority: 6, message: 'backup retried' },
        { identifier: 'rmm-backup', priority: 6, message: 'backup finished' },
      ]);
  const env: Record<string, string> = { RMM_AGENT_CRON_ROOT: cronRoot };
  if (journalDir) env.RMM_AGENT_JOURNAL_DIRECTORY = journalDir;
  agent = await startRealAgent(path.join(work, 'agent'), { hub: remoteHub, env });
  await agent.eventually(async () => (await db.agentChannelPresence.findUnique({ where: { deviceId: agent.deviceId } }))?.processId === remoteHub.processId, 'the agent channel open on the other process');
  const org = await db.organization.findUniqueOrThrow({ where: { id: agent.orgId } });
  const partner = { id: org.partnerId, roles: Object.fromEntries((await db.role.findMany({ where: { partnerId: org.partnerId } })).map((r) => [r.name, r.id])) };
  readOnly = await tokenFor(await makePartnerUser(partner, { role: 'Read Only' }), { mfa: true });
  noMfa = await tokenFor(await makePartnerUser(partner));
}, 120_000);

afterAll(async () => {
  await agent?.stop();
  resetAgentChannelHub();
  rmSync(work, { recursive: true, force: true });
  delete process.env.SYSTEM_TOOLS_DOWNLOAD_MAX_BYTES;
  delete process.env.SYSTEM_TOOLS_UPLOAD_MAX_BYTES;
  resetEnvCache();
});

describe('files', () => {
  it('lists a directory and reads text and binary files, capped', async () => {
    const d = base(agent.deviceId);
    const list = await api.get(`${d}/files`, { token: readOnly, query: { path: files } });
    expect(list.status, list.text).toBe(200);
    expect(list.body).toMatchObject({ kind: 'directory', path: files, truncated: false });
    const names = list.body.entries.map((e: { name: string }) => e.name);
    expect(names).toEqual(['big.bin', 'binary.bin', 'hello.txt', 'sub dir']);
    expect(list.body.entries.find((e: { name: string }) => e.name === 'sub dir')).toMatchObject({ type: 'directory', owner: me });
    expect(list.body.entries.find((e: { name: string }) => e.name === 'hello.txt')).toMatchObject({ type: 'file', size: Buffer.byteLength('héllo world\n'), mode: expect.stringMatching(/^0[0-7]{3}$/) });

    const text = await api.get(`${d}/files`, { token: agent.admin, query: { path: path.join(files, 'hello.txt') } });
    expect(text.body).toMatchObject({ kind: 'file', encoding: 'utf8', content: 'héllo world\n', truncated: false });
    const bin = await api.get(`${d}/files`, { token: agent.admin, query: { path: path.join(files, 'binary.bin') } });
    expect(bin.body).toMatchObject({ kind: 'file', encoding: 'base64', content: Buffer.from([0, 1, 2, 255, 0, 42]).toString('base64') });
    const capped = await api.get(`${d}/files`, { token: agent.admin, query: { path: path.join(files, 'hello.txt'), maxBytes: 2 } });
    // 2 bytes cut "é" in half: the text keeps the whole characters only.
    expect(capped.body).toMatchObject({ kind: 'file', encoding: 'utf8', content: 'h', truncated: true });

    const missing = await api.get(`${d}/files`, { token: agent.admin, query: { path: path.join(files, 'nope') } });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('FILE_NOT_FOUND');
    expect((await api.get(`${d}/files`, { token: agent.admin, query: { path: 'relative/path' } })).status).toBe(400);
  });

  it('streams a download of several ranges across web processes, byte for byte, and audits it', async () => {
    const file = path.join(files, 'big.bin');
    const res = await api.get(`${base(agent.deviceId)}/files/download`, { token: readOnly, query: { path: file } });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-length')).toBe(String(readFileSync(file).length));
    expect(res.headers.get('content-disposition')).toContain('filename="big.bin"');
    expect(createHash('sha256').update(res.bytes).digest('hex')).toBe(createHash('sha256').update(readFileSync(file)).digest('hex'));
    const audit = await db.auditLog.findFirst({ where: { action: 'device.file.download', targetId: agent.deviceId } });
    expect(audit?.details).toMatchObject({ path: file, size: readFileSync(file).length });

    const dir = await api.get(`${base(agent.deviceId)}/files/download`, { token: agent.admin, query: { path: files } });
    expect(dir.status).toBe(422);
    expect(dir.body.error.code).toBe('NOT_A_FILE');
    process.env.SYSTEM_TOOLS_DOWNLOAD_MAX_BYTES = '1024';
    resetEnvCache();
    const over = await api.get(`${base(agent.deviceId)}/files/download`, { token: agent.admin, query: { path: file } });
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe('FILE_TOO_LARGE');
    delete process.env.SYSTEM_TOOLS_DOWNLOAD_MAX_BYTES;
    resetEnvCache();
  });

  it('uploads a file atomically with devices:execute and MFA, refuses overwrites unless asked, and caps the size', async () => {
    const url = `${base(agent.deviceId)}/files/upload`;
    const target = path.join(files, 'uploaded.bin');
    const data = randomBytes(2 * 1024 * 1024 + 7);
    expect((await api.post(url, { token: noMfa, query: { path: target }, ...(await multipart([{ field: 'file', name: 'x', data }])) })).status).toBe(403);
    expect((await api.post(url, { token: readOnly, query: { path: target }, ...(await multipart([{ field: 'file', name: 'x', data }])) })).status).toBe(403);

    const res = await api.post(url, { token: agent.admin, query: { path: target }, ...(await multipart([{ field: 'file', name: 'ignored-name', data }])) });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ name: 'uploaded.bin', path: target, type: 'file', size: data.length, mode: '0644' });
    expect(readFileSync(target).equals(data)).toBe(true);
    const audit = await db.auditLog.findFirst({ where: { action: 'device.file.upload', targetId: agent.deviceId } });
    expect(audit?.details).toMatchObject({ path: target, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });

    // Into a directory: the part's file name is used.
    const intoDir = await api.post(url, { token: agent.admin, query: { path: path.join(files, 'sub dir') }, ...(await multipart([{ field: 'file', name: 'notes.txt', data: 'first' }])) });
    expect(intoDir.status, intoDir.text).toBe(201);
    expect(readFileSync(path.join(files, 'sub dir', 'notes.txt'), 'utf8')).toBe('first');
    const again = await api.post(url, { token: agent.admin, query: { path: path.join(files, 'sub dir', 'notes.txt') }, ...(await multipart([{ field: 'file', name: 'n', data: 'second' }])) });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('FILE_EXISTS');
    chmodSync(path.join(files, 'sub dir', 'notes.txt'), 0o600);
    const replaced = await api.post(url, { token: agent.admin, query: { path: path.join(files, 'sub dir', 'notes.txt'), overwrite: 'true' }, ...(await multipart([{ field: 'file', name: 'n', data: 'second' }])) });
    expect(replaced.status, replaced.text).toBe(201);
    expect(replaced.body.mode).toBe('0600');
    expect(readFileSync(path.join(files, 'sub dir', 'notes.txt'), 'utf8')).toBe('second');

    process.env.SYSTEM_TOOLS_UPLOAD_MAX_BYTES = String(1024 * 1024);
    resetEnvCache();
    const big = await api.post(url, { token: agent.admin, query: { path: path.join(files, 'too-big.bin') }, ...(await multipart([{ field: 'file', name: 'b', data: randomBytes(1024 * 1024 + 1) }])) });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('FILE_TOO_LARGE');
    delete process.env.SYSTEM_TOOLS_UPLOAD_MAX_BYTES;
    resetEnvCache();
    // Neither the target nor a temporary file is left behind.
    await eventually(() => !readdirSync(files).some((n) => n.includes('too-big') || n.includes('.rmm-upload-')), 'no partial upload left');

    const noDir = await api.post(url, { token: agent.admin, query: { path: path.join(files, 'absent', 'x.txt') }, ...(await multipart([{ field: 'file', name: 'x', data: 'x' }])) });
    expect(noDir.status).toBe(404);
    const noFile = await api.post(url, { token: agent.admin, query: { path: target }, ...(await multipart([{ field: 'other', name: 'x', data: 'x' }])) });
    expect(noFile.status).toBe(400);
    expect((await api.post(url, { token: agent.admin, query: { path: target }, body: { not: 'multipart' } })).status).toBe(400);
  });
});

describe('scheduled tasks', () => {
  it('lists cron jobs from the crontab files, with timers only where systemd runs', async () => {
    const res = await api.get(`${base(agent.deviceId)}/tasks`, { token: readOnly });
    expect(res.status, res.text).toBe(200);
    expect(res.body.sources).toEqual({ systemd, cron: true });
    const cron = res.body.data.filter((t: { source: string }) => t.source === 'cron');
    expect(cron.map((t: { path: string }) => t.path)).toEqual(['/cron/etc/crontab:4', '/cron/etc/crontab:5', '/cron/etc/cron.d/rmm-test:2', `/cron/var/spool/cron/crontabs/${me}:2`]);
    expect(cron[0]).toMatchObject({ schedule: '17 * * * *', user: 'root', command: 'cd / && run-parts --report /etc/cron.hourly', enabled: true });
    expect(cron[2]).toMatchObject({ schedule: '@daily', user: me });
    expect(cron[3]).toMatchObject({ schedule: '30 2 * * 1', user: me, command: 'exit 3' });
    if (!systemd) expect(res.body.data.some((t: { source: string }) => t.source === 'systemd-timer')).toBe(false);

    const one = await api.get(`${base(agent.deviceId)}/tasks/${task('/cron/etc/crontab:5')}`, { token: readOnly });
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ path: '/cron/etc/crontab:5', target: '/etc/crontab', definition: expect.stringContaining('from crontab') });
    const missing = await api.get(`${base(agent.deviceId)}/tasks/${task('/cron/etc/crontab:99')}`, { token: readOnly });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('TASK_NOT_FOUND');

    const timer = await api.get(`${base(agent.deviceId)}/tasks/${task('/systemd/apt-daily.timer')}`, { token: readOnly });
    if (systemd) expect([200, 404]).toContain(timer.status);
    else {
      expect(timer.status).toBe(422);
      expect(timer.body.error).toMatchObject({ code: 'UNSUPPORTED_ON_PLATFORM', message: expect.stringContaining('systemd is not running') });
    }
  });

  it('runs a cron job now as its user with the crontab’s variables and input, and keeps its history', async () => {
    const d = base(agent.deviceId);
    expect((await api.post(`${d}/tasks/${task('/cron/etc/crontab:5')}/run`, { token: readOnly, body: {} })).status).toBe(403);
    const run = await api.post(`${d}/tasks/${task('/cron/etc/crontab:5')}/run`, { token: agent.admin, body: {} });
    expect(run.status, run.text).toBe(200);
    expect(run.body).toMatchObject({ path: '/cron/etc/crontab:5', runId: expect.any(String) });
    // The shell creates the file before echo writes into it: wait for the whole line.
    await eventually(() => existsSync(path.join(work, 'ran-crontab')) && readFileSync(path.join(work, 'ran-crontab'), 'utf8').endsWith('\n'), 'the job’s output line');
    expect(readFileSync(path.join(work, 'ran-crontab'), 'utf8')).toBe('from crontab\n');

    // `%` ends the command; the rest is its input, `%` a newline.
    expect((await api.post(`${d}/tasks/${task('/cron/etc/cron.d/rmm-test:2')}/run`, { token: agent.admin, body: {} })).status).toBe(200);
    await eventually(() => existsSync(path.join(work, 'ran-input')) && readFileSync(path.join(work, 'ran-input'), 'utf8').length > 0, 'the input job’s output');
    expect(readFileSync(path.join(work, 'ran-input'), 'utf8')).toBe(' line one\nline two');

    const failing = `/cron/var/spool/cron/crontabs/${me}:2`;
    expect((await api.post(`${d}/tasks/${task(failing)}/run`, { token: agent.admin, body: {} })).status).toBe(200);
    const history = await eventually(async () => {
      const h = await api.get(`${d}/tasks/${task(failing)}/history`, { token: readOnly });
      return h.body.data?.[0]?.finishedAt ? h : null;
    }, 'the run finished in the history');
    expect(history.body.data[0]).toMatchObject({ source: 'agent', exitCode: 3 });
    expect(history.body.journal).toBe(journald || journalDir !== null);
    const listed = await api.get(`${d}/tasks/${task(failing)}`, { token: readOnly });
    expect(listed.body).toMatchObject({ lastResult: 'exit code 3', lastRunAt: expect.any(String) });

    const audit = await db.auditLog.findFirst({ where: { action: 'device.task.run', targetId: agent.deviceId } });
    expect(audit?.details).toMatchObject({ task: '/cron/etc/crontab:5' });
  });

  it('disables a cron job (MFA) by commenting its line atomically, and enables it again', async () => {
    const d = base(agent.deviceId);
    const p = task('/cron/etc/cron.d/rmm-test:2');
    const file = path.join(cronRoot, 'etc/cron.d/rmm-test');
    const before = readFileSync(file, 'utf8');
    expect((await api.post(`${d}/tasks/${p}/disable`, { token: noMfa, body: {} })).status).toBe(403);
    expect((await api.post(`${d}/tasks/${p}/disable`, { token: readOnly, body: {} })).status).toBe(403);
    const off = await api.post(`${d}/tasks/${p}/disable`, { token: agent.admin, body: {} });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ path: '/cron/etc/cron.d/rmm-test:2', enabled: false });
    expect(readFileSync(file, 'utf8').split('\n')[1]).toMatch(/^#rmm-disabled# @daily /);
    expect(statSync(file).mode & 0o777).toBe(0o644);
    const listed = await api.get(`${d}/tasks`, { token: readOnly });
    expect(listed.body.data.find((t: { path: string }) => t.path === '/cron/etc/cron.d/rmm-test:2').enabled).toBe(false);

    const on = await api.post(`${d}/tasks/${p}/enable`, { token: agent.admin, body: {} });
    expect(on.status, on.text).toBe(200);
    expect(on.body.enabled).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(before);
    const actions = (await db.auditLog.findMany({ where: { targetId: agent.deviceId, action: { in: ['device.task.disable', 'device.task.enable'] } } })).map((a) => a.action);
    expect(actions.sort()).toEqual(['device.task.disable', 'device.task.enable']);
  });
});

describe('event logs', () => {
  it('lists logs, pages entries newest first by priority and reads one by its record id, or says there is no journal', async () => {
    const d = base(agent.deviceId);
    const logs = await api.get(`${d}/eventlogs`, { token: readOnly });
    // Where the box has journald's binary and root, the journal branch is the one that runs.
    if (existsSync('/lib/systemd/systemd-journald') && existsSync('/usr/bin/logger') && process.getuid?.() === 0) expect(journald || journalDir !== null).toBe(true);
    if (!journald && !journalDir) {
      // This box runs no journald and cannot write a journal file: the agent says so.
      for (const url of [`${d}/eventlogs`, `${d}/eventlogs/system`, `${d}/eventlogs/system/events`, `${d}/eventlogs/system/events/${encodeURIComponent('s=1;i=2')}`]) {
        const res = await api.get(url, { token: readOnly });
        expect(res.status, url).toBe(422);
        expect(res.body.error).toMatchObject({ code: 'UNSUPPORTED_ON_PLATFORM', message: expect.stringContaining('journald is not running') });
      }
      return;
    }
    expect(logs.status, logs.text).toBe(200);
    expect(logs.body.data.slice(0, 2).map((l: { name: string }) => l.name)).toEqual(['system', 'kernel']);
    const page = await api.get(`${d}/eventlogs/system/events`, { token: readOnly, query: { limit: 2 } });
    expect(page.status, page.text).toBe(200);
    expect(page.body.data.length).toBeGreaterThan(0);
    if (journalDir) {
      // The journal written for this test (journald adds lines of its own): paged two by two,
      // newest first, every entry once, ours in reverse order of writing.
      const seen: { message: string; timestamp: string; recordId: string; priority: number; identifier: string }[] = [];
      let cursor: string | undefined;
      do {
        const p = await api.get(`${d}/eventlogs/system/events`, { token: readOnly, query: { limit: 2, cursor } });
        expect(p.status, p.text).toBe(200);
        seen.push(...p.body.data);
        cursor = p.body.pagination.nextCursor ?? undefined;
      } while (cursor && seen.length < 100);
      expect(new Set(seen.map((e) => e.recordId)).size).toBe(seen.length);
      expect(seen.map((e) => e.timestamp)).toEqual([...seen.map((e) => e.timestamp)].sort().reverse());
      const ours = seen.filter((e) => e.identifier === 'rmm-backup');
      expect(ours.map((e) => e.message)).toEqual(['backup finished', 'backup retried', 'backup failed: disk full', 'backup started']);
      expect(ours[2]).toMatchObject({ priority: 3, level: 'err' });
      const errors = await api.get(`${d}/eventlogs/system/events`, { token: readOnly, query: { priority: 'err' } });
      expect(errors.body.data.map((e: { message: string }) => e.message)).toEqual(['backup failed: disk full']);
      const info = await api.get(`${d}/eventlogs/system`, { token: readOnly });
      expect(info.body).toMatchObject({ name: 'system', kind: 'system', firstEntryAt: expect.any(String), lastEntryAt: expect.any(String) });
    }
    const [first] = page.body.data;
    expect(first).toMatchObject({ recordId: expect.any(String), timestamp: expect.any(String), level: expect.any(String), message: expect.any(String) });
    if (page.body.pagination.nextCursor) {
      const next = await api.get(`${d}/eventlogs/system/events`, { token: readOnly, query: { limit: 2, cursor: page.body.pagination.nextCursor } });
      expect(next.status).toBe(200);
      for (const e of next.body.data) expect(e.timestamp <= page.body.data[page.body.data.length - 1].timestamp).toBe(true);
      expect(next.body.data.map((e: { recordId: string }) => e.recordId)).not.toContain(first.recordId);
    }
    const one = await api.get(`${d}/eventlogs/system/events/${encodeURIComponent(first.recordId)}`, { token: readOnly });
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ recordId: first.recordId, message: first.message, fields: expect.objectContaining({ MESSAGE: first.message }) });
    const severe = await api.get(`${d}/eventlogs/system/events`, { token: readOnly, query: { priority: 'err' } });
    expect(severe.status).toBe(200);
    for (const e of severe.body.data) expect(e.priority).toBeLessThanOrEqual(3);
    const unknown = await api.get(`${d}/eventlogs/system/events/${encodeURIComponent(first.recordId.replace(/i=[0-9a-f]+/, 'i=ffffff'))}`, { token: readOnly });
    expect(unknown.status).toBe(404);
    expect((await api.get(`${d}/eventlogs/no-such-unit.service`, { token: readOnly })).status).toBe(404);
  });

  it('passes a Windows log name (a slash, a space) and a Windows service name through to the agent, which answers for Linux', async () => {
    const d = base(agent.deviceId);
    for (const url of [`${d}/eventlogs/${encodeURIComponent('Microsoft-Windows-TaskScheduler/Operational')}`, `${d}/eventlogs/${encodeURIComponent('Windows PowerShell')}/events`]) {
      const res = await api.get(url, { token: readOnly });
      // Not the route's refusal of a path parameter: the Linux agent itself refused the name (or has no journal).
      if (journald || journalDir) expect(res.body.error, url).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringContaining('systemd unit name') });
      else expect(res.body.error, url).toMatchObject({ code: 'UNSUPPORTED_ON_PLATFORM' });
    }
    const service = await api.get(`${d}/services/${encodeURIComponent('Backup Agent')}`, { token: readOnly });
    expect(['INVALID_REQUEST', 'UNSUPPORTED_ON_PLATFORM']).toContain(service.body.error.code);
    // A name that could read as an option is still refused by the route.
    expect((await api.get(`${d}/eventlogs/${encodeURIComponent('-f')}`, { token: readOnly })).body.error.code).toBe('NOT_FOUND');
  });
});

describe('registry, gates, offline devices and tenancy', () => {
  const reads = (d: string) =>
    [
      ['get', `${d}/registry/keys`, { hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE' }],
      ['get', `${d}/registry/values`, { hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE' }],
      ['get', `${d}/registry/value`, { hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE', name: 'x' }],
    ] as const;
  const writes = (d: string) =>
    [
      ['put', `${d}/registry/value`, undefined, { hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE\\Rmm', name: 'Level', type: 'REG_DWORD', data: 3 }],
      ['delete', `${d}/registry/value`, { hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE\\Rmm', name: 'Level' }, undefined],
      ['post', `${d}/registry/key`, undefined, { hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE\\Rmm' }],
      ['delete', `${d}/registry/key`, { hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE\\Rmm', recursive: 'true' }, undefined],
    ] as const;

  it('answers every registry route 422 UNSUPPORTED_ON_PLATFORM on Linux, after the permission and MFA gates', async () => {
    const d = base(agent.deviceId);
    for (const [, url, query] of reads(d)) {
      const res = await api.get(url, { token: readOnly, query });
      expect(res.status, url).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'UNSUPPORTED_ON_PLATFORM', message: expect.stringContaining('Windows registry') });
    }
    for (const [method, url, query, body] of writes(d)) {
      expect((await api[method](url, { token: noMfa, query, body })).status, `${method} ${url} without MFA`).toBe(403);
      expect((await api[method](url, { token: readOnly, query, body })).status, `${method} ${url} read-only`).toBe(403);
      const res = await api[method](url, { token: agent.admin, query, body });
      expect(res.status, `${method} ${url}`).toBe(422);
      expect(res.body.error.code).toBe('UNSUPPORTED_ON_PLATFORM');
    }
    // The contract is validated before the agent is asked.
    const bad = await api.put(`${d}/registry/value`, { token: agent.admin, body: { hive: 'HKEY_LOCAL_MACHINE', key: 'SOFTWARE\\Rmm', name: 'Level', type: 'REG_DWORD', data: 'three' } });
    expect(bad.status).toBe(400);
    expect(await db.auditLog.count({ where: { targetId: agent.deviceId, action: { startsWith: 'device.registry.' } } })).toBe(0);
  });

  const everyRoute = (d: string) =>
    [
      ['get', `${d}/eventlogs`, undefined],
      ['get', `${d}/eventlogs/system`, undefined],
      ['get', `${d}/eventlogs/system/events`, undefined],
      ['get', `${d}/eventlogs/system/events/${encodeURIComponent('s=1;i=2')}`, undefined],
      ['get', `${d}/tasks`, undefined],
      ['get', `${d}/tasks/${task('/cron/etc/crontab:5')}`, undefined],
      ['get', `${d}/tasks/${task('/cron/etc/crontab:5')}/history`, undefined],
      ['post', `${d}/tasks/${task('/cron/etc/crontab:5')}/run`, undefined],
      ['post', `${d}/tasks/${task('/cron/etc/crontab:5')}/enable`, undefined],
      ['post', `${d}/tasks/${task('/cron/etc/crontab:5')}/disable`, undefined],
      ['get', `${d}/files`, { path: '/tmp' }],
      ['get', `${d}/files/download`, { path: '/etc/hostname' }],
      ['post', `${d}/files/upload`, { path: path.join(work, 'never-written') }],
      ...reads(d),
      ...writes(d).map(([m, u, q]) => [m, u, q] as const),
    ] as const;

  it('answers 409 AGENT_OFFLINE on every route for a device whose agent has no channel', async () => {
    const silent = await enroll((await createKey(agent.admin, { orgId: agent.orgId })).key);
    const d = base(silent.deviceId);
    for (const [method, url, query] of everyRoute(d)) {
      const body = writes(d).find(([m, u]) => m === method && u === url)?.[3];
      const opts = url.endsWith('/files/upload') ? { query, ...(await multipart([{ field: 'file', name: 'x', data: 'x' }])) } : { query, body: body ?? (method === 'get' || method === 'delete' ? undefined : {}) };
      const res = await api[method](url, { token: agent.admin, ...opts });
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(409);
      expect(res.body.error.code).toBe('AGENT_OFFLINE');
    }
  });

  it('answers 404 for another tenant’s device on every route, and touches nothing on the device', async () => {
    const other = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
    const d = base(agent.deviceId);
    for (const [method, url, query] of everyRoute(d)) {
      const body = writes(d).find(([m, u]) => m === method && u === url)?.[3];
      const opts = url.endsWith('/files/upload') ? { query, ...(await multipart([{ field: 'file', name: 'x', data: 'x' }])) } : { query, body: body ?? (method === 'get' || method === 'delete' ? undefined : {}) };
      const res = await api[method](url, { token: other, ...opts });
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(404);
    }
    expect(existsSync(path.join(work, 'never-written'))).toBe(false);
    expect(readFileSync(path.join(cronRoot, 'etc/crontab'), 'utf8')).not.toContain('#rmm-disabled#');
  });
});
