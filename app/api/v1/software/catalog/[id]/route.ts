// /api/v1/software/catalog/:id — one package with its versions; edit; delete.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCatalogPackageDetail, ZUpdateCatalogPackageBody } from '@/lib/software/schemas';
import { getCatalogPackage } from '@/lib/software/get-catalog-package';
import { updateCatalogPackage } from '@/lib/software/update-catalog-package';
import { deleteCatalogPackage } from '@/lib/software/delete-catalog-package';

const WRITE_RULES = 'System packages are read-only below system scope: 403 `SYSTEM_CATALOG_READ_ONLY`. A package of another partner answers 404.';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:read',
  params: ZIdParams,
  summary: 'Get a software catalog package',
  description: 'The package and all its versions, newest first.',
  tags: ['Software'],
  response: ZCatalogPackageDetail,
  handler: ({ ctx, params }) => getCatalogPackage(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:manage',
  scopes: ['system', 'partner'],
  params: ZIdParams,
  body: ZUpdateCatalogPackageBody,
  summary: 'Edit a software catalog package',
  description: `Name, vendor, description, category, OS types and (package-manager packages) the reference; the kind never changes. ${WRITE_RULES}`,
  tags: ['Software'],
  response: ZCatalogPackageDetail,
  handler: ({ ctx, params, body }) => updateCatalogPackage(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:manage',
  scopes: ['system', 'partner'],
  params: ZIdParams,
  summary: 'Delete a software catalog package',
  description: `Removes the package from the catalog (its name becomes free again); deployments made from it keep their record. ${WRITE_RULES}`,
  tags: ['Software'],
  handler: ({ ctx, params }) => deleteCatalogPackage(ctx, params.id),
});
