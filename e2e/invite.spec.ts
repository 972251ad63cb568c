import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import pg from 'pg';
import { generateSecret, generateSync } from 'otplib';
import { linkIn, waitForEmail } from './helpers/mailbox';
import { hashPassword } from '@/lib/auth/passwords';
import { encryptSecret } from '@/lib/auth/secrets';
import { BUILT_IN_PARTNER_ROLES } from '@/lib/auth/permissions';

const ADMIN_PASSWORD = 'Partner-Admin-Pass-9!';

/** A partner with an MFA-enrolled Partner Admin, seeded straight into the app's database. */
async function seedPartnerAdmin(tag: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const partner = await client.query<{ id: string }>(
      `insert into partners (id, name, slug, updated_at) values (gen_random_uuid(), $1, $2, now()) returning id`,
      [`E2E MSP ${tag}`, `e2e-msp-${tag}`],
    );
    const partnerId = partner.rows[0].id;
    const roles: Record<string, string> = {};
    for (const role of BUILT_IN_PARTNER_ROLES) {
      const row = await client.query<{ id: string }>(
        `insert into roles (id, partner_id, name, description, scope, is_system, permissions, updated_at)
         values (gen_random_uuid(), $1, $2, $3, $4::"RoleScope", true, $5, now()) returning id`,
        [partnerId, role.name, role.description, role.scope, [...role.permissions]],
      );
      roles[role.name] = row.rows[0].id;
    }
    const mfaSecret = generateSecret();
    const email = `admin-${tag}@e2e.test`;
    const user = await client.query<{ id: string }>(
      `insert into users (id, email, name, password_hash, mfa_enabled, mfa_secret, updated_at)
       values (gen_random_uuid(), $1, 'E2E Partner Admin', $2, true, $3, now()) returning id`,
      [email, await hashPassword(ADMIN_PASSWORD), encryptSecret(mfaSecret)],
    );
    await client.query(
      `insert into partner_users (id, partner_id, user_id, role_id, org_access, updated_at) values (gen_random_uuid(), $1, $2, $3, 'all', now())`,
      [partnerId, user.rows[0].id, roles['Partner Admin']],
    );
    return { email, mfaSecret, roles };
  } finally {
    await client.end();
  }
}

test('a partner admin invites a technician, who follows the emailed link, sets a password and lands in the console', async ({ page, request, networkLog }) => {
  const tag = randomBytes(4).toString('hex');
  const { email, mfaSecret, roles } = await seedPartnerAdmin(tag);

  // The admin signs in and completes the MFA challenge that inviting requires.
  const login = await request.post('/api/v1/auth/login', { data: { email, password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const { accessToken, mfaRequired } = await login.json();
  expect(mfaRequired).toBe(true);
  const verify = await request.post('/api/v1/auth/mfa/verify', { data: { code: generateSync({ secret: mfaSecret }) }, headers: { authorization: `Bearer ${accessToken}` } });
  expect(verify.status()).toBe(200);
  const mfaToken = (await verify.json()).accessToken as string;

  const invitee = `tech-${tag}@e2e.test`;
  const invite = await request.post('/api/v1/users/invite', {
    data: { email: invitee, name: 'Tess Technician', roleId: roles.Technician },
    headers: { authorization: `Bearer ${mfaToken}` },
  });
  expect(invite.status()).toBe(201);

  // The worker delivers the email; follow its link.
  const mail = await waitForEmail({ to: invitee, timeoutMs: 30_000 });
  expect(mail.subject).toBe(`You are invited to E2E MSP ${tag}`);
  const link = linkIn(mail, '/invite#token=');
  await page.goto(link);

  await expect(page.getByRole('heading', { name: `Join E2E MSP ${tag}` })).toBeVisible();
  await expect(page.getByText('You are invited as Technician')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(invitee);

  // The weak password is meant to be refused (400) with its first problem.
  networkLog.allow(/POST \S+\/api\/v1\/auth\/accept-invite → 400/);
  // A weak password is refused by the server with its first problem.
  await page.getByLabel('Password', { exact: true }).fill('weakpassword');
  await expect(page.getByTestId('password-strength')).toHaveText('Weak');
  await page.getByLabel('Confirm password').fill('weakpassword');
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(page.getByText('Password must mix at least three of')).toBeVisible();

  const password = 'Tess-Strong-Pass-7!';
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(page.getByTestId('password-strength')).toHaveText('Strong');
  await page.getByLabel('Confirm password').fill(password);
  await page.screenshot({ path: 'e2e/artifacts/invite-accept.png', fullPage: true });
  await page.getByRole('button', { name: 'Activate account' }).click();

  // Signed in as the new user, with the role the admin chose.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByTestId('user-name')).toContainText('Tess Technician');
  expect(new URL(page.url()).hash).toBe('');

  // The used link is meant to be refused (400) when the page previews it.
  networkLog.allow(/POST \S+\/api\/v1\/auth\/accept-invite\/preview → 400/);
  // The link works once.
  await page.goto('/login');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Invitation unavailable' })).toBeVisible();
  await expect(page.getByText('This invitation link is invalid or has expired')).toBeVisible();
});

test('an invitation page without a token explains what to do', async ({ page }) => {
  await page.goto('/invite');
  await expect(page.getByRole('heading', { name: 'Invitation unavailable' })).toBeVisible();
  await expect(page.getByText('Open the link from your invitation email again')).toBeVisible();
});
