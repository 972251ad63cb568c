// A software_install result that belongs to a smoke test: passed when the install completed and
// the device reports the requested version (or one extending it), failed otherwise. The app's
// tested version, latest version and serviceTested follow:
// - a pass advances testedVersion (never backwards) and latestVersion when the tested one is newer;
// - a failure of the version that had passed clears testedVersion (it is no longer known-good);
// - serviceTested is then recomputed (tested-state.ts).
import type { Tx } from '@/lib/db';
import type { DeviceCommand } from '@/lib/generated/prisma/client';
import { compareVersions, versionMatches } from '@/lib/third-party-catalog/version-match';
import { isServiceTested } from '@/lib/third-party-catalog/tested-state';

interface ResultInput {
  status: string;
  stderr?: string | null;
  result?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export async function recordThirdPartyTestResult(tx: Tx, command: Pick<DeviceCommand, 'id' | 'type'>, input: ResultInput): Promise<void> {
  if (command.type !== 'software_install') return;
  const test = await tx.thirdPartyAppTest.findUnique({ where: { commandId: command.id } });
  if (!test || (test.status !== 'queued' && test.status !== 'running')) return;
  const result = (input.result ?? {}) as Record<string, unknown>;
  const installed = text(result.installedVersion);
  const requested = test.version === 'latest' ? null : test.version;
  let error: string | null = null;
  if (input.status !== 'completed') error = text(result.reason) ?? text(input.stderr)?.slice(-1000) ?? `The install ${input.status}`;
  else if (!installed) error = 'The agent reported no installed version';
  else if (requested && !versionMatches(installed, requested)) error = `Installed ${installed}, expected ${requested}`;
  const passed = error === null;
  const status = passed ? 'passed' : input.status === 'cancelled' ? 'cancelled' : 'failed';
  await tx.thirdPartyAppTest.update({ where: { id: test.id }, data: { status, error, installedVersion: installed, completedAt: new Date() } });
  // A cancelled install says nothing about the version.
  if (status === 'cancelled') return;

  const app = await tx.thirdPartyApp.findUnique({ where: { id: test.appId } });
  if (!app) return;
  let { testedVersion, testedAt, latestVersion } = app;
  if (passed) {
    const version = requested ?? installed!;
    if (!testedVersion || compareVersions(version, testedVersion) >= 0) [testedVersion, testedAt] = [version, new Date()];
    if (!latestVersion || compareVersions(version, latestVersion) > 0) latestVersion = version;
  } else {
    const version = requested ?? latestVersion;
    if (version && testedVersion && versionMatches(testedVersion, version)) [testedVersion, testedAt] = [null, null];
  }
  await tx.thirdPartyApp.update({ where: { id: app.id }, data: { testedVersion, testedAt, latestVersion, serviceTested: isServiceTested(latestVersion, testedVersion) } });
}
