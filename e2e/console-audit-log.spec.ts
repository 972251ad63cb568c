import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { generateSecret } from 'otplib';
import { expect, test } from './helpers/test';
import { seedOrganization, seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { hashPassword } from '@/lib/auth/passwords';
import { encryptSecret } from '@/lib/auth/secrets';
import { BUILT_IN_PARTNER_ROLES } from '@/lib/auth/permissions';
import { parseCsv } from '@/lib/csv';

const PASSWORD = 'Console-Audit-Log-7!';
const DEVICE_UPDATES = 12;

/**
 * A technician whose role adds the audit log to the built-in Technician's permissions (the
 * built-in one does not read it), and a history of entries to look through: device updates of
 * one host, script runs and a denied role change, as the application would have written them.
 */
async function seedWorld(tag: string) {
  const admin = await seedPartnerAdmin(tag, `Audit MSP ${tag}`, PASSWORD);
  const orgId = await seedOrganization(admin.partnerId, `Northwind ${tag}`);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const technician = BUILT_IN_PARTNER_ROLES.find((r) => r.name === 'Technician')!;
    const role = await client.query<{ id: string }>(
      `insert into roles (id, partner_id, name, description, scope, is_system, permissions, updated_at) values (gen_random_uuid(), $1, 'Technician with audit', 'Technician who reads the audit log', 'partner', false, $2, now()) returning id`,
      [admin.partnerId, [...technician.permissions, 'audit:read']],
    );
    const mfaSecret = generateSecret();
    const email = `tech-${tag}@e2e.test`;
    const user = await client.query<{ id: string }>(
      `insert into users (id, email, name, password_hash, mfa_enabled, mfa_secret, updated_at) values (gen_random_uuid(), $1, 'Terry Tech', $2, true, $3, now()) returning id`,
      [email, await hashPassword(PASSWORD), encryptSecret(mfaSecret)],
    );
    await client.query(`insert into partner_users (id, partner_id, user_id, role_id, org_access, updated_at) values (gen_random_uuid(), $1, $2, $3, 'all', now())`, [admin.partnerId, user.rows[0].id, role.rows[0].id]);
    await client.query(
      `insert into audit_logs (id, created_at, actor_type, actor_email, action, target_type, target_id, partner_id, org_id, ip, result, details)
       select gen_random_uuid(), now() - (g || ' minutes')::interval, 'user', $3, 'device.update', 'device', $4::text, $1::uuid, $2::uuid, '203.0.113.9', 'success',
              jsonb_build_object('hostname', $4::text, 'changes', jsonb_build_object('displayName', 'Front desk, "left" ' || g))
       from generate_series(1, ${DEVICE_UPDATES}) g`,
      [admin.partnerId, orgId, admin.email, `frontdesk-${tag}`],
    );
    await client.query(
      `insert into audit_logs (id, created_at, actor_type, actor_email, action, target_type, target_id, partner_id, org_id, result, details)
       select gen_random_uuid(), now() - (g || ' minutes')::interval, 'user', $3, 'script.execute', 'script', 'script-' || g, $1, $2, 'success', '{}'::jsonb
       from generate_series(1, 5) g`,
      [admin.partnerId, orgId, admin.email],
    );
    await client.query(
      `insert into audit_logs (id, actor_type, actor_email, action, target_type, partner_id, result, details) values (gen_random_uuid(), 'user', $2, 'role.update', 'role', $1, 'denied', '{"reason":"privilege escalation"}')`,
      [admin.partnerId, email],
    );
    return { tech: { email, mfaSecret }, host: `frontdesk-${tag}` };
  } finally {
    await client.end();
  }
}

test('a technician filters the audit log, opens an entry and exports the filtered rows as CSV', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const { tech, host } = await seedWorld(tag);
  await signInConsole(page, tech, PASSWORD);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Administer' }).click();
  await page.getByRole('link', { name: 'Audit log', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();

  // Filter to the device updates of one host: the filters go into the URL.
  // One box at a time: each writes the URL once its typing pauses.
  await page.getByLabel('Action', { exact: true }).fill('device.update');
  await expect(page).toHaveURL(/action=device.update/);
  await page.getByLabel('Target id', { exact: true }).fill(host);
  await expect(page).toHaveURL(new RegExp(`targetId=${host}`));
  await expect(page).toHaveURL(/action=device.update/);
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(page.getByText(`${DEVICE_UPDATES} entries match`)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(DEVICE_UPDATES + 1);
  await expect(table).not.toContainText('script.execute');

  // The result filter narrows further: no device update was denied.
  await page.getByLabel('Result', { exact: true }).selectOption('denied');
  await expect(page.getByText('No entries match')).toBeVisible();
  await page.getByLabel('Result', { exact: true }).selectOption('');
  await expect(table.getByRole('row')).toHaveCount(DEVICE_UPDATES + 1);

  // One entry, with its details as JSON; the URL names it.
  await table.getByRole('button', { name: /^Details of device.update/ }).first().click();
  const entry = page.getByTestId('audit-entry');
  await expect(entry).toContainText(`device ${host}`);
  await expect(page.getByLabel('Details JSON')).toContainText(`"hostname": "${host}"`);
  await expect(page).toHaveURL(/open=[0-9a-f-]{36}/);
  await page.keyboard.press('Escape');
  await expect(entry).toBeHidden();

  // The export holds exactly the filtered rows, CSV-escaped.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{8}T\d{6}Z\.csv$/);
  const rows = parseCsv(readFileSync((await download.path())!, 'utf8'));
  expect(rows[0]).toEqual(['id', 'createdAt', 'actorType', 'actorId', 'actorEmail', 'action', 'targetType', 'targetId', 'partnerId', 'orgId', 'ip', 'requestId', 'result', 'details']);
  expect(rows).toHaveLength(DEVICE_UPDATES + 1);
  for (const r of rows.slice(1)) {
    expect(r[5]).toBe('device.update');
    expect(r[7]).toBe(host);
  }
  expect(JSON.parse(rows[1][13])).toEqual({ hostname: host, changes: { displayName: 'Front desk, "left" 1' } });

  // The search box finds the denied role change by words of its details.
  await page.getByLabel('Action', { exact: true }).fill('');
  await expect(page).not.toHaveURL(/action=/);
  await page.getByLabel('Target id', { exact: true }).fill('');
  await expect(page).not.toHaveURL(/targetId=/);
  await page.getByLabel('Search the audit log').fill('privilege escalation');
  await expect(page).toHaveURL(/q=privilege/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('role.update');

  // The reports page: statistics with the per-day chart, and the three reports.
  await page.getByRole('link', { name: 'Reports and statistics' }).click();
  await expect(page.getByRole('heading', { name: 'Audit reports' })).toBeVisible();
  await expect(page.getByTestId('audit-stats')).toContainText('Entries');
  await expect(page.getByRole('img', { name: 'Audit entries per day' })).toBeVisible();
  await expect(page.getByTestId('audit-user-activity')).toContainText(tech.email);
  await expect(page.getByTestId('audit-security-categories')).toContainText('access control: 1');
  await expect(page.getByTestId('audit-compliance')).toContainText('append-only enforced');
});
