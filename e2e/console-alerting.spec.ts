import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { startReceiver } from './helpers/receiver';

const PASSWORD = 'Console-Alerting-Pass-7!';

test('a technician sets up a webhook channel, tests it, creates a metric rule, then a rule from a template, a message template, a policy and a monitor', async ({ page, request, networkLog }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Alerting MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  expect((await request.post('/api/v1/orgs/organizations', { headers: { authorization: `Bearer ${token}` }, data: { name: `Fabrikam ${tag}` } })).status()).toBe(201);

  // The channel's receiver listens on a private address of this machine (loopback is refused by
  // the URL policy). Without one the test send fails, and the failure is what the page shows.
  const { address, port, url, received, close } = await startReceiver(`/alerts/${tag}`, 202, 'accepted');

  try {
    // Channels: the empty state leads to the form.
    await page.goto('/alerts/channels');
    await expect(page.getByRole('navigation', { name: 'Alerts sections' }).getByRole('link', { name: 'Channels' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('No notification channels yet')).toBeVisible();
    await page.getByRole('status').getByRole('link', { name: 'New channel' }).click();
    await expect(page.getByRole('form', { name: 'New channel' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(`Ops hook ${tag}`);
    await page.getByLabel('Kind').selectOption('webhook');

    // A URL the policy refuses: the envelope's detail shows at the URL field.
    // The refused URL is meant to come back as a 400 with its field error.
    networkLog.allow(/POST \S+\/api\/v1\/alerts\/channels → 400/);
    await page.getByLabel('URL', { exact: true }).fill('http://127.0.0.1/hook');
    await page.getByRole('button', { name: 'Create channel' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid webhook URL' }).first()).toBeVisible();
    await expect(page.getByLabel('URL', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('URL', { exact: true }).fill(url);
    await page.getByLabel('Signing secret').fill('whsec_alerting_e2e');
    await page.getByRole('button', { name: 'Create channel' }).click();
    await expect(page.getByRole('heading', { name: `Ops hook ${tag}` })).toBeVisible();
    // The secret is write-only: the page says it is set, never what it is.
    await expect(page.getByText('whsec_alerting_e2e')).toHaveCount(0);
    await expect(page.locator('dd').filter({ hasText: /^set$/ })).toBeVisible();
    await expect(page.getByText('never tested')).toBeVisible();

    await page.getByRole('button', { name: 'Send test' }).click();
    const outcome = page.getByTestId('channel-test-result');
    if (address) {
      await expect(outcome).toContainText('Test message delivered', { timeout: 20_000 });
      await expect(outcome).toContainText('HTTP 202');
      await expect(page.getByText('test ok')).toBeVisible();
      expect(received).toHaveLength(1);
      expect(received[0].headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    } else {
      await expect(outcome).toContainText('Test message failed', { timeout: 30_000 });
    }
    await page.screenshot({ path: 'e2e/artifacts/console-alerting-channel-test.png', fullPage: true });

    // Rules: a memory threshold held for three heartbeats.
    await page.getByRole('navigation', { name: 'Alerts sections' }).getByRole('link', { name: 'Rules' }).click();
    await expect(page.getByText('No alert rules yet')).toBeVisible();
    await page.getByRole('status').getByRole('link', { name: 'New rule' }).click();
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByLabel('Name', { exact: true }).fill(`Memory pressure ${tag}`);
    await form.getByLabel('Severity').selectOption('critical');
    await form.getByLabel('Metric').selectOption('memory');
    await form.getByLabel('Operator').selectOption('gte');
    // The out-of-range threshold is meant to come back as a 400 with its field error.
    networkLog.allow(/POST \S+\/api\/v1\/alerts\/rules → 400/);
    await form.getByLabel('Threshold (%)').fill('150');
    await form.getByLabel('Consecutive heartbeats').fill('3');
    await form.getByRole('button', { name: 'Create rule' }).click();
    // Out of range: the API's field error lands next to the threshold.
    await expect(form.getByLabel('Threshold (%)')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Threshold (%)').fill('85');
    await form.getByRole('button', { name: 'Create rule' }).click();

    await expect(page.getByRole('heading', { name: `Memory pressure ${tag}` })).toBeVisible();
    await expect(page.getByText('Memory at or above 85 % for 3 beats')).toBeVisible();
    await page.getByRole('button', { name: 'Test rule' }).click();
    await expect(page.getByTestId('rule-test-result')).toContainText('of 0 devices would match');

    await page.getByRole('navigation', { name: 'Alerts sections' }).getByRole('link', { name: 'Rules' }).click();
    const row = page.getByTestId('rules').getByRole('row', { name: new RegExp(`Memory pressure ${tag}`) });
    await expect(row).toContainText('Memory at or above 85 % for 3 beats');
    await expect(row).toContainText('critical');
    await expect(row).toContainText('Partner-wide');
    await expect(row).toContainText('enabled');
    await row.getByRole('button', { name: `Disable Memory pressure ${tag}` }).click();
    await expect(row).toContainText('disabled');
    await page.screenshot({ path: 'e2e/artifacts/console-alerting-rules.png', fullPage: true });

    // Templates: a rule from the built-in "High CPU" starts filled in; a custom message template is created and renamed.
    await page.getByRole('navigation', { name: 'Alerts sections' }).getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('link', { name: 'Create rule from High CPU' }).click();
    const fromTemplate = page.getByRole('form', { name: 'New rule' });
    await expect(fromTemplate.getByLabel('Name', { exact: true })).toHaveValue('High CPU');
    await expect(fromTemplate.getByLabel('Threshold (%)')).toHaveValue('90');
    await expect(fromTemplate.getByLabel('Consecutive heartbeats')).toHaveValue('5');
    await fromTemplate.getByRole('button', { name: 'Create rule' }).click();
    await expect(page.getByRole('heading', { name: 'High CPU' })).toBeVisible();
    await expect(page.getByText('builtin:high-cpu')).toBeVisible();

    await page.getByRole('navigation', { name: 'Alerts sections' }).getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('tab', { name: /^Custom/ }).click();
    await expect(page.getByText('No custom templates yet')).toBeVisible();
    await page.getByRole('status').getByRole('button', { name: 'New template' }).click();
    const tplForm = page.getByRole('form', { name: 'New template' });
    await tplForm.getByLabel('Template kind').selectOption('message');
    await tplForm.getByLabel('Name', { exact: true }).fill(`Pager text ${tag}`);
    await tplForm.getByLabel('Subject').fill('{{severity}}: {{title}}');
    await tplForm.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('button', { name: `Edit Pager text ${tag}` }).click();
    const editTpl = page.getByRole('form', { name: 'Edit template' });
    await editTpl.getByLabel('Name', { exact: true }).fill(`Pager short ${tag}`);
    await editTpl.getByRole('button', { name: 'Save template' }).click();
    await expect(page.getByText(`Pager short ${tag}`)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Custom (1)' })).toBeVisible();

    // A policy routes critical alerts of that rule to the channel, escalating after 15 minutes.
    await page.getByRole('navigation', { name: 'Alerts sections' }).getByRole('link', { name: 'Policies' }).click();
    await expect(page.getByText('No alert policies yet')).toBeVisible();
    await page.getByRole('status').getByRole('link', { name: 'New policy' }).click();
    const policyForm = page.getByRole('form', { name: 'New policy' });
    await policyForm.getByLabel('Name', { exact: true }).fill(`On call ${tag}`);
    await policyForm.getByRole('group', { name: /^Severities/ }).getByLabel('critical').check();
    await policyForm.getByRole('group', { name: /^Rules/ }).getByLabel(`Memory pressure ${tag}`).check();
    await policyForm.getByRole('group', { name: 'Channels', exact: true }).getByLabel(`Ops hook ${tag}`).check();
    await policyForm.getByLabel('Escalate alerts nobody acknowledges').check();
    await policyForm.getByLabel('Escalate after (minutes)').fill('15');
    await policyForm.getByRole('group', { name: 'Escalation channels' }).getByLabel(`Ops hook ${tag}`).check();
    await policyForm.getByRole('button', { name: 'Create policy' }).click();
    await expect(page.getByRole('heading', { name: `On call ${tag}` })).toBeVisible();
    await page.getByRole('navigation', { name: 'Alerts sections' }).getByRole('link', { name: 'Policies' }).click();
    const policyRow = page.getByTestId('policies').getByRole('row', { name: new RegExp(`On call ${tag}`) });
    await expect(policyRow).toContainText('critical · 1 rule(s)');
    await expect(policyRow).toContainText(`after 15 min → Ops hook ${tag}`);

    // A TCP monitor on the receiver's port: "Check now" records an up result.
    if (address) {
      await page.getByRole('navigation', { name: 'Alerts sections' }).getByRole('link', { name: 'Monitors' }).click();
      await expect(page.getByText('No monitors yet')).toBeVisible();
      await page.getByRole('status').getByRole('link', { name: 'New monitor' }).click();
      const monitorForm = page.getByRole('form', { name: 'New monitor' });
      await monitorForm.getByLabel('Name', { exact: true }).fill(`Receiver port ${tag}`);
      await monitorForm.getByLabel('Kind').selectOption('tcp');
      await monitorForm.getByLabel('Host').fill(address);
      await monitorForm.getByLabel('Port').fill(String(port));
      await monitorForm.getByRole('button', { name: 'Create monitor' }).click();
      await expect(page.getByRole('heading', { name: `Receiver port ${tag}` })).toBeVisible();
      await expect(page.getByText('No results yet')).toBeVisible();
      await page.getByRole('button', { name: 'Check now' }).click();
      await expect(page.getByTestId('monitor-check-result')).toContainText('Check recorded: up');
      await expect(page.getByTestId('monitor-results').getByRole('row')).toHaveCount(2);
    }

    // Nobody has been notified yet: the notifications page (from the bell) says why.
    await page.getByTestId('notification-bell').click();
    await page.getByRole('link', { name: 'View all notifications' }).click();
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(page.getByText('No notifications')).toBeVisible();

    // Through the API the rule is what the form said.
    const rules = await request.get('/api/v1/alerts/rules', { headers: { authorization: `Bearer ${token}` } });
    expect((await rules.json()).data[0]).toMatchObject({ name: `Memory pressure ${tag}`, severity: 'critical', enabled: false, condition: { type: 'metric', metric: 'memory', operator: 'gte', threshold: 85, consecutiveBeats: 3 } });
  } finally {
    close();
  }
});
