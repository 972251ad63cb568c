import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { enrollAgent } from './helpers/agent';

const PASSWORD = 'Console-Scripts-Pass-7!';

test('a technician writes a script, runs it on an enrolled device and reads its output', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Scripts MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const orgId = (await (await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Proseware ${tag}` } })).json()).id as string;
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { name: 'Scripts', orgId } });
  const agent = await enrollAgent((await key.json()).key);
  try {
    await agent.once();

    await page.goto('/scripts');
    await expect(page.getByText('No scripts yet')).toBeVisible();
    await page.getByRole('button', { name: 'Write a script' }).click();
    await page.getByLabel('Script name').fill(`Disk report ${tag}`);
    await page.getByLabel('Script body').fill(`#!/bin/bash\necho "report-${tag}"\n`);
    await page.getByRole('button', { name: 'Create script' }).click();

    await expect(page.getByRole('heading', { name: `Disk report ${tag}` })).toBeVisible();
    await page.getByRole('group', { name: 'Devices' }).getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Run on 1 device' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 queued' })).toBeVisible();

    await agent.once();
    const execution = page.getByTestId('execution').first();
    await expect(execution).toContainText('completed', { timeout: 20_000 });
    await execution.getByRole('button').click();
    await expect(page.getByTestId('execution-stdout')).toContainText(`report-${tag}`);
    await page.screenshot({ path: 'e2e/artifacts/console-script-output.png', fullPage: true });
  } finally {
    agent.cleanup();
  }
});
