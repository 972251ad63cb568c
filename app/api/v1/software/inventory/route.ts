// GET /api/v1/software/inventory — the fleet's installed software, one row per package.
import { defineRoute } from '@/lib/http/define-route';
import { ZInventoryList, ZListInventoryQuery } from '@/lib/software/schemas';
import { listSoftwareInventory } from '@/lib/software/list-software-inventory';
import { csvResponse, inventoryCsv, wantsCsv } from '@/lib/software/inventory-csv';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListInventoryQuery,
  summary: 'List installed software across the fleet',
  description: [
    'One row per package name and vendor over the devices in your scope, with each version and the number of devices having it, as the agents last reported (`refresh_inventory` asks for a new report).',
    'Filters: `search` (name or vendor), `orgId`, `siteId`, `osType`, `version` (exact). Sort by `name`, `deviceCount` or `versionCount`. `totalDevices` counts the devices matching the organization, site and OS filters, for percentages.',
    '`format=csv` (or `Accept: text/csv`) answers every matching row as CSV (`name,vendor,version,versionDeviceCount,packageDeviceCount`), without pagination, up to 50,000 packages.',
  ].join('\n\n'),
  tags: ['Software'],
  response: ZInventoryList,
  handler: async ({ ctx, query, req }) => {
    if (!wantsCsv(query.format, req.headers.get('accept'))) return listSoftwareInventory(ctx, query);
    return csvResponse(inventoryCsv(await listSoftwareInventory(ctx, query, { all: true })), 'software-inventory.csv');
  },
});
