#!/usr/bin/env bash
# Everything Plateau needs on a fresh Debian 12 machine, idempotent and quick when already done:
# apt packages (needs root), npm packages, the Docker engine (started if none answers), the images.
#   scripts/setup.sh [--no-engine] [--no-images]
set -euo pipefail
cd "$(dirname "$0")/.."
want_engine=1 want_images=1
for a in "$@"; do
  case "$a" in
    --no-engine) want_engine=0 ;;
    --no-images) want_images=0 ;;
  esac
done

say() { echo "setup: $*" >&2; }

missing=()
command -v dockerd >/dev/null || missing+=(docker.io)
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v bwrap >/dev/null || missing+=(bubblewrap)
command -v chromium >/dev/null || missing+=(chromium)
command -v curl >/dev/null || missing+=(curl)
command -v mkfs.btrfs >/dev/null || missing+=(btrfs-progs) # the private engine's btrfs data root: sandbox disk caps
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    say "missing system packages: ${missing[*]} — run as root, or: sudo apt-get install -y ${missing[*]}"
    exit 1
  fi
  say "installing ${missing[*]} (apt)"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages (npm ci)"
  npm ci --no-audit --no-fund
fi

if [ "$want_engine" = 1 ]; then
  bash scripts/engine.sh start
  if [ "$want_images" = 1 ]; then
    bash scripts/build-images.sh
  fi
fi
if [ "$want_images" = 1 ]; then
  # Root file systems for the local (bubblewrap) driver: exported from the images, or built without Docker.
  bash scripts/build-rootfs.sh
fi
