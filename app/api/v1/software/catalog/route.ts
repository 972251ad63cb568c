// /api/v1/software/catalog — the packages a partner can deploy (its own and the system ones).
import { defineRoute } from '@/lib/http/define-route';
import { ZCatalogList, ZCatalogPackage, ZCreateCatalogPackageBody, ZListCatalogQuery } from '@/lib/software/schemas';
import { listCatalogPackages } from '@/lib/software/list-catalog-packages';
import { createCatalogPackage } from '@/lib/software/create-catalog-package';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:read',
  query: ZListCatalogQuery,
  summary: 'List software catalog packages',
  description: 'Your partner’s packages plus the system packages every partner sees (`scope` tells them apart). Filters: `search` (name, vendor, package reference), `kind`, `scope`, `osType` (packages for that OS or for any).',
  tags: ['Software'],
  response: ZCatalogList,
  handler: ({ ctx, query }) => listCatalogPackages(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:manage',
  scopes: ['system', 'partner'],
  body: ZCreateCatalogPackageBody,
  status: 201,
  summary: 'Add a software catalog package',
  description: [
    'A `package_manager` package names a `packageRef` the device’s package manager resolves (`apt:nginx`, `dnf:httpd`, `apk:curl`, `winget:…`); its versions pin a version or say `latest`. An `installer` package gets an uploaded file per version (`POST …/versions/:versionId/installer`).',
    'Partner callers create partner entries; system operators create system entries every partner sees. Names are unique per catalog (case-insensitive): 409 `PACKAGE_NAME_TAKEN`.',
  ].join('\n\n'),
  tags: ['Software'],
  response: ZCatalogPackage,
  handler: ({ ctx, body }) => createCatalogPackage(ctx, body),
});
