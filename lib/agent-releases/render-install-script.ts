// GET /agents/install.sh: the one-line installer of doc 3. It exits without action when the
// agent is already enrolled (agent.yaml in the data directory), so it can run daily.
import { publicBaseUrl } from '@/lib/public-url';

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** For a value inside double quotes in the script. */
const dquoteEscape = (s: string) => s.replace(/[\\$`"]/g, (c) => `\\${c}`);

export function installCommand(key: string, secret?: string): string {
  const base = publicBaseUrl();
  return `curl -fsSL ${shellQuote(`${base}/api/v1/agents/install.sh`)} | sudo bash -s -- --key ${shellQuote(key)}${secret ? ` --enrollment-secret ${shellQuote(secret)}` : ''}`;
}

export function renderInstallScript(): string {
  const server = publicBaseUrl();
  return `#!/usr/bin/env bash
# RMM agent installer for Linux and macOS, served by ${server}
#
#   curl -fsSL ${server}/api/v1/agents/install.sh | sudo bash -s -- --key <ENROLLMENT_KEY> [--enrollment-secret <SECRET>]
#
# Downloads the agent, enrolls it (enroll --key --server [--enrollment-secret] --quiet) and
# installs it as a service (service install: a systemd unit on Linux, a launchd daemon on macOS).
# Exits without action when the agent is already enrolled, so a scheduled job may re-run it daily
# during a rollout. Needs root; Node.js >= 18 only when the server offers no self-contained binary
# for this platform (it then serves the JavaScript agent).
# Options: --key, --enrollment-secret, --server, --data-dir, --install-dir, --version,
#          --allow-reboot, --allow-shutdown, --service-dry-run
# Environment: RMM_ENROLLMENT_KEY, RMM_ENROLLMENT_SECRET, RMM_SERVER, RMM_AGENT_DATA_DIR,
#              RMM_AGENT_INSTALL_DIR
set -euo pipefail

SERVER="\${RMM_SERVER:-${dquoteEscape(server)}}"
KEY="\${RMM_ENROLLMENT_KEY:-}"
SECRET="\${RMM_ENROLLMENT_SECRET:-}"
case "$(uname -s)" in
  Linux) OS=linux; DEFAULT_DATA_DIR=/var/lib/rmm-agent ;;
  Darwin) OS=macos; DEFAULT_DATA_DIR="/Library/Application Support/rmm-agent" ;;
  *) echo "rmm-agent: unsupported system $(uname -s)" >&2; exit 1 ;;
esac
DATA_DIR="\${RMM_AGENT_DATA_DIR:-$DEFAULT_DATA_DIR}"
INSTALL_DIR="\${RMM_AGENT_INSTALL_DIR:-/opt/rmm-agent}"
VERSION=""
DRY_RUN=""
EXTRA=()
while [ $# -gt 0 ]; do
  case "$1" in
    --key) KEY="$2"; shift 2 ;;
    --enrollment-secret) SECRET="$2"; shift 2 ;;
    --server) SERVER="$2"; shift 2 ;;
    --data-dir) DATA_DIR="$2"; shift 2 ;;
    --install-dir) INSTALL_DIR="$2"; shift 2 ;;
    --version) VERSION="$2"; shift 2 ;;
    --allow-reboot|--allow-shutdown) EXTRA+=("$1"); shift ;;
    --service-dry-run) DRY_RUN=1; shift ;;
    *) echo "rmm-agent: unknown option $1" >&2; exit 2 ;;
  esac
done

if [ -f "$DATA_DIR/agent.yaml" ]; then
  echo "rmm-agent: already enrolled ($DATA_DIR/agent.yaml exists); nothing to do"
  exit 0
fi
[ -n "$KEY" ] || { echo "rmm-agent: --key <enrollment key> is required" >&2; exit 2; }
if [ "$(id -u)" -ne 0 ] && [ -z "$DRY_RUN" ]; then echo "rmm-agent: run as root (the agent runs as the system account)" >&2; exit 1; fi
case "$(uname -m)" in
  x86_64|amd64) ARCH=amd64 ;;
  aarch64|arm64) ARCH=arm64 ;;
  *) echo "rmm-agent: unsupported architecture $(uname -m)" >&2; exit 1 ;;
esac

URL="$SERVER/api/v1/agents/download/$OS/$ARCH"
[ -n "$VERSION" ] && URL="$URL?version=$VERSION"
TMP="$(mktemp)"; HDR="$(mktemp)"
trap 'rm -f "$TMP" "$HDR"' EXIT
if command -v curl >/dev/null 2>&1; then
  curl -fsSL -D "$HDR" -o "$TMP" "$URL"
else
  wget -q -S -O "$TMP" "$URL" 2>"$HDR"
fi
EXPECTED="$(grep -i 'x-checksum-sha256:' "$HDR" | tail -n 1 | awk '{print $2}' | tr -d '\\r')"
ACTUAL="$( (sha256sum "$TMP" 2>/dev/null || shasum -a 256 "$TMP") | awk '{print $1}')"
if [ -z "$EXPECTED" ] || [ "$EXPECTED" != "$ACTUAL" ]; then echo "rmm-agent: checksum mismatch on download" >&2; exit 1; fi
mkdir -p "$INSTALL_DIR"
if [ "$(head -c 2 "$TMP")" = "#!" ]; then
  # The server has no self-contained binary for this platform: the JS bundle needs Node.js.
  command -v node >/dev/null 2>&1 || { echo "rmm-agent: this server offers the JavaScript agent for $OS/$ARCH, which needs Node.js 18 or newer (e.g. apt-get install nodejs)" >&2; exit 1; }
  node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)' || { echo "rmm-agent: Node.js 18 or newer is required" >&2; exit 1; }
  cp "$TMP" "$INSTALL_DIR/rmm-agent.cjs.new"
  chmod 0755 "$INSTALL_DIR/rmm-agent.cjs.new"
  mv -f "$INSTALL_DIR/rmm-agent.cjs.new" "$INSTALL_DIR/rmm-agent.cjs"
  AGENT=(node "$INSTALL_DIR/rmm-agent.cjs")
else
  # A self-contained executable (the Node runtime with the agent inside): nothing else needed.
  cp "$TMP" "$INSTALL_DIR/rmm-agent.new"
  chmod 0755 "$INSTALL_DIR/rmm-agent.new"
  if [ "$OS" = macos ]; then
    # Built on Linux, the macOS binary carries no signature; Apple silicon runs only signed code,
    # so sign it ad hoc here, after the checksum check.
    codesign --sign - --force "$INSTALL_DIR/rmm-agent.new" || { echo "rmm-agent: codesign failed" >&2; exit 1; }
  fi
  mv -f "$INSTALL_DIR/rmm-agent.new" "$INSTALL_DIR/rmm-agent"
  AGENT=("$INSTALL_DIR/rmm-agent")
fi

ENROLL=("\${AGENT[@]}" enroll --key "$KEY" --server "$SERVER" --data-dir "$DATA_DIR" --quiet)
[ -n "$SECRET" ] && ENROLL+=(--enrollment-secret "$SECRET")
"\${ENROLL[@]}"

SERVICE=("\${AGENT[@]}" service install --data-dir "$DATA_DIR")
[ -n "$DRY_RUN" ] && SERVICE+=(--dry-run)
"\${SERVICE[@]}" \${EXTRA[@]+"\${EXTRA[@]}"}
echo "rmm-agent: enrolled and installed"
`;
}
