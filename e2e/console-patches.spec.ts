import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Patches-Pass-7!';

test('a technician approves a patch a scan found, installs it now and sees the device compliant', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Patches MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Contoso ${tag}` } });
  const orgId = (await org.json()).id as string;
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId, name: 'patches' } });
  const hostname = `web-${tag}`;
  const enrolled = await page.request.post('/api/v1/agents/enroll', {
    data: { enrollmentKey: (await key.json()).key, hostname, osType: 'linux', osVersion: 'Debian 12', architecture: 'amd64', agentVersion: '1.0.0' },
  });
  const agent = (await enrolled.json()) as { agentId: string; deviceId: string; authToken: string };
  const agentAuth = { authorization: `Bearer ${agent.authToken}` };
  // What the agent's apt scan reports.
  const scan = await page.request.put(`/api/v1/agents/${agent.agentId}/patches`, {
    headers: agentAuth,
    data: { manager: 'apt', refreshed: true, updates: [{ name: `libprobe-${tag}`, installedVersion: '1.0', version: '1.1', severity: 'important', cveIds: ['CVE-2026-1234'] }] },
  });
  expect(scan.status(), await scan.text()).toBe(200);

  // The device list shows the missing patch; its count opens the device's patches.
  await page.goto(`/devices?q=${hostname}`);
  const patchCount = page.getByRole('row', { name: new RegExp(hostname) }).getByTestId('device-patch-count');
  await expect(patchCount).toHaveAccessibleName('1 missing patch, 1 critical or important');
  await patchCount.click();
  await expect(page).toHaveURL(new RegExp(`/patches\\?view=device&device=${agent.deviceId}`));
  await expect(page.getByRole('row', { name: new RegExp(`libprobe-${tag}`) })).toContainText(hostname);
  await page.getByRole('button', { name: 'Showing one device: show all' }).click();
  await expect(page).not.toHaveURL(/device=/);

  await page.goto('/patches');
  await expect(page.getByTestId('patch-compliance')).toContainText('Missing critical');
  const row = page.getByRole('row', { name: new RegExp(`libprobe-${tag}`) });
  await expect(row).toContainText('CVE-2026-1234');
  await expect(row).toContainText('pending');

  // Filters live in the URL.
  await page.getByLabel('Approval').selectOption('pending');
  await expect(page).toHaveURL(/status=pending/);
  await row.getByRole('checkbox').check();
  await page.getByRole('toolbar', { name: 'Selected patches' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'approved.' })).toContainText('1 patch(es) approved');
  await page.getByLabel('Approval').selectOption('approved');
  await expect(page.getByRole('row', { name: new RegExp(`libprobe-${tag}`) })).toContainText('approved');

  await page.getByRole('tab', { name: 'By device' }).click();
  await expect(page).toHaveURL(/view=device/);
  const deviceRow = page.getByRole('row', { name: new RegExp(hostname) });
  await deviceRow.getByRole('checkbox').check();
  await page.getByRole('toolbar', { name: 'Selected device patches' }).getByRole('button', { name: 'Install now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'job(s)' })).toContainText('1 install job(s) sent');

  // The agent picks the command up and reports the package installed.
  const beat = await page.request.post(`/api/v1/agents/${agent.agentId}/heartbeat`, { headers: agentAuth, data: {} });
  const command = ((await beat.json()).commands as { id: string; type: string; payload: { jobId: string; packages: { patchId: string; name: string; version: string }[] } }[]).find((c) => c.type === 'patch_install')!;
  const result = await page.request.post(`/api/v1/agents/${agent.agentId}/commands/${command.id}/result`, {
    headers: agentAuth,
    data: { status: 'completed', exitCode: 0, result: { jobId: command.payload.jobId, packages: command.payload.packages.map((p) => ({ ...p, status: 'installed', installedVersion: p.version })) } },
  });
  expect(result.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Patch jobs' })).toContainText('completed');
  await expect(page.getByTestId('patch-compliance')).toContainText('100%');
});
