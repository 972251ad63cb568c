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

/** `signingKeyPem`: the release key (SPKI PEM) every downloaded file's signature is checked with. */
export function renderInstallScript(signingKeyPem: string): string {
  const server = publicBaseUrl();
  return `#!/usr/bin/env bash
# RMM agent installer for Linux and macOS, served by ${server}
#
#   curl -fsSL ${server}/api/v1/agents/install.sh | sudo bash -s -- --key <ENROLLMENT_KEY> [--enrollment-secret <SECRET>]
#
# Downloads the agent, refuses it unless its SHA-256 matches the release manifest (the
# X-Checksum-SHA256 the server registered) and its Ed25519 signature verifies with the server's
# release key written below (openssl pkeyutl -rawin, OpenSSL 3; without it the downloaded agent
# checks its own file with verify-release), enrolls it (enroll --key --server
# [--enrollment-secret] --quiet) and installs it as a service (service install: a systemd unit on
# Linux, a launchd daemon on macOS). Nothing is installed when a check fails.
# Exits without action when the agent is already enrolled, so a scheduled job may re-run it daily
# during a rollout. Needs root; Node.js >= 18 only when the server offers no self-contained binary
# for this platform (it then serves the JavaScript agent).
# Options: --key, --enrollment-secret, --server, --data-dir, --install-dir, --version,
#          --allow-reboot, --allow-shutdown, --service-dry-run
# Environment: RMM_ENROLLMENT_KEY, RMM_ENROLLMENT_SECRET, RMM_SERVER, RMM_AGENT_DATA_DIR,
#              RMM_AGENT_INSTALL_DIR
set -euo pipefail

# The server's agent release key: every file it serves is signed over
# rmm-agent-release:v1:<version>:<os>:<arch>:<sha256>.
SIGNING_KEY="${dquoteEscape(signingKeyPem.trim())}"
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
TMP="$(mktemp)"; HDR="$(mktemp)"; CHECK="$(mktemp -d)"
trap 'rm -rf "$TMP" "$HDR" "$CHECK"' EXIT
if command -v curl >/dev/null 2>&1; then
  curl -fsSL -D "$HDR" -o "$TMP" "$URL"
else
  wget -q -S -O "$TMP" "$URL" 2>"$HDR"
fi
header() { grep -i "^[[:space:]]*$1:" "$HDR" | tail -n 1 | cut -d: -f2- | tr -d ' \\r'; }
EXPECTED="$(header x-checksum-sha256)"
RELEASE="$(header x-agent-version)"
SIGNATURE="$(header x-agent-signature)"
ACTUAL="$( (sha256sum "$TMP" 2>/dev/null || shasum -a 256 "$TMP") | awk '{print $1}')"
if [ -z "$EXPECTED" ] || [ "$EXPECTED" != "$ACTUAL" ]; then echo "rmm-agent: checksum mismatch on download (expected $EXPECTED, got $ACTUAL); nothing installed" >&2; exit 1; fi
if [ -n "$VERSION" ] && [ "$RELEASE" != "$VERSION" ]; then echo "rmm-agent: asked for $VERSION but was served $RELEASE; nothing installed" >&2; exit 1; fi
[ -n "$SIGNATURE" ] || { echo "rmm-agent: the download carries no release signature; nothing installed" >&2; exit 1; }
# The signed message names what was downloaded: its version, this platform and the digest of the
# bytes on disk, so other bytes, another platform's file or a replayed signature all fail.
printf '%s' "rmm-agent-release:v1:$RELEASE:$OS:$ARCH:$ACTUAL" > "$CHECK/message"
printf '%s\n' "$SIGNING_KEY" > "$CHECK/key.pem"
VERIFIED=""
if command -v openssl >/dev/null 2>&1 && openssl version 2>/dev/null | grep -Eq '^OpenSSL ([3-9]|[1-9][0-9])'; then
  printf '%s' "$SIGNATURE" | openssl base64 -d -A > "$CHECK/signature"
  if openssl pkeyutl -verify -pubin -inkey "$CHECK/key.pem" -rawin -in "$CHECK/message" -sigfile "$CHECK/signature" >/dev/null 2>&1; then
    VERIFIED=openssl
  else
    echo "rmm-agent: the release signature does not verify with the server's key; nothing installed" >&2; exit 1
  fi
fi
# Without OpenSSL 3 (macOS ships LibreSSL) the new agent checks the downloaded file itself with the
# key above (verify-release), before it replaces anything, enrolls or becomes a service.
self_check() {
  [ -n "$VERIFIED" ] && return 0
  KEY_DER="$(printf '%s\n' "$SIGNING_KEY" | grep -v -- '-----' | tr -d '\n')"
  if "$@" verify-release --file "$TMP" --release-version "$RELEASE" --os "$OS" --arch "$ARCH" --sha256 "$ACTUAL" --signature "$SIGNATURE" --key "$KEY_DER" >/dev/null; then return 0; fi
  echo "rmm-agent: the release signature does not verify with the server's key; nothing installed" >&2
  return 1
}
mkdir -p "$INSTALL_DIR"
if [ "$(head -c 2 "$TMP")" = "#!" ]; then
  # The server has no self-contained binary for this platform: the JS bundle needs Node.js.
  command -v node >/dev/null 2>&1 || { echo "rmm-agent: this server offers the JavaScript agent for $OS/$ARCH, which needs Node.js 18 or newer (e.g. apt-get install nodejs)" >&2; exit 1; }
  node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)' || { echo "rmm-agent: Node.js 18 or newer is required" >&2; exit 1; }
  cp "$TMP" "$INSTALL_DIR/rmm-agent.cjs.new"
  chmod 0755 "$INSTALL_DIR/rmm-agent.cjs.new"
  self_check node "$INSTALL_DIR/rmm-agent.cjs.new" || { rm -f "$INSTALL_DIR/rmm-agent.cjs.new"; exit 1; }
  mv -f "$INSTALL_DIR/rmm-agent.cjs.new" "$INSTALL_DIR/rmm-agent.cjs"
  AGENT=(node "$INSTALL_DIR/rmm-agent.cjs")
else
  # A self-contained executable (the Node runtime with the agent inside): nothing else needed.
  cp "$TMP" "$INSTALL_DIR/rmm-agent.new"
  chmod 0755 "$INSTALL_DIR/rmm-agent.new"
  if [ "$OS" = macos ]; then
    # Built on Linux, the macOS binary carries no signature; Apple silicon runs only signed code,
    # so sign it ad hoc here, after the checksum check (self_check reads the unsigned download).
    codesign --sign - --force "$INSTALL_DIR/rmm-agent.new" || { echo "rmm-agent: codesign failed" >&2; exit 1; }
  fi
  self_check "$INSTALL_DIR/rmm-agent.new" || { rm -f "$INSTALL_DIR/rmm-agent.new"; exit 1; }
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
