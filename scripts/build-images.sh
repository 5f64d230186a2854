#!/usr/bin/env bash
# Build Plateau's sandbox images: plateau/base, then plateau/bash-fs1..4 and plateau/python FROM it;
# plateau/sql-base (Debian's MariaDB), then plateau/sql FROM it (the Spider databases loaded);
# plateau/ctf-base (the base plus the CTF tools), then plateau/ctf FROM it (the challenge files).
#   scripts/build-images.sh [--force] [bash] [python] [sql] [ctf]     (no name: all of them)
# Idempotent: every image carries a label with the hash of its inputs, and a build whose hash
# matches the existing image is skipped. Without debian:bookworm-slim (no registry), the base
# comes from debootstrap; its tarball is cached under .data/images/.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$REPO/.data/images"
LABEL=dev.plateau.inputs
FORCE=0 WANT=""
for a in "$@"; do
  case "$a" in
    --force) FORCE=1 ;;
    bash|python|sql|ctf) WANT="$WANT $a" ;;
    *) echo "usage: $0 [--force] [bash] [python] [sql] [ctf]" >&2; exit 2 ;;
  esac
done
WANT="${WANT:- bash python sql ctf}"
export DOCKER_BUILDKIT=0 # the classic builder: no buildx plugin needed, works with dockerd 20.10

say() { echo "build-images: $*"; }
die() { echo "build-images: $*" >&2; exit 1; }

command -v docker >/dev/null || die "docker CLI not found: run: apt-get install -y docker.io"
if ! env_line="$("$REPO/scripts/engine.sh" env 2>/dev/null)"; then
  die "no Docker engine answers: run: scripts/engine.sh start"
fi
eval "$env_line"

# hash of files (names relative to REPO, and contents) plus extra strings
hash_inputs() {
  { for f in "$@"; do
      if [ -f "$REPO/$f" ]; then echo "== $f"; cat "$REPO/$f"; else echo "== $f"; fi
    done; } | sha256sum | cut -c1-16
}
image_label() { docker image inspect -f "{{ index .Config.Labels \"$LABEL\" }}" "$1" 2>/dev/null || true; }
up_to_date() { [ "$FORCE" = 0 ] && [ "$(image_label "$1")" = "$2" ]; }

# The Debian mirror this machine's apt uses (deb822 sources first, then the one-line format).
debian_mirror() {
  local m=""
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    m="$(awk '/^URIs:/ && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)"
  fi
  if [ -z "$m" ] && [ -f /etc/apt/sources.list ]; then
    m="$(awk '$1 == "deb" && $0 !~ /security/ {for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) {print $i; exit}}' /etc/apt/sources.list)"
  fi
  echo "${m:-http://deb.debian.org/debian}"
}

build_base() {
  local hash tar rootfs pkgs mirror
  hash="$(hash_inputs docker/base/packages.txt docker/base/Dockerfile)"
  if up_to_date plateau/base:latest "$hash"; then say "plateau/base is up to date ($hash)"; return; fi
  if docker image inspect debian:bookworm-slim >/dev/null 2>&1; then
    say "building plateau/base FROM debian:bookworm-slim"
    mkdir -p "$CACHE"
    if ! docker build --force-rm --label "$LABEL=$hash" -t plateau/base:latest "$REPO/docker/base" >"$CACHE/build-base.log" 2>&1; then
      tail -n 20 "$CACHE/build-base.log" >&2
      die "docker build of plateau/base failed (log: $CACHE/build-base.log)"
    fi
    say "built plateau/base ($hash)"
    return
  fi
  tar="$CACHE/base-$hash.tar"
  if [ ! -f "$tar" ]; then
    command -v debootstrap >/dev/null || die "no debian:bookworm-slim image and no debootstrap: run: apt-get install -y debootstrap"
    pkgs="$(sed -e 's/#.*//' "$REPO/docker/base/packages.txt" | tr -s ' \t\n' ',' | sed -e 's/^,//' -e 's/,$//')"
    mirror="$(debian_mirror)"
    rootfs="$CACHE/rootfs.tmp"
    mkdir -p "$CACHE"
    # a previous interrupted run may have left proc/sys mounted inside the target
    umount -R "$rootfs/proc" "$rootfs/sys" 2>/dev/null || true
    rm -rf "$rootfs"
    say "debootstrap bookworm from $mirror (about a minute; log: $CACHE/debootstrap.log)"
    if ! debootstrap --variant=minbase --include="$pkgs" bookworm "$rootfs" "$mirror" >"$CACHE/debootstrap.log" 2>&1; then
      say "debootstrap failed; trying once more (a mirror hiccup?)"
      umount -R "$rootfs/proc" "$rootfs/sys" 2>/dev/null || true
      rm -rf "$rootfs"
      if ! debootstrap --variant=minbase --include="$pkgs" bookworm "$rootfs" "$mirror" >"$CACHE/debootstrap.log" 2>&1; then
        tail -n 20 "$CACHE/debootstrap.log" >&2
        die "debootstrap failed (full log: $CACHE/debootstrap.log)"
      fi
    fi
    umount -R "$rootfs/proc" "$rootfs/sys" 2>/dev/null || true
    # what debian:bookworm-slim leaves out too: apt caches, documentation, translations
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/bootstrap.log \
      "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
    say "packing rootfs ($(du -sh "$rootfs" | cut -f1))"
    tar --numeric-owner -C "$rootfs" -cf "$tar.part" .
    mv "$tar.part" "$tar"
    rm -rf "$rootfs"
    find "$CACHE" -maxdepth 1 -name 'base-*.tar' ! -name "base-$hash.tar" -delete # old inputs
  else
    say "using cached rootfs tarball $tar"
  fi
  say "importing plateau/base"
  docker import \
    -c "LABEL $LABEL=$hash" \
    -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    -c 'ENV LANG=C.UTF-8' \
    -c 'CMD ["bash"]' \
    "$tar" plateau/base:latest >/dev/null
  say "built plateau/base ($hash)"
}

build_bash() {
  local fs="$1" base_id hash files
  base_id="$(docker image inspect -f '{{.Id}}' plateau/base:latest)"
  mkdir -p "$CACHE"
  files="$(cd "$REPO" && find docker/bash -type f ! -name '*.md' | LC_ALL=C sort)"
  # shellcheck disable=SC2086
  hash="$(hash_inputs $files | { cat; echo "$base_id fs$fs"; } | sha256sum | cut -c1-16)"
  if up_to_date "plateau/bash-fs$fs:latest" "$hash"; then say "plateau/bash-fs$fs is up to date ($hash)"; return; fi
  say "building plateau/bash-fs$fs"
  if ! docker build --force-rm --network none --build-arg "FS=$fs" --label "$LABEL=$hash" \
    -t "plateau/bash-fs$fs:latest" -f "$REPO/docker/bash/Dockerfile" "$REPO/docker/bash" \
    >"$CACHE/build-bash-fs$fs.log" 2>&1; then
    tail -n 20 "$CACHE/build-bash-fs$fs.log" >&2
    die "docker build of plateau/bash-fs$fs failed (log: $CACHE/build-bash-fs$fs.log)"
  fi
  say "built plateau/bash-fs$fs ($hash)"
}

# plateau/python: the Bash images' user and helper (docker/bash) with no task files, and the console.
build_python() {
  local base_id hash files
  base_id="$(docker image inspect -f '{{.Id}}' plateau/base:latest)"
  files="$(cd "$REPO" && find docker/bash docker/python docker/console -type f ! -name '*.md' ! -name '*_test.py' | LC_ALL=C sort)"
  # shellcheck disable=SC2086
  hash="$(hash_inputs $files | { cat; echo "$base_id python"; } | sha256sum | cut -c1-16)"
  if up_to_date plateau/python:latest "$hash"; then say "plateau/python is up to date ($hash)"; return; fi
  say "building plateau/python"
  if ! docker build --force-rm --network none --label "$LABEL=$hash" \
    -t plateau/python:latest -f "$REPO/docker/python/Dockerfile" "$REPO/docker" \
    >"$CACHE/build-python.log" 2>&1; then
    tail -n 20 "$CACHE/build-python.log" >&2
    die "docker build of plateau/python failed (log: $CACHE/build-python.log)"
  fi
  say "built plateau/python ($hash)"
}

# An image of Debian packages beyond a minbase: `NAME` from `DIR/packages.txt`. Where
# debian:bookworm-slim can be pulled, DIR/base.Dockerfile; without a registry, `apt-get install` of
# the same list in a chroot (a policy-rc.d keeps a package from starting a server there) of a fresh
# debootstrap minbase, or of the base's cached tarball when FROM_BASE=1 (plateau/ctf-base: the
# base's packages plus the CTF tools). The tarball is cached in .data/images/ like the base's.
#   build_apt_image NAME DIR FROM_BASE
build_apt_image() {
  local name="$1" dir="$2" from_base="$3" hash tar rootfs mirror base_tar=""
  hash="$(hash_inputs "$dir/packages.txt" "$dir/base.Dockerfile")"
  if [ "$from_base" = 1 ]; then
    base_tar="$CACHE/base-$(hash_inputs docker/base/packages.txt docker/base/Dockerfile).tar"
    hash="$(echo "$hash $(docker image inspect -f '{{.Id}}' plateau/base:latest)" | sha256sum | cut -c1-16)"
  fi
  if up_to_date "plateau/$name:latest" "$hash"; then say "plateau/$name is up to date ($hash)"; return; fi
  mkdir -p "$CACHE"
  if docker image inspect debian:bookworm-slim >/dev/null 2>&1; then
    say "building plateau/$name FROM debian:bookworm-slim"
    docker build --force-rm --label "$LABEL=$hash" -t "plateau/$name:latest" -f "$REPO/$dir/base.Dockerfile" "$REPO/$dir" \
      >"$CACHE/build-$name.log" 2>&1 || { tail -n 20 "$CACHE/build-$name.log" >&2; die "docker build of plateau/$name failed"; }
    say "built plateau/$name ($hash)"
    return
  fi
  tar="$CACHE/$name-$hash.tar"
  if [ ! -f "$tar" ]; then
    mirror="$(debian_mirror)"
    rootfs="$CACHE/$name-rootfs.tmp"
    umount -R "$rootfs/proc" "$rootfs/sys" 2>/dev/null || true
    rm -rf "$rootfs"
    if [ "$from_base" = 1 ]; then
      [ -f "$base_tar" ] || die "no base tarball $base_tar (plateau/base was not built from debootstrap here?)"
      say "plateau/$name: the base tarball + apt-get install $dir/packages.txt (log: $CACHE/debootstrap-$name.log)"
      mkdir -p "$rootfs" && tar -x --numeric-owner -f "$base_tar" -C "$rootfs"
      : >"$CACHE/debootstrap-$name.log"
    else
      command -v debootstrap >/dev/null || die "no debian:bookworm-slim image and no debootstrap: run: apt-get install -y debootstrap"
      say "debootstrap bookworm + $dir/packages.txt from $mirror (a few minutes; log: $CACHE/debootstrap-$name.log)"
      debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$CACHE/debootstrap-$name.log" 2>&1 ||
        { tail -n 20 "$CACHE/debootstrap-$name.log" >&2; die "debootstrap failed (log: $CACHE/debootstrap-$name.log)"; }
      umount -R "$rootfs/proc" "$rootfs/sys" 2>/dev/null || true
    fi
    printf '#!/bin/sh\nexit 101\n' >"$rootfs/usr/sbin/policy-rc.d" && chmod 755 "$rootfs/usr/sbin/policy-rc.d"
    cp /etc/resolv.conf "$rootfs/etc/resolv.conf"
    if ! { chroot "$rootfs" apt-get update &&
      sed -e 's/#.*//' "$REPO/$dir/packages.txt" | xargs chroot "$rootfs" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends; } \
      >>"$CACHE/debootstrap-$name.log" 2>&1; then
      umount -R "$rootfs/proc" "$rootfs/sys" 2>/dev/null || true
      tail -n 20 "$CACHE/debootstrap-$name.log" >&2
      die "apt-get install of $dir/packages.txt failed (log: $CACHE/debootstrap-$name.log)"
    fi
    umount -R "$rootfs/proc" "$rootfs/sys" 2>/dev/null || true
    rm -f "$rootfs/usr/sbin/policy-rc.d" "$rootfs/etc/resolv.conf"
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/bootstrap.log \
      "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
    say "packing $name rootfs ($(du -sh "$rootfs" | cut -f1))"
    tar --numeric-owner -C "$rootfs" -cf "$tar.part" .
    mv "$tar.part" "$tar"
    rm -rf "$rootfs"
    find "$CACHE" -maxdepth 1 -name "$name-*.tar" ! -name "$name-$hash.tar" -delete
  fi
  say "importing plateau/$name"
  docker import \
    -c "LABEL $LABEL=$hash" \
    -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    -c 'ENV LANG=C.UTF-8' \
    -c 'CMD ["bash"]' \
    "$tar" "plateau/$name:latest" >/dev/null
  say "built plateau/$name ($hash)"
}

# plateau/sql: the helper, the console, the server's settings and the Spider databases, loaded at
# build time (docker/sql/setup.sh). The build context is assembled: docker/sql, the helper of
# docker/bash and the task databases' dump.
build_sql() {
  local base_id hash files ctx
  base_id="$(docker image inspect -f '{{.Id}}' plateau/sql-base:latest)"
  files="$(cd "$REPO" && find docker/sql docker/console -type f ! -name '*.md' ! -name '*_test.py' ! -name 'packages.txt' ! -name 'base.Dockerfile' | LC_ALL=C sort)"
  # shellcheck disable=SC2086
  hash="$(hash_inputs $files docker/bash/helper.py data/intercode/tasks/sql/ic_spider_dbs.sql | { cat; echo "$base_id"; } | sha256sum | cut -c1-16)"
  if up_to_date plateau/sql:latest "$hash"; then say "plateau/sql is up to date ($hash)"; return; fi
  ctx="$CACHE/sql-context"
  rm -rf "$ctx" && mkdir -p "$ctx"
  cp -r "$REPO/docker/sql/." "$ctx/"
  cp -r "$REPO/docker/console" "$ctx/console"
  cp "$REPO/docker/bash/helper.py" "$ctx/helper.py"
  cp "$REPO/data/intercode/tasks/sql/ic_spider_dbs.sql" "$ctx/ic_spider_dbs.sql"
  say "building plateau/sql (loads the Spider databases)"
  build_context sql "$ctx" "$ctx/Dockerfile" "$hash"
}

# docker build --network none of plateau/NAME from an assembled context CTX (removed after), labelled HASH.
#   build_context NAME CTX DOCKERFILE HASH
build_context() {
  local name="$1" ctx="$2" dockerfile="$3" hash="$4"
  if ! docker build --force-rm --network none --label "$LABEL=$hash" -t "plateau/$name:latest" -f "$dockerfile" "$ctx" \
    >"$CACHE/build-$name.log" 2>&1; then
    tail -n 30 "$CACHE/build-$name.log" >&2
    die "docker build of plateau/$name failed (log: $CACHE/build-$name.log)"
  fi
  rm -rf "$ctx"
  say "built plateau/$name ($hash)"
}

# The files of plateau/ctf's inputs (scripts/build-rootfs.sh hashes the same list): the Bash images'
# files, docker/ctf less its base's, and the challenge files less every solution/ folder.
ctf_inputs() {
  (cd "$REPO" && {
    find docker/bash docker/ctf -type f ! -name '*.md' ! -name 'packages.txt' ! -name 'base.Dockerfile'
    find data/intercode/tasks/ctf/task_assets -type d -name solution -prune -o -type f -print
  } | LC_ALL=C sort)
}

# plateau/ctf: the challenge files at /ctf/{id}/ (docker/ctf/setup.sh). The build context is
# assembled without any solution/ folder, so no layer of the image ever holds a write-up.
build_ctf() {
  local base_id hash ctx
  base_id="$(docker image inspect -f '{{.Id}}' plateau/ctf-base:latest)"
  # shellcheck disable=SC2046
  hash="$(hash_inputs $(ctf_inputs) | { cat; echo "$base_id ctf"; } | sha256sum | cut -c1-16)"
  if up_to_date plateau/ctf:latest "$hash"; then say "plateau/ctf is up to date ($hash)"; return; fi
  ctx="$CACHE/ctf-context"
  rm -rf "$ctx" && mkdir -p "$ctx"
  cp -r "$REPO/docker/bash" "$ctx/bash" && cp -r "$REPO/docker/ctf" "$ctx/ctf"
  tar -C "$REPO/data/intercode/tasks/ctf" --exclude=solution -cf - task_assets | tar -C "$ctx" -xf -
  say "building plateau/ctf"
  build_context ctf "$ctx" "$ctx/ctf/Dockerfile" "$hash"
}

t0=$SECONDS
case "$WANT" in *bash*)
  build_base
  for fs in 1 2 3 4; do build_bash "$fs"; done ;;
esac
case "$WANT" in *python*)
  build_base
  build_python ;;
esac
case "$WANT" in *sql*)
  build_apt_image sql-base docker/sql 0
  build_sql ;;
esac
case "$WANT" in *ctf*)
  build_base
  build_apt_image ctf-base docker/ctf 1
  build_ctf ;;
esac
docker image prune -f --filter "label=$LABEL" >/dev/null 2>&1 || true # dangling old builds
say "done in $((SECONDS - t0)) s"
