#!/usr/bin/env bash
# Install the Debian packages named on the command line if any is missing.
# As root it runs apt-get; otherwise it prints the exact command and fails.
set -euo pipefail
missing=()
for pkg in "$@"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Qt needs these system libraries, and this is not a Debian/Ubuntu system: ${missing[*]}" >&2
  echo "Install their equivalents with your package manager, then run make again." >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Qt needs system libraries that are missing. Run this once, then make again:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
echo "Installing system libraries: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null || true
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
