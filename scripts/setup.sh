#!/usr/bin/env bash
# Sets up a fresh machine: system packages (Chromium for browser tests, Fairy-Stockfish as the reference engine),
# the workspace's npm packages, and a build of every package.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
[ -x /usr/games/fairy-stockfish ] || need_apt+=(fairy-stockfish)
[ -x /usr/games/fairymax ] || need_apt+=(fairymax)
if [ ${#need_apt[@]} -gt 0 ]; then
  sudo_cmd=()
  [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  echo "setup: installing Debian packages: ${need_apt[*]}"
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

export TURBO_TELEMETRY_DISABLED=1
npx -y pnpm@12.4.2 install --frozen-lockfile
npx -y pnpm@12.4.2 build
