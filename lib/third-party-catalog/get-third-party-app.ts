// GET /third-party-catalog/:id: the entry with its recent smoke tests.
import { db } from '@/lib/db';
import type { TThirdPartyAppDetail } from '@/lib/third-party-catalog/schemas';
import { getThirdPartyAppOrThrow } from '@/lib/third-party-catalog/get-third-party-app-or-throw';
import { devicesById, toThirdPartyAppDto, toThirdPartyTestDtos } from '@/lib/third-party-catalog/to-third-party-dto';

const RECENT_TESTS = 20;

export async function getThirdPartyApp(id: string): Promise<TThirdPartyAppDetail> {
  const app = await getThirdPartyAppOrThrow(id);
  const [tests, devices] = await Promise.all([
    db.thirdPartyAppTest.findMany({ where: { appId: id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: RECENT_TESTS }),
    devicesById(db, [app.testDeviceId]),
  ]);
  const device = app.testDeviceId ? (devices.get(app.testDeviceId) ?? null) : null;
  return { ...toThirdPartyAppDto(app, device), recentTests: await toThirdPartyTestDtos(db, tests) };
}
