// /api/v1/software/catalog/:id/versions — a package's versions.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCatalogVersion, ZCatalogVersionList, ZCreateCatalogVersionBody } from '@/lib/software/schemas';
import { listCatalogVersions } from '@/lib/software/list-catalog-versions';
import { createCatalogVersion } from '@/lib/software/create-catalog-version';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:read',
  params: ZIdParams,
  summary: 'List a package’s versions',
  description: 'Newest first, with release notes, silent-install arguments and the installer’s SHA-256 (installer packages).',
  tags: ['Software'],
  response: ZCatalogVersionList,
  handler: ({ ctx, params }) => listCatalogVersions(ctx, params.id),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:manage',
  scopes: ['system', 'partner'],
  params: ZIdParams,
  body: ZCreateCatalogVersionBody,
  status: 201,
  summary: 'Add a version to a package',
  description: [
    'Package-manager packages: a pinned version (`1.24.0-1`) or `latest`; silent-install arguments are refused (400). Installer packages: a concrete version with optional `silentInstallArgs`/`silentUninstallArgs`; upload its file next (`POST …/versions/:versionId/installer`), until then `installer` is null.',
    '409 `VERSION_EXISTS` for a version the package already has. System packages are read-only below system scope: 403 `SYSTEM_CATALOG_READ_ONLY`.',
  ].join('\n\n'),
  tags: ['Software'],
  response: ZCatalogVersion,
  handler: ({ ctx, params, body }) => createCatalogVersion(ctx, params.id, body),
});
