// /api/v1/third-party-catalog — the platform's third-party application catalog (system scope).
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateThirdPartyApp, ZListThirdPartyAppsQuery, ZThirdPartyAppDetail, ZThirdPartyAppList } from '@/lib/third-party-catalog/schemas';
import { listThirdPartyApps } from '@/lib/third-party-catalog/list-third-party-apps';
import { createThirdPartyApp } from '@/lib/third-party-catalog/create-third-party-app';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:read',
  scopes: ['system'],
  query: ZListThirdPartyAppsQuery,
  summary: 'List third-party applications',
  description: [
    'Platform administrators only (system scope; other callers get 403). Applications such as browsers and runtimes that operating-system updates do not cover, each with its per-platform update source (winget id, Homebrew formula or cask, distribution package), the inventory names that identify it and its smoke-test state.',
    'Filters: `vendor` (exact, case-insensitive), `serviceTested`, `platform`, `search` (name, vendor or category contains). Sorted by name; page size default 50, max 100.',
  ].join('\n\n'),
  tags: ['Patches'],
  response: ZThirdPartyAppList,
  handler: ({ query }) => listThirdPartyApps(query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:manage',
  scopes: ['system'],
  body: ZCreateThirdPartyApp,
  status: 201,
  summary: 'Add a third-party application',
  description: [
    'Platform administrators only. `updateSource` names, per operating system, the package manager (linux: apt, dnf, yum, apk, zypper; windows: winget, choco; macos: brew) and the package id; `platforms` defaults to the systems with a source, and every source must be on a listed platform (400).',
    '`testDeviceId` designates the device smoke tests run on: any enrolled device that takes commands, of any partner (400 `TEST_DEVICE_INVALID` otherwise). Names are unique among live entries (case-insensitive): 409 `APP_NAME_TAKEN`.',
  ].join('\n\n'),
  tags: ['Patches'],
  response: ZThirdPartyAppDetail,
  handler: ({ ctx, body }) => createThirdPartyApp(ctx, body),
});
