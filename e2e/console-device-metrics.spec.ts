// A technician reads a device's metric history beyond the 5-minute retention: three weeks ago the
// device had a busy day (stored as hourly and daily rollups), today its agent reports live. The
// 30-day chart shows both at hourly resolution, the year at daily resolution, with availability.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { enrollAgent } from './helpers/agent';

const PASSWORD = 'Console-Metrics-Pass-7!';
const DAY_MS = 86_400_000;

/** Hourly rows for the 24 hours of a day three weeks back and its daily row, both rolled up. */
async function seedRollups(deviceId: string): Promise<Date> {
  const day = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 21 * DAY_MS);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    // Twelve beats-with-buckets an hour except in hour 3 (six: the device was off half the hour).
    await client.query(
      `insert into device_metric_hourly (device_id, bucket, samples, beat_buckets, cpu_count, cpu_sum, cpu_min, cpu_max,
         memory_count, memory_sum, memory_min, memory_max, disk_count, disk_sum, disk_min, disk_max)
       select $1::uuid, $2::timestamptz + make_interval(hours => h), b * 5, b, b * 5, b * 5 * (20 + h), 5, 60 + h,
         b * 5, b * 5 * 50, 40, 70, b * 5, b * 5 * 61, 60, 62
       from generate_series(0, 23) h cross join lateral (select case when h = 3 then 6 else 12 end as b) x`,
      [deviceId, day],
    );
    await client.query(
      `insert into device_metric_daily select device_id, $2::timestamptz, sum(samples), sum(beat_buckets), sum(cpu_count), sum(cpu_sum), min(cpu_min), max(cpu_max),
         sum(memory_count), sum(memory_sum), min(memory_min), max(memory_max), sum(disk_count), sum(disk_sum), min(disk_min), max(disk_max)
       from device_metric_hourly where device_id = $1::uuid group by device_id`,
      [deviceId, day],
    );
    // Rolled up through the last hour and day (unless the worker's upkeep got there first).
    await client.query(
      `insert into metric_rollup_watermarks (tier, rolled_through)
       values ('1h', date_bin('1 hour', now() - interval '1 hour', timestamptz '1970-01-01 00:00:00+00')), ('1d', date_bin('1 day', now() - interval '1 hour', timestamptz '1970-01-01 00:00:00+00'))
       on conflict (tier) do nothing`,
    );
  } finally {
    await client.end();
  }
  return day;
}

test('a technician reads a device’s metrics over 30 days and a year, from the rollups', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Metrics MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Northwind ${tag}` } });
  expect(org.status(), await org.text()).toBe(201);
  const orgId = (await org.json()).id as string;
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { name: 'Metrics', orgId } });
  expect(key.status(), await key.text()).toBe(201);
  const agent = await enrollAgent((await key.json()).key);
  try {
    await agent.once();
    const list = await page.request.get('/api/v1/devices', { headers: auth, params: { orgId, cursor: '' } });
    const deviceId = (await list.json()).devices[0].id as string;
    await seedRollups(deviceId);

    await page.goto(`/devices/${deviceId}`);
    await page.getByRole('tab', { name: 'Metrics' }).click();
    await expect(page.getByTestId('metrics-chart')).toBeVisible();

    // 30 days at hourly resolution: the 24 rolled-up hours and the live hour of today's beat.
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('metrics-summary')).toContainText('Average per hour');
    await expect(page.getByTestId('metrics-chart')).toHaveAttribute('data-points', '25');
    await expect(page.getByTestId('metrics-summary')).toContainText(/from 1,?41\d heartbeats/);
    await expect(page.getByTestId('metrics-availability')).toContainText('of the 5-minute intervals of the last 30 days');

    // A year at daily resolution: the rolled-up day and today.
    await page.getByRole('button', { name: 'Last 1 year' }).click();
    await expect(page.getByTestId('metrics-summary')).toContainText('Average per day');
    await expect(page.getByTestId('metrics-chart')).toHaveAttribute('data-points', '2');
    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await expect(page.getByTestId('metrics-chart')).toHaveAttribute('data-points', '2');

    // The API answers the same from the tiers: the old day's hours at 1h, with min/max and availability.
    const from = new Date(Date.now() - 30 * DAY_MS).toISOString();
    const res = await page.request.get(`/api/v1/devices/${deviceId}/metrics`, { headers: auth, params: { from, interval: '1h' } });
    const points = (await res.json()).data.points as { cpu: { min: number; max: number }; availabilityPercent: number }[];
    expect(points[3]).toMatchObject({ cpu: { min: 5, max: 63 }, availabilityPercent: 50 });
    await page.screenshot({ path: 'e2e/artifacts/console-device-metrics.png', fullPage: true });
  } finally {
    agent.cleanup();
  }
});
