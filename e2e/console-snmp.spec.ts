// A technician finds a switch and watches it: a real Debian snmpd on loopback stands for the
// switch, the reference agent on this machine is the probe. From the discovery console they scan
// (live progress until the agent's run completes it), monitor the SNMP-capable asset and look at
// the topology; on the SNMP pages they poll the new device (the poll goes to the probe agent),
// test its credentials (through the probe too), read its chart, set a threshold that the next
// poll breaches, see it on the dashboard, and build a template from the MIB tree. The probe is
// picked by name, never typed as an id; the profile is edited (an SNMPv3 user added, secrets
// never shown) and the asset's monitoring settings changed in their dialog.
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
    const probe = (await devices.json()).devices[0] as { id: string; hostname: string };
    const probeId = probe.id;
    // A profile for the loopback address, probed by this machine's agent.
    await page.goto('/discovery?tab=profiles');
    await page.getByRole('button', { name: 'New profile' }).click();
    const profileForm = page.getByRole('dialog');
    await profileForm.getByLabel('Name').fill(`Loopback ${tag}`);
    await profileForm.getByLabel('Subnets').fill('127.0.0.1/32');
    await profileForm.getByLabel('Ports').fill(String(tcpPort));
    await profileForm.getByRole('button', { name: 'Add v2c community' }).click();
    await profileForm.getByLabel('Community 1').fill(snmpd.community);
    await profileForm.getByLabel('SNMP port').fill(String(snmpd.port));
    // The probe is found by its name in the picker.
    await profileForm.getByLabel('Find probe device').fill(probe.hostname);
    await expect(profileForm.getByRole('option', { name: new RegExp(probe.hostname) })).toHaveCount(1);
    await profileForm.getByLabel('Probe device', { exact: true }).selectOption(probeId);
    await profileForm.getByRole('button', { name: 'Create profile' }).click();
    await expect(profileForm).toBeHidden();

    // Edit it: the stored community shows as set, never its value; an SNMPv3 user is added after it.
    await page.getByRole('button', { name: `Edit Loopback ${tag}` }).click();
    const editForm = page.getByRole('dialog');
    await expect(editForm.getByRole('list', { name: 'Stored SNMP credentials' })).toHaveText('v2c community: set');
    await expect(editForm.getByLabel('Community 1')).toHaveCount(0);
    await expect(editForm.getByLabel('Probe device', { exact: true })).toHaveValue(probeId);
    await editForm.getByLabel('Name', { exact: true }).fill(`Loopback ${tag} edited`);
    await editForm.getByRole('button', { name: 'Replace credentials' }).click();
    await editForm.getByRole('button', { name: 'Add v2c community' }).click();
    await editForm.getByLabel('Community 1').fill(snmpd.community);
    await editForm.getByRole('button', { name: 'Add v3 user' }).click();
    await editForm.getByLabel('Username 2').fill(snmpd.v3.username);
    await editForm.getByLabel('Authentication key 2').fill(snmpd.v3.authKey);
    await editForm.getByLabel('Privacy key 2').fill(snmpd.v3.privKey);
    await editForm.getByRole('button', { name: 'Save profile' }).click();
    await expect(editForm).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(`Loopback ${tag} edited`) })).toContainText(`v2c, v3 ${snmpd.v3.username}`);
    await page.getByRole('button', { name: `Edit Loopback ${tag} edited` }).click();
    const stored = page.getByRole('dialog').getByRole('list', { name: 'Stored SNMP credentials' }).getByRole('listitem');
    await expect(stored).toHaveText(['v2c community: set', `v3 user ${snmpd.v3.username}: set`]);
    await expect(page.getByRole('dialog')).not.toContainText(snmpd.v3.authKey);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

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
    // Its monitoring settings, changed in their dialog.
    await assets.getByRole('button', { name: 'Monitoring of 127.0.0.1' }).click();
    const monitoring = page.getByRole('dialog');
    await expect(monitoring.getByTestId('monitoring-state')).toContainText('Monitored: 1 TCP monitor');
    await expect(monitoring.getByRole('link', { name: 'SNMP device' })).toBeVisible();
    await expect(monitoring.getByLabel('SNMP template')).toHaveValue('00000000-0000-4000-8000-000000005301');
    await monitoring.getByLabel('Check every (seconds)').fill('600');
    await monitoring.getByLabel('Alert severity').selectOption('medium');
    await monitoring.getByRole('button', { name: 'Save monitoring' }).click();
    await expect(monitoring).toBeHidden();
    await assets.getByRole('button', { name: 'Monitoring of 127.0.0.1' }).click();
    await expect(page.getByRole('dialog').getByLabel('Check every (seconds)')).toHaveValue('600');
    await expect(page.getByRole('dialog').getByLabel('Alert severity')).toHaveValue('medium');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
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
    // Test credentials: the probe answers (its next run claims the queued test).
    await page.getByRole('button', { name: 'Test credentials' }).click();
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/v1/devices/${probeId}/commands`, { headers: auth });
        return ((await res.json()).data as { type: string }[]).some((c) => c.type === 'snmp_test');
      })
      .toBe(true);
    await agent.once();
    await expect(page.getByTestId('snmp-outcome')).toContainText('Credentials work from the probe agent', { timeout: 20_000 });
    await expect(page.getByTestId('snmp-outcome')).toContainText(`switch-${tag}`);
    // The probe is shown by name in the edit form's picker.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('dialog').getByLabel('Probe device', { exact: true })).toHaveValue(probeId);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
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
