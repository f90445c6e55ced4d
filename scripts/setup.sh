#!/usr/bin/env bash
# Sets up a fresh machine: system packages (Chromium for the board's browser tests, Fairy-Stockfish and Fairymax as
# reference engines, a C++ toolchain for native addons), the workspace's npm packages, and a build of every package.
# Safe to run again: it installs only what is missing. Tests that need these programs fail (they do not skip) when
# they are missing, so this must succeed.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1
# Browser tests use Debian's Chromium, never a browser downloaded by Playwright.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

fail() {
  echo "setup: $*" >&2
  exit 1
}

command -v node >/dev/null || fail "Node.js 20.11 or later is needed (node not found)"
node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 11) ? 0 : 1)' ||
  fail "Node.js 20.11 or later is needed (found $(node --version))"
pnpm=(npx -y "$(node -p 'require("./package.json").packageManager')")

# Debian package → the program it installs (a path, or a command looked up on PATH). g++, make and python3 build
# native addons (node-gyp: node-pty for the CLI's terminal test) against Node's own headers.
declare -A programs=(
  [chromium]=/usr/bin/chromium
  [fairy-stockfish]=/usr/games/fairy-stockfish
  [fairymax]=/usr/games/fairymax
  [g++]=g++
  [make]=make
  [python3]=python3
)
have() {
  case "$1" in
    /*) [ -x "$1" ] ;;
    *) command -v "$1" >/dev/null ;;
  esac
}
missing=()
for package in "${!programs[@]}"; do
  have "${programs[$package]}" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  command -v apt-get >/dev/null || fail "cannot install ${missing[*]}: no apt-get (install them by hand)"
  sudo_cmd=()
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || fail "cannot install ${missing[*]}: not root and no sudo"
    sudo_cmd=(sudo)
  fi
  echo "setup: installing Debian packages: ${missing[*]}"
  for attempt in 1 2 3; do
    if "${sudo_cmd[@]}" apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" \
        >/dev/null; then
      break
    fi
    [ "$attempt" = 3 ] && fail "apt-get could not install ${missing[*]}"
    echo "setup: apt-get failed (attempt $attempt), retrying in 5 s"
    sleep 5
  done
  for package in "${missing[@]}"; do
    have "${programs[$package]}" || fail "$package is installed but ${programs[$package]} is missing"
  done
fi

"${pnpm[@]}" install --frozen-lockfile
"${pnpm[@]}" build
# The commit-message rule (CONTRIBUTING.md, "Commits") for commits made in this clone.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git config core.hooksPath scripts/git-hooks
fi
echo "setup: done (node $(node --version); $(/usr/bin/chromium --version 2>/dev/null || echo chromium))"
