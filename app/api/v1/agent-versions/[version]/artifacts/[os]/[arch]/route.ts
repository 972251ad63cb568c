// /api/v1/agent-versions/:version/artifacts/:os/:arch — upload or delete one artifact of a release
// (system operators, after an MFA challenge).
import { defineRoute } from '@/lib/http/define-route';
import { ZAgentVersion } from '@/lib/agent-releases/schemas';
import { deleteAgentArtifact, uploadAgentArtifact, ZArtifactParams, ZArtifactUploadQuery } from '@/lib/agent-releases/upload-release';

export const POST = defineRoute({
  auth: ['user'],
  permission: 'devices:write',
  scopes: ['system'],
  mfa: true,
  params: ZArtifactParams,
  query: ZArtifactUploadQuery,
  // No `body`: the raw file is streamed into the attachment store (and cut off at the limit) by the handler.
  requestBody: {
    contentType: 'application/octet-stream',
    description: 'The artifact itself (a single executable for the platform, or the JavaScript bundle with `format=bundle`), up to 256 MiB.',
    schema: { type: 'string', format: 'binary' },
  },
  status: 201,
  summary: 'Upload an agent artifact',
  description: [
    'Registers a build the server was not shipped with. The body is streamed into the attachment store (the S3 bucket when configured, else the database) while the server computes its SHA-256, which must equal the declared `sha256` (400 `CHECKSUM_MISMATCH`, nothing kept). The artifact is then signed with the release key (`signature`, see GET /agent-versions/signing-key) and served by GET /agents/download/:os/:arch?version=. The first artifact of a version creates the release, not promoted: promote it with PATCH /agent-versions/:version.',
    'Platform administrators only, after an MFA challenge. 400 when `version` is not a semantic version, the body is empty (`EMPTY_ARTIFACT`), multipart or JSON (`INVALID_ARTIFACT_BODY`) or not an executable for `os` (`ARTIFACT_PLATFORM_MISMATCH`: ELF, PE or Mach-O; `#!` for a bundle); 409 `AGENT_ARTIFACT_EXISTS` (artifacts never change under a version) or `AGENT_VERSION_PROMOTED`; 413 `AGENT_ARTIFACT_TOO_LARGE` over 256 MiB; 503 `STORAGE_UNAVAILABLE`. Audited as `agent_version.artifact.upload`.',
  ].join('\n\n'),
  tags: ['Agents'],
  response: ZAgentVersion,
  handler: ({ ctx, params, query, req }) => uploadAgentArtifact(ctx, params, query, req),
});

export const DELETE = defineRoute({
  auth: ['user'],
  permission: 'devices:write',
  scopes: ['system'],
  mfa: true,
  params: ZArtifactParams,
  summary: 'Delete an agent artifact',
  description: 'Removes one artifact and its stored bytes. 409 `AGENT_VERSION_PROMOTED` for the promoted release (agents are being offered it); 404 when the artifact does not exist. Audited as `agent_version.artifact.delete`.',
  tags: ['Agents'],
  handler: ({ ctx, params }) => deleteAgentArtifact(ctx, params),
});
