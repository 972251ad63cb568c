// /api/v1/software/catalog/:id/versions/:versionId/installer — a version's installer file.
import { defineRoute } from '@/lib/http/define-route';
import { ZCatalogVersion, ZInstallerUploadQuery, ZVersionParams } from '@/lib/software/schemas';
import { uploadCatalogInstaller } from '@/lib/software/upload-catalog-installer';
import { downloadCatalogInstaller } from '@/lib/software/download-catalog-installer';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:read',
  params: ZVersionParams,
  summary: 'Download a version’s installer',
  description: 'The file as uploaded (`application/octet-stream`), with its SHA-256 in `ETag` and `X-Checksum-SHA256`. 404 when the version has no installer yet.',
  tags: ['Software'],
  handler: ({ ctx, params }) => downloadCatalogInstaller(ctx, params.id, params.versionId),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:manage',
  scopes: ['system', 'partner'],
  params: ZVersionParams,
  query: ZInstallerUploadQuery,
  // No `body`: the raw file is streamed (and cut off at the size limit) by the handler.
  requestBody: {
    contentType: 'application/octet-stream',
    description: 'The installer file itself, up to 100 MiB.',
    schema: { type: 'string', format: 'binary' },
  },
  status: 201,
  summary: 'Upload a version’s installer',
  description: [
    'Stores the file in the attachment store (the S3 bucket when configured, else the database) with its SHA-256, which agents verify before running it. `fileName` names it; an optional `sha256` is checked against the bytes received (400 `CHECKSUM_MISMATCH`).',
    'Installer packages only (409 `NOT_AN_INSTALLER_PACKAGE`); once per version, the file never changes (409 `INSTALLER_ALREADY_UPLOADED`: add a new version). 413 `INSTALLER_TOO_LARGE` over 100 MiB; 400 `EMPTY_INSTALLER`; 503 `STORAGE_UNAVAILABLE` when the bucket cannot be reached.',
  ].join('\n\n'),
  tags: ['Software'],
  response: ZCatalogVersion,
  handler: ({ ctx, params, query, req }) => uploadCatalogInstaller(ctx, params.id, params.versionId, query, req),
});
