// What the scenarios need in the database: a partner with its roles, an admin signed in with MFA,
// organizations, and enrolled devices. Tenancy rows go through lib/ (the code the API uses);
// devices are inserted in bulk as enrollment leaves them (online, agent token stored hashed),
// because enrolling 100k agents one by one over HTTP would take longer than every scenario.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { db, dbPool } from '@/lib/db';
import { hashPassword } from '@/lib/auth/passwords';
import { seedPartnerRoles } from '@/lib/partners/seed-partner-roles';
import { loadPrincipal } from '@/lib/auth/load-principal';
import { issueSession } from '@/lib/auth/issue-session';
import { AGENT_VERSION } from '../../agent/src/version';

export interface Tenant {
  partnerId: string;
  orgId: string;
  siteId: string;
  adminToken: string;
}

export interface SeededDevice {
  hostname: string;
  agentId: string;
  token: string;
  deviceId: string;
}

const uniq = () => randomBytes(4).toString('hex');

export async function seedTenant(): Promise<Tenant> {
  const id = uniq();
  const partner = await db.partner.create({ data: { name: `Bench ${id}`, slug: `bench-${id}`, status: 'active', settings: {} } });
  const roles = await seedPartnerRoles(db, partner.id);
  const user = await db.user.create({
    data: { email: `bench-${id}@example.test`, name: 'Bench Admin', passwordHash: await hashPassword(randomBytes(12).toString('hex')) },
  });
  await db.partnerUser.create({ data: { partnerId: partner.id, userId: user.id, roleId: roles['Partner Admin'], orgAccess: 'all', orgIds: [] } });
  const org = await seedOrg(partner.id, 'Fleet');
  const site = await db.site.create({ data: { partnerId: partner.id, orgId: org.id, name: 'Main site' } });
  const principal = await loadPrincipal(db, user.id);
  if (!principal) throw new Error('bench admin has no place in the hierarchy');
  const session = await issueSession(db, principal, { mfa: true, ip: '127.0.0.1', userAgent: 'rmm-bench' });
  return { partnerId: partner.id, orgId: org.id, siteId: site.id, adminToken: session.accessToken };
}

export async function seedOrg(partnerId: string, name: string) {
  return db.organization.create({ data: { partnerId, name: `${name} ${uniq()}`, slug: `${name.toLowerCase()}-${uniq()}` } });
}

/** Devices numbered from..to-1 (hostname bench-000123), online, each with its own agent token. */
export async function seedDevices(tenant: Tenant, from: number, to: number, orgId = tenant.orgId, siteId: string | null = tenant.siteId): Promise<SeededDevice[]> {
  const seed = uniq();
  const out: SeededDevice[] = [];
  const BATCH = 10_000;
  for (let start = from; start < to; start += BATCH) {
    const end = Math.min(to, start + BATCH);
    const { rows } = await dbPool().query<{ id: string; agent_id: string; hostname: string; n: number }>(
      `insert into devices (id, partner_id, org_id, site_id, agent_id, agent_token_hash, agent_token_issued_at, hostname,
         os_type, os_version, architecture, agent_version, status, last_seen_at, enrolled_at, updated_at)
       select gen_random_uuid(), $1, $2, $3, gen_random_uuid(),
         encode(sha256(convert_to('agt_bench_' || $4 || '_' || g, 'UTF8')), 'hex'), now(),
         'bench-' || lpad(g::text, 6, '0'), 'linux', 'Simulated Linux', 'amd64', $5, 'online', now(), now(), now()
       from generate_series($6::int, $7::int) g
       returning id, agent_id, hostname, substring(hostname from 7)::int as n`,
      [tenant.partnerId, orgId, siteId, seed, `${AGENT_VERSION}-sim`, start, end - 1],
    );
    for (const r of rows) out.push({ hostname: r.hostname, agentId: r.agent_id, deviceId: r.id, token: `agt_bench_${seed}_${r.n}` });
  }
  await dbPool().query('analyze devices');
  return out.sort((a, b) => a.hostname.localeCompare(b.hostname));
}

/** The state file `rmm-agent simulate` keeps its enrollments in: it then enrolls nobody. */
export function writeSimulateState(file: string, server: string, devices: SeededDevice[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ server, devices: devices.map(({ hostname, agentId, token }) => ({ hostname, agentId, token })) }), { mode: 0o600 });
}
