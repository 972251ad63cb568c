/** OpenAPI text shared by the line routes of contracts, quotes and invoices. */
export const LINE_RULES_DOC = [
  'Money fields (`unitPrice`, quantities, `overagePrice`) are decimal strings with up to 10 digits and at most 2 decimal places; `taxRate` a percent string (0–100, 4 places); `sortOrder` a non-negative 32-bit integer; `catalogItemId` a uuid (400 on any of these).',
  '`catalogItemId` must name a live item of the partner (400 `CATALOG_ITEM_NOT_FOUND`). Without `unitPrice` the line takes the item’s price in the document currency: 409 `NO_PRICE_FOR_CURRENCY` when it has none, 409 `PRICE_NOT_REPRESENTABLE` when the currency cannot hold it (cents on a zero-decimal currency); `description` defaults to the item’s name.',
  'Per-device lines (`type: per_device`) carry a device set: `deviceSetType` `organization_wide`, `site` (with `siteId`), `role` (with `roles`) or `group` (with `groupId`), `includedQuantity` (default 0), `overageMode` `bill` (default; devices beyond the included quantity billed at `overagePrice`, default the unit price) or `flag` (listed as flagged, not billed). The site or group must belong to the document’s organization (400 `SITE_NOT_IN_ORG` / `GROUP_NOT_IN_ORG`).',
  'Device roles: a device’s role is the value of its `role:<name>` tag when it has one, else `server` (Windows Server editions and Linux), `workstation` (other Windows and macOS) or `unknown` (no OS reported yet).',
  '`type` (and a line’s `deviceSetType`) is immutable: remove and re-add the line to change it.',
].join('\n\n');
