// The manifests shipped with the service. System operators add others (POST /plugins/catalog);
// a shipped slug cannot be taken by one of them.
import { env } from '@/lib/env';
import type { TPluginManifest } from '@/lib/plugins/schemas';

export function shippedManifests(): TPluginManifest[] {
  const chat = env().PLUGIN_CHAT_URL.replace(/\/+$/, '');
  return [
    {
      slug: 'chat-notifications',
      name: 'Chat notifications',
      publisher: 'RMM Labs',
      version: '1.0.0',
      description: 'Posts triggered and resolved alerts into a chat channel, with the device\'s name and operating system read through the API.',
      scopes: ['alerts:read', 'devices:read'],
      events: ['alert.resolved', 'alert.triggered'],
      configSchema: {
        type: 'object',
        properties: {
          channel: { type: 'string', title: 'Channel', description: 'Chat channel the messages go to', default: '#alerts', minLength: 1, maxLength: 80 },
          minimumSeverity: { type: 'string', title: 'Minimum severity', enum: ['info', 'low', 'medium', 'high', 'critical'], default: 'medium' },
          mention: { type: 'string', title: 'Mention', description: 'Prepended to critical alerts, e.g. @oncall', maxLength: 80 },
          includeResolved: { type: 'boolean', title: 'Post resolutions', default: true },
        },
        required: ['channel'],
      },
      webhookUrl: `${chat}/events`,
      pageUrl: `${chat}/`,
      shipped: true,
      createdAt: null,
    },
    {
      slug: 'cmdb-sync',
      name: 'CMDB sync',
      publisher: 'Northwind Integrations',
      version: '2.3.1',
      description: 'Keeps configuration items of an external CMDB in step with enrolled and decommissioned devices.',
      scopes: ['devices:read', 'orgs:read'],
      events: ['device.decommissioned', 'device.enrolled', 'device.updated'],
      configSchema: {
        type: 'object',
        properties: {
          cmdbUrl: { type: 'string', title: 'CMDB address', format: 'uri' },
          includeSoftware: { type: 'boolean', title: 'Include installed software', default: false },
        },
        required: ['cmdbUrl'],
      },
      webhookUrl: 'https://cmdb.northwind-integrations.example/rmm/events',
      pageUrl: 'https://cmdb.northwind-integrations.example/',
      shipped: true,
      createdAt: null,
    },
    {
      slug: 'fleet-status-board',
      name: 'Fleet status board',
      publisher: 'RMM Labs',
      version: '0.9.0',
      description: 'A wall-screen board of device health per organization; reads the API on its own schedule and needs no events.',
      scopes: ['devices:read', 'orgs:read'],
      events: [],
      configSchema: {
        type: 'object',
        properties: {
          refreshSeconds: { type: 'integer', title: 'Refresh every (seconds)', minimum: 30, maximum: 3600, default: 60 },
        },
      },
      webhookUrl: null,
      pageUrl: 'https://status-board.rmm-labs.example/',
      shipped: true,
      createdAt: null,
    },
  ];
}
