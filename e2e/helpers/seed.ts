// Seeds what a browser test needs straight into the app's database (DATABASE_URL, set by
// scripts/test.ts): a partner with its built-in roles and an MFA-enrolled Partner Admin.
import pg from 'pg';
import { generateSecret, generateSync } from 'otplib';
import type { APIRequestContext } from '@playwright/test';
import { hashPassword } from '@/lib/auth/passwords';
import { encryptSecret } from '@/lib/auth/secrets';
import { BUILT_IN_PARTNER_ROLES } from '@/lib/auth/permissions';

export async function seedPartnerAdmin(tag: string, partnerName: string, password: string, opts: { mfa?: boolean } = {}) {
  const withMfa = opts.mfa ?? true;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const partner = await client.query<{ id: string }>(`insert into partners (id, name, slug, updated_at) values (gen_random_uuid(), $1, $2, now()) returning id`, [partnerName, `e2e-msp-${tag}`]);
    const partnerId = partner.rows[0].id;
    const roles: Record<string, string> = {};
    for (const role of BUILT_IN_PARTNER_ROLES) {
      const row = await client.query<{ id: string }>(
        `insert into roles (id, partner_id, name, description, scope, is_system, permissions, updated_at) values (gen_random_uuid(), $1, $2, $3, $4::"RoleScope", true, $5, now()) returning id`,
        [partnerId, role.name, role.description, role.scope, [...role.permissions]],
      );
      roles[role.name] = row.rows[0].id;
    }
    const mfaSecret = generateSecret();
    const email = `admin-${tag}@e2e.test`;
    const user = await client.query<{ id: string }>(
      `insert into users (id, email, name, password_hash, mfa_enabled, mfa_secret, updated_at) values (gen_random_uuid(), $1, 'Sam Support', $2, $3, $4, now()) returning id`,
      [email, await hashPassword(password), withMfa, withMfa ? encryptSecret(mfaSecret) : null],
    );
    await client.query(`insert into partner_users (id, partner_id, user_id, role_id, org_access, updated_at) values (gen_random_uuid(), $1, $2, $3, 'all', now())`, [partnerId, user.rows[0].id, roles['Partner Admin']]);
    return { partnerId, email, mfaSecret };
  } finally {
    await client.end();
  }
}

/** An organization of the partner, for journeys whose admin has no MFA (creating one through the API needs it). */
export async function seedOrganization(partnerId: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const row = await client.query<{ id: string }>(`insert into organizations (id, partner_id, name, slug, updated_at) values (gen_random_uuid(), $1, $2, $3, now()) returning id`, [partnerId, name, slug]);
    return row.rows[0].id;
  } finally {
    await client.end();
  }
}

/** Signs the admin in through the API and completes the MFA challenge; returns the MFA-satisfied token. */
export async function adminToken(request: APIRequestContext, admin: { email: string; mfaSecret: string }, password: string): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { email: admin.email, password } });
  if (login.status() !== 200) throw new Error(`admin login failed: ${login.status()}`);
  const { accessToken } = await login.json();
  const verify = await request.post('/api/v1/auth/mfa/verify', { data: { code: generateSync({ secret: admin.mfaSecret }) }, headers: { authorization: `Bearer ${accessToken}` } });
  if (verify.status() !== 200) throw new Error(`MFA verification failed: ${verify.status()}`);
  return (await verify.json()).accessToken as string;
}

/** Gives an existing contact an active portal account with this password (what accepting an invitation does). */
export async function activatePortalAccount(contact: { id: string; email: string }, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`update contacts set roles = array_append(roles, 'portal') where id = $1 and not ('portal' = any(roles))`, [contact.id]);
    await client.query(
      `insert into portal_accounts (contact_id, partner_id, org_id, email, password_hash, status, activated_at, updated_at)
       select id, partner_id, org_id, $2, $3, 'active', now(), now() from contacts where id = $1`,
      [contact.id, contact.email, await hashPassword(password)],
    );
  } finally {
    await client.end();
  }
}

async function withClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Puts an exhausted delivery of this webhook in place, as the delivery worker leaves it after its
 * last failed retry: a failed delivery plus its dead letter. Returns the dead letter's id.
 */
export function seedDeadLetter(hook: { id: string; partnerId: string; orgId: string }, opts: { event: string; error: string; status: number | null }): Promise<string> {
  return withClient(async (client) => {
    const eventId = `evt_${Date.now()}`;
    const payload = { type: opts.event, id: eventId, data: { note: 'seeded by e2e' } };
    const delivery = await client.query<{ id: string }>(
      `insert into webhook_deliveries (webhook_id, partner_id, org_id, status, event, event_id, payload, response_status, error_message, attempt, last_attempt_at)
       values ($1, $2, $3, 'failed', $4, $5, $6, $7, $8, 6, now()) returning id`,
      [hook.id, hook.partnerId, hook.orgId, opts.event, eventId, payload, opts.status, opts.error],
    );
    const dead = await client.query<{ id: string }>(
      `insert into webhook_dead_letters (id, delivery_id, webhook_id, partner_id, org_id, event, event_id, attempts, last_error, last_response_status)
       values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, 6, $7, $8) returning id`,
      [delivery.rows[0].id, hook.id, hook.partnerId, hook.orgId, opts.event, eventId, opts.error, opts.status],
    );
    return dead.rows[0].id;
  });
}

/** An open checkout of the asset by this contact, as a portal checkout leaves it. */
export function seedAssetCheckout(asset: { id: string; partnerId: string; orgId: string }, contactId: string, note: string): Promise<void> {
  return withClient(async (client) => {
    await client.query(`insert into asset_checkouts (id, partner_id, org_id, asset_id, contact_id, note) values (gen_random_uuid(), $1, $2, $3, $4, $5)`, [asset.partnerId, asset.orgId, asset.id, contactId, note]);
  });
}

/** A platform operator (system scope) with MFA enrolled, as the bootstrap admin is after enrolment. */
export function seedPlatformAdmin(tag: string, password: string): Promise<{ email: string; mfaSecret: string }> {
  return withClient(async (client) => {
    const mfaSecret = generateSecret();
    const email = `platform-${tag}@e2e.test`;
    await client.query(
      `insert into users (id, email, name, password_hash, is_platform_admin, mfa_enabled, mfa_secret, updated_at) values (gen_random_uuid(), $1, 'Pat Platform', $2, true, true, $3, now())`,
      [email, await hashPassword(password), encryptSecret(mfaSecret)],
    );
    return { email, mfaSecret };
  });
}

/** Another MFA-enrolled user of the partner with one of its built-in roles (e.g. Technician). */
export async function seedPartnerUser(partnerId: string, tag: string, roleName: string, password: string): Promise<{ email: string; mfaSecret: string }> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const role = await client.query<{ id: string }>(`select id from roles where partner_id = $1 and name = $2`, [partnerId, roleName]);
    const mfaSecret = generateSecret();
    const email = `${roleName.toLowerCase().replace(/\W+/g, '-')}-${tag}@e2e.test`;
    const user = await client.query<{ id: string }>(
      `insert into users (id, email, name, password_hash, mfa_enabled, mfa_secret, updated_at) values (gen_random_uuid(), $1, $2, $3, true, $4, now()) returning id`,
      [email, `Terry ${roleName}`, await hashPassword(password), encryptSecret(mfaSecret)],
    );
    await client.query(`insert into partner_users (id, partner_id, user_id, role_id, org_access, updated_at) values (gen_random_uuid(), $1, $2, $3, 'all', now())`, [partnerId, user.rows[0].id, role.rows[0].id]);
    return { email, mfaSecret };
  } finally {
    await client.end();
  }
}
