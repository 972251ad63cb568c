// POST /api/v1/third-party-catalog/:id/test — queue a smoke test on the app's test device.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZRunThirdPartyTest, ZThirdPartyAppTest } from '@/lib/third-party-catalog/schemas';
import { runThirdPartyTest } from '@/lib/third-party-catalog/run-third-party-test';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:manage',
  scopes: ['system'],
  params: ZIdParams,
  body: ZRunThirdPartyTest,
  status: 202,
  summary: 'Run a smoke test of a third-party application',
  description: [
    'Platform administrators only. Queues a `software_install` command (payload `{ thirdPartyTestId, package: { kind: "package_manager", manager, name, version } }`, version null for `latest`) on the application’s test device, using the update source for that device’s operating system, and answers 202 with the test record (`queued`).',
    'When the agent reports, the test is `passed` if the install completed and the installed version is the requested one (or extends it: 128.0 matches 128.0.3-1), else `failed` with the reason; a passing version becomes `testedVersion` (and `latestVersion` when newer), which sets `serviceTested`. Follow it in `GET /third-party-catalog/:id` (`recentTests`).',
    '409 `NO_TEST_DEVICE` when no test device is set, `DEVICE_INACTIVE` when it takes no commands, `NO_UPDATE_SOURCE` when the application has no source for its operating system.',
  ].join('\n\n'),
  tags: ['Patches'],
  response: ZThirdPartyAppTest,
  handler: ({ ctx, params, body }) => runThirdPartyTest(ctx, params.id, body.version),
});
