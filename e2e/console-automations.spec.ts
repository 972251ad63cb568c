// Automations in the console: a technician builds one (with every kind of action the builder
// offers) and runs it now, reporting the script as the agent protocol does; and the reference
// agent on this machine takes an event-triggered script when its device goes offline and comes
// back, its real output shown in the run history.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin, seedPartnerUser } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { enrollAgent } from './helpers/agent';

/** Runs a worker task now instead of at its next cron minute (the presence sweep, the event matcher). */
async function runTaskNow(task: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query('select graphile_worker.add_job($1, $2::json)', [task, '{}']);
  } finally {
    await client.end();
  }
}

const PASSWORD = 'Console-Automate-Pass-7!';

test('a technician builds an event-triggered automation and runs it now', async ({ page, networkLog }) => {
  test.setTimeout(180_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Automate MSP ${tag}`, PASSWORD);
  const adminToken = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${adminToken}` };

  // An organization with one enrolled Linux device and a script in its library.
  const orgName = `Contoso ${tag}`;
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: orgName } });
  expect(org.status(), await org.text()).toBe(201);
  const orgId = (await org.json()).id as string;
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId, name: 'automations' } });
  const hostname = `srv-${tag}`;
  const enrolled = await page.request.post('/api/v1/agents/enroll', {
    data: { enrollmentKey: (await key.json()).key, hostname, osType: 'linux', osVersion: 'Debian 12', architecture: 'amd64', agentVersion: '1.0.0' },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const agent = (await enrolled.json()) as { agentId: string; authToken: string };
  const groupName = `Restarted ${tag}`;
  const group = await page.request.post('/api/v1/groups', { headers: auth, data: { name: groupName, type: 'static', orgId } });
  expect(group.status(), await group.text()).toBe(201);
  const scriptName = `Restart nginx ${tag}`;
  const script = await page.request.post('/api/v1/scripts', { headers: auth, data: { name: scriptName, orgId, osTypes: ['linux'], language: 'bash', content: 'systemctl restart nginx' } });
  expect(script.status(), await script.text()).toBe(201);

  // The technician signs in and builds the automation in the console.
  const tech = await seedPartnerUser(admin.partnerId, tag, 'Technician', PASSWORD);
  await page.context().clearCookies();
  await signInConsole(page, tech, PASSWORD);
  await page.goto('/automations');
  await expect(page.getByRole('heading', { name: 'Automations', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New automation' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New automation' });
  await dialog.getByLabel('Name', { exact: true }).fill(`Restart on offline ${tag}`);
  await dialog.getByLabel('Organization').selectOption({ label: orgName });
  await dialog.getByLabel('Trigger type').selectOption('event');
  await dialog.getByLabel('Event type').selectOption('device.offline');
  await dialog.getByLabel('Filter on the event data (JSON, optional)').fill(JSON.stringify({ hostname }));
  await dialog.getByRole('button', { name: 'Add: run a script' }).click();
  await expect(dialog.getByLabel('Script of action 1').locator('option', { hasText: scriptName })).toHaveCount(1);
  await dialog.getByLabel('Script of action 1').selectOption({ label: scriptName });
  // Then the device joins a static group, and a deployment action is composed and removed again.
  await dialog.getByRole('button', { name: 'Add: add to a group' }).click();
  await dialog.getByLabel('Static group of action 2').selectOption({ label: groupName });
  await dialog.getByRole('button', { name: 'Add: start a deployment' }).click();
  await expect(dialog.getByLabel('Deployment of action 3')).toBeVisible();
  await expect(dialog.getByLabel('Software of action 3')).toBeVisible();
  // No deployment chosen: the server answers 400 and its message sits beside the deployment field.
  networkLog.allow(/POST \S+\/api\/v1\/automations → 400/);
  await dialog.getByRole('button', { name: 'Create automation' }).click();
  await expect(dialog.getByText(/Invalid UUID|uuid/i).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).nth(2).click();
  await expect(dialog.getByLabel('Deployment of action 3')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create automation' }).click();

  // The automation's page: run it now on the device and watch the outcome arrive.
  await expect(page.getByRole('heading', { name: `Restart on offline ${tag}` })).toBeVisible();
  await expect(page.getByText('Event: device.offline (filtered)')).toBeVisible();
  await page.getByRole('checkbox', { name: hostname }).check();
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('Run started.')).toBeVisible();
  const runs = page.getByRole('list', { name: 'Runs' });
  const step = runs.getByRole('row').filter({ hasText: 'run_script' });
  // The script is queued: the step waits for the device's agent.
  await expect(step).toContainText('Waiting for the agent’s result', { timeout: 60_000 });
  await expect(runs.getByText('running', { exact: true }).first()).toBeVisible();
  // The agent beats, takes the command and reports a failure.
  const beat = await page.request.post(`/api/v1/agents/${agent.agentId}/heartbeat`, { headers: { authorization: `Bearer ${agent.authToken}` }, data: { metrics: { cpuPercent: 5, memoryPercent: 30 } } });
  expect(beat.status(), await beat.text()).toBe(200);
  const command = ((await beat.json()).commands as { id: string; type: string }[]).find((c) => c.type === 'run_script');
  expect(command).toBeDefined();
  const result = await page.request.post(`/api/v1/agents/${agent.agentId}/commands/${command!.id}/result`, {
    headers: { authorization: `Bearer ${agent.authToken}` },
    data: { status: 'completed', exitCode: 1, stdout: 'Job for nginx.service failed', stderr: 'see journalctl -xeu nginx' },
  });
  expect(result.status(), await result.text()).toBe(200);
  await expect(runs.getByText('failed', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(runs.getByText('Run now')).toBeVisible();
  await expect(step).toContainText(hostname);
  await expect(step).toContainText('Exit code 1');
  await expect(step.getByLabel('Script output')).toContainText('Job for nginx.service failed');
  // The group action ran after the script had its result.
  await expect(runs.getByRole('row').filter({ hasText: 'add_to_group' })).toContainText('succeeded');
});

test('a real agent runs an event-triggered script when its device goes offline and comes back', async ({ page }) => {
  test.setTimeout(240_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Reconnect MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const orgId = (await (await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Northwind ${tag}` } })).json()).id as string;
  const key = (await (await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId, name: 'reconnect' } })).json()).key as string;
  const agent = await enrollAgent(key);
  try {
    await agent.once();
    const devices = await (await page.request.get('/api/v1/devices', { headers: auth, params: { orgId } })).json();
    const device = devices.data[0] as { id: string; hostname: string; status: string };
    expect(device.status).toBe('online');
    const script = await page.request.post('/api/v1/scripts', { headers: auth, data: { name: `Greet ${tag}`, orgId, osTypes: ['linux'], language: 'bash', content: `echo "back online ${tag}"\nuname -s` } });
    expect(script.status(), await script.text()).toBe(201);
    const automation = await page.request.post('/api/v1/automations', {
      headers: auth,
      data: { orgId, name: `Greet on reconnect ${tag}`, trigger: { type: 'event', eventType: 'device.online', filter: { deviceId: device.id } }, actions: [{ type: 'run_script', scriptId: (await script.json()).id }] },
    });
    expect(automation.status(), await automation.text()).toBe(201);
    const automationId = (await automation.json()).id as string;

    // The agent is stopped (it runs one cycle at a time); its silence is made old enough and the
    // presence sweep runs now instead of at its next minute: the device goes offline.
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`update devices set last_seen_at = now() - interval '1 hour' where id = $1`, [device.id]);
    } finally {
      await client.end();
    }
    await runTaskNow('sweep_device_presence');
    await expect.poll(async () => (await (await page.request.get(`/api/v1/devices/${device.id}`, { headers: auth })).json()).status, { message: 'the device goes offline', timeout: 60_000 }).toBe('offline');

    // The agent starts again: its beat brings the device online, which fires the automation.
    await agent.once();
    await runTaskNow('match_automation_events');
    const runs = async () => (await (await page.request.get(`/api/v1/automations/${automationId}/runs`, { headers: auth })).json()).data as { status: string; steps: { status: string }[] }[];
    await expect.poll(async () => (await runs())[0]?.steps[0]?.status, { message: 'the run queues the script', timeout: 90_000 }).toBe('running');
    // Its next cycle takes the script, runs it on this machine and reports the result.
    await agent.once();
    await expect.poll(async () => (await runs())[0]?.status, { message: 'the run completes with the script', timeout: 90_000 }).toBe('completed');

    await page.goto(`/automations/${automationId}`);
    const history = page.getByRole('list', { name: 'Runs' });
    await expect(history.getByText('Trigger: event')).toBeVisible();
    await expect(history.getByText('on device.online')).toBeVisible();
    await expect(history.getByText('completed', { exact: true })).toBeVisible();
    const step = history.getByRole('row').filter({ hasText: 'run_script' });
    await expect(step).toContainText(device.hostname);
    await expect(step).toContainText('succeeded');
    await expect(step).toContainText('Exit code 0');
    await expect(step.getByLabel('Script output')).toContainText(`back online ${tag}`);
    await expect(step.getByLabel('Script output')).toContainText('Linux');
  } finally {
    agent.cleanup();
  }
});
