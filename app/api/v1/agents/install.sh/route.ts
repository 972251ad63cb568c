// GET /api/v1/agents/install.sh — one-line installer (no authentication).
import { defineRoute } from '@/lib/http/define-route';
import { releasePublicKeyPem } from '@/lib/agent-releases/release-signing';
import { renderInstallScript } from '@/lib/agent-releases/render-install-script';

export const GET = defineRoute({
  auth: 'none',
  permission: 'none',
  authorization: 'public',
  summary: 'Agent install script',
  description:
    'A bash script for Linux and macOS: `curl -fsSL {base_url}/agents/install.sh | sudo bash -s -- --key <KEY> [--enrollment-secret <SECRET>]`. It exits without action when `agent.yaml` already exists in the agent data directory (so it can be re-run daily during a rollout); otherwise it downloads the agent (checksum-verified), runs `enroll --key --server [--enrollment-secret] --quiet`, then `service install` (a systemd unit on Linux, a launchd daemon on macOS). Nothing is installed unless the file’s SHA-256 matches the release manifest and its Ed25519 release signature (header `X-Agent-Signature`) verifies with the server’s release key, which the script embeds (`openssl pkeyutl -verify -rawin` with OpenSSL 3, else the downloaded agent’s `verify-release`). Needs root; it installs the self-contained executable when the server has one for the platform (macOS: signed ad hoc with `codesign --sign -` after the checksum check), otherwise the JavaScript agent, which needs Node.js ≥ 18.',
  tags: ['Agents'],
  handler: async () =>
    new Response(renderInstallScript(await releasePublicKeyPem()), {
      status: 200,
      headers: { 'content-type': 'text/x-shellscript; charset=utf-8', 'cache-control': 'no-store' },
    }),
});
