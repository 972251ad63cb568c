// GET /api/v1/agents/install.ps1 — one-line Windows installer (no authentication).
import { defineRoute } from '@/lib/http/define-route';
import { releasePublicKeyPem } from '@/lib/agent-releases/release-signing';
import { renderInstallPs1 } from '@/lib/agent-releases/render-install-ps1';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  summary: 'Agent install script for Windows',
  description:
    "A PowerShell script for an elevated prompt: `& ([scriptblock]::Create((Invoke-RestMethod '{base_url}/agents/install.ps1'))) -Key '<KEY>' [-EnrollmentSecret '<SECRET>']`. It downloads the windows executable over HTTPS, checks its SHA-256 against the release manifest (`GET /agent-versions/latest`, or `-Version`) and its Ed25519 release signature with the key the script embeds (through `rmm-agent.exe verify-release`: the installed agent's when there is one, else the download's own, since PowerShell has no Ed25519), installs it under Program Files as the Windows service `rmm-agent` (automatic start, restart on failure) and enrolls once (an existing `agent.yaml` is kept), so it is safe to re-run. `-Uninstall [-Purge]` removes it. Needs the server to have been built with `npm run build:agent-binaries`.",
  tags: ['Agents'],
  handler: async () =>
    new Response(renderInstallPs1(await releasePublicKeyPem()), {
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    }),
});
