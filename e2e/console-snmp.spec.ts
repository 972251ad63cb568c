// A technician finds a switch and watches it: a real Debian snmpd on loopback stands for the
// switch, the reference agent on this machine is the probe. From the discovery console they scan
// (live progress until the agent's run completes it), monitor the SNMP-capable asset and look at
// the topology; on the SNMP pages they poll the new device (the poll goes to the probe agent),
// read its chart, set a threshold that the next poll breaches, see it on the dashboard, and build
// a template from the MIB tree.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { enrollAgent } from './helpers/agent';
import { startSnmpd, type Snmpd } from '../tests/helpers/snmpd';

const PASSWORD = 'Console-Snmp-Pass-7!';
let snmpd: Snmpd | undefined;
let listener: net.Server | undefined;

test.afterAll(async () => {
  listener?.close();
  await snmpd?.stop();
});

test('discover a switch, monitor it over SNMP through the probe agent, chart it and set a threshold', async ({ page }) => {
  test.setTimeout(240_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `SNMP MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Branch ${tag}` } });
  expect(org.status(), await org.text()).toBe(201);
  const orgId = (await org.json()).id as string;
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { name: 'Probe', orgId } });
  expect(key.status(), await key.text()).toBe(201);
  const agent = await enrollAgent((await key.json()).key);
  snmpd = await startSnmpd({ sysName: `switch-${tag}` });
  listener = net.createServer((s) => s.destroy());
  const tcpPort = await new Promise<number>((resolve) => listener!.listen(0, '127.0.0.1', () => resolve((listener!.address() as net.AddressInfo).port)));
  try {
    await agent.once();
    const devices = await page.request.get('/api/v1/devices', { headers: auth, params: { orgId, cursor: '' } });
    const probeId = (await devices.json()).devices[0].id as string;
    // A profile for the loopback address, probed by this machine's agent.
    await page.goto('/discovery?tab=profiles');
    await page.getByRole('button', { name: 'New profile' }).click();
    const profileForm = page.getByRole('dialog');
    await profileForm.getByLabel('Name').fill(`Loopback ${tag}`);
    await profileForm.getByLabel('Subnets').fill('127.0.0.1/32');
    await profileForm.getByLabel('Ports').fill(String(tcpPort));
    await profileForm.getByLabel('SNMP v2c community').fill(snmpd.community);
    await profileForm.getByLabel('SNMP port').fill(String(snmpd.port));
    await profileForm.getByLabel('Probe device ID').fill(probeId);
    await profileForm.getByRole('button', { name: 'Create profile' }).click();
    await expect(profileForm).toBeHidden();

    // Scan from the profiles tab; the scans tab follows the job until the agent's run ends it.
    const row = page.getByRole('row', { name: new RegExp(`Loopback ${tag}`) });
    await row.getByRole('button', { name: 'Scan now' }).click();
    await page.getByRole('tab', { name: 'Scans' }).click();
    await expect(page.getByRole('table', { name: 'Discovery scans' }).getByText('queued')).toBeVisible();
    await agent.once();
    await expect(page.getByRole('table', { name: 'Discovery scans' }).getByText('completed')).toBeVisible({ timeout: 20_000 });

    // The asset answered SNMP: monitor it.
    await page.getByRole('tab', { name: 'Assets' }).click();
    const assets = page.getByRole('table', { name: 'Discovered assets' });
    await expect(assets.getByText(String(tcpPort))).toBeVisible();
    await assets.getByRole('checkbox', { name: 'Select 127.0.0.1' }).check();
    await page.getByRole('button', { name: 'Monitor', exact: true }).click();
    await expect(assets.getByText('monitored')).toBeVisible();
    await page.getByRole('tab', { name: 'Topology' }).click();
    await expect(page.getByRole('img', { name: 'Discovered network topology' })).toBeVisible();

    // The SNMP device discovery made is polled by the probe that found it.
    await page.getByRole('link', { name: 'SNMP monitoring' }).first().click();
    await expect(page.getByRole('heading', { name: 'SNMP monitoring' })).toBeVisible();
    await page.getByRole('navigation', { name: 'SNMP sections' }).getByRole('link', { name: 'Devices' }).click();
    const list = page.getByRole('table', { name: 'SNMP devices' });
    await expect(list.getByText('via probe agent')).toBeVisible();
    await list.getByRole('link').first().click();
    await expect(page.getByText('the probe agent')).toBeVisible();
    await page.getByRole('button', { name: 'Poll now' }).click();
    await expect(page.getByTestId('snmp-outcome')).toContainText('queued on the probe agent');
    await agent.once();
    await page.reload();
    await expect(page.getByTestId('snmp-device-status')).toContainText('up');
    await expect(page.getByText(`switch-${tag}`).first()).toBeVisible();
    const chart = page.getByTestId('snmp-oid-chart').filter({ hasText: 'sysUpTime' });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute('data-points', '1');

    // A threshold the next poll breaches (uptime above zero).
    const form = page.getByRole('form', { name: 'Add threshold' });
    await form.getByLabel('OID').selectOption({ label: 'sysUpTime (1.3.6.1.2.1.1.3.0)' });
    await form.getByLabel('Operator').selectOption({ label: '>' });
    await form.getByLabel('Value').fill('0');
    await form.getByRole('button', { name: 'Add threshold' }).click();
    const thresholds = page.getByRole('table', { name: 'SNMP thresholds' });
    await expect(thresholds.getByText('unknown')).toBeVisible();
    await page.getByRole('button', { name: 'Poll now' }).click();
    await expect(page.getByTestId('snmp-outcome')).toContainText('queued on the probe agent');
    await agent.once();
    await page.reload();
    await expect(page.getByRole('table', { name: 'SNMP thresholds' }).getByText('breached')).toBeVisible();

    // The dashboard counts it.
    await page.getByRole('navigation', { name: 'SNMP sections' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('snmp-stat-thresholds-breached')).toHaveText('1');
    await expect(page.getByTestId('snmp-stat-up')).toHaveText('1');
    await expect(page.getByTestId('snmp-breached')).toContainText('sysUpTime');

    // A template built from the MIB tree.
    await page.getByRole('navigation', { name: 'SNMP sections' }).getByRole('link', { name: 'Templates' }).click();
    await expect(page.getByRole('table', { name: 'SNMP templates' }).getByText('Generic interfaces (IF-MIB)')).toBeVisible();
    await page.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(`Processes ${tag}`);
    await dialog.getByLabel('Find in the MIB tree').fill('hrSystemProcesses');
    await dialog.getByRole('button', { name: 'Add hrSystemProcesses', exact: true }).click();
    await expect(dialog.getByLabel('OID 1', { exact: true })).toHaveValue('1.3.6.1.2.1.25.1.6');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(page.getByRole('table', { name: 'SNMP templates' }).getByText(`Processes ${tag}`)).toBeVisible();
  } finally {
    agent.cleanup();
  }
});
