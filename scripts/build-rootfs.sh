#!/usr/bin/env bash
# Root file systems for the local sandbox driver (lib/sandbox/local.ts, bubblewrap, no daemon):
# ${PLATEAU_ROOTFS_DIR:-${PLATEAU_DATA_DIR:-.data}/rootfs}/bash-fs{1..4}/, the same content as the
# images plateau/bash-fs{1..4} (and python/, ctf/ as plateau/python, plateau/ctf), plus bash-fsN.json (what the driver reads: input hash, uid base, the
# top-level paths git tracks at /).
#   scripts/build-rootfs.sh [--force] [--no-docker] [1 2 3 4 python sql ctf]
# Two ways, same result:
#   - a Docker engine answers and plateau/bash-fsN is current: `docker export` it (a few seconds);
#   - otherwise: the debootstrap base that scripts/build-images.sh caches (.data/images/base-<hash>.tar,
#     made here the same way when missing), then docker/bash/setup.sh N run as root inside it.
# Then owners are shifted by PLATEAU_LOCAL_UID_BASE (default 1000000000): the sandbox's uid 0..65535
# are host uids BASE..BASE+65535 (a user namespace maps them back), so nothing in a sandbox is host
# root and the player is an unprivileged host user (BASE+1000) whose process limits the kernel enforces.
# Identical system files of the four trees are hard-linked (they are mounted read-only).
# Idempotent: bash-fsN.json records the hash of every input; a match skips the build. Needs root.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
DATA="${PLATEAU_DATA_DIR:-.data}"
OUT="${PLATEAU_ROOTFS_DIR:-$DATA/rootfs}"
case "$OUT" in /*) ;; *) OUT="$REPO/$OUT" ;; esac
CACHE="$REPO/.data/images" # the base tarball cache of scripts/build-images.sh
UID_BASE="${PLATEAU_LOCAL_UID_BASE:-1000000000}"
FORMAT=1 # bump when the layout of a rootfs or of its .json changes
FORCE=0 USE_DOCKER=1 WANT=()
for a in "$@"; do
  case "$a" in
    --force) FORCE=1 ;;
    --no-docker) USE_DOCKER=0 ;;
    [1-4] | python | sql | ctf) WANT+=("$a") ;;
    *) echo "usage: $0 [--force] [--no-docker] [1 2 3 4] [python] [sql] [ctf]" >&2; exit 2 ;;
  esac
done
[ ${#WANT[@]} -gt 0 ] || WANT=(1 2 3 4 python sql ctf)

say() { echo "build-rootfs: $*"; }
die() { echo "build-rootfs: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "needs root (files keep their owners; the build runs setup.sh as root): run it as root"
[[ "$UID_BASE" =~ ^[1-9][0-9]{5,9}$ ]] && [ "$UID_BASE" -le 4000000000 ] ||
  die "PLATEAU_LOCAL_UID_BASE must be a number from 100000 to 4000000000 (got '$UID_BASE')"
for c in tar chroot hardlink; do command -v "$c" >/dev/null || die "$c not found (coreutils/util-linux)"; done

# Same formula as scripts/build-images.sh: hash of file names and contents, 16 hex digits.
hash_inputs() {
  { for f in "$@"; do
      if [ -f "$REPO/$f" ]; then echo "== $f"; cat "$REPO/$f"; else echo "== $f"; fi
    done; } | sha256sum | cut -c1-16
}
# the files and order of scripts/build-images.sh (documentation is no input): keep the two in step
BASH_FILES="$(find docker/bash -type f ! -name '*.md' | LC_ALL=C sort)"
BASE_HASH="$(hash_inputs docker/base/packages.txt docker/base/Dockerfile)"
# shellcheck disable=SC2086
BASH_HASH="$(hash_inputs $BASH_FILES)"
PYTHON_FILES="$(find docker/bash docker/python docker/console -type f ! -name '*.md' ! -name '*_test.py' | LC_ALL=C sort)"
# shellcheck disable=SC2086
PYTHON_HASH="$(hash_inputs $PYTHON_FILES)"
# plateau/ctf's inputs, as scripts/build-images.sh lists them (ctf_inputs there): keep the two in step
CTF_FILES="$({
  find docker/bash docker/ctf -type f ! -name '*.md' ! -name 'packages.txt' ! -name 'base.Dockerfile'
  find data/intercode/tasks/ctf/task_assets -type d -name solution -prune -o -type f -print
} | LC_ALL=C sort)"
# shellcheck disable=SC2086
CTF_HASH="$(hash_inputs $CTF_FILES)"
CTF_BASE_HASH="$(hash_inputs docker/ctf/packages.txt docker/ctf/base.Dockerfile)"
SCRIPT_HASH="$(hash_inputs scripts/build-rootfs.sh)"
key_for() {
  case "$1" in
    python) echo "base=$BASE_HASH python=$PYTHON_HASH script=$SCRIPT_HASH uidbase=$UID_BASE format=$FORMAT" ;;
    ctf) echo "base=$BASE_HASH ctfbase=$CTF_BASE_HASH ctf=$CTF_HASH script=$SCRIPT_HASH uidbase=$UID_BASE format=$FORMAT" ;;
    *) echo "base=$BASE_HASH bash=$BASH_HASH script=$SCRIPT_HASH uidbase=$UID_BASE format=$FORMAT fs=$1" ;;
  esac | sha256sum | cut -c1-16
}
# A wanted tree's name (and its image's, plateau/<name>): bash-fsN, python or ctf.
name_of() { case "$1" in python | ctf) echo "$1" ;; *) echo "bash-fs$1" ;; esac; }

# ---------------------------------------------------------------- docker (when an engine answers)
DOCKER_OK=0
if [ "$USE_DOCKER" = 1 ] && command -v docker >/dev/null && env_line="$("$REPO/scripts/engine.sh" env 2>/dev/null)"; then
  eval "$env_line"
  export DOCKER_HOST
  DOCKER_OK=1
fi
LABEL=dev.plateau.inputs
image_label() { docker image inspect -f "{{ index .Config.Labels \"$LABEL\" }}" "$1" 2>/dev/null || true; }
# The label scripts/build-images.sh gives plateau/bash-fsN (plateau/python) when it is built from today's inputs.
current_image() {
  local fs="$1" base_id
  [ "$DOCKER_OK" = 1 ] || return 1
  [ "$(image_label plateau/base:latest)" = "$BASE_HASH" ] || return 1
  base_id="$(docker image inspect -f '{{.Id}}' plateau/base:latest 2>/dev/null)" || return 1
  if [ "$fs" = python ]; then
    [ "$(image_label plateau/python:latest)" = "$(echo "$PYTHON_HASH" | { cat; echo "$base_id python"; } | sha256sum | cut -c1-16)" ]
  elif [ "$fs" = ctf ]; then
    base_id="$(docker image inspect -f '{{.Id}}' plateau/ctf-base:latest 2>/dev/null)" || return 1
    [ "$(image_label plateau/ctf:latest)" = "$(echo "$CTF_HASH" | { cat; echo "$base_id ctf"; } | sha256sum | cut -c1-16)" ]
  else
    [ "$(image_label "plateau/bash-fs$fs:latest")" = "$(echo "$BASH_HASH" | { cat; echo "$base_id fs$fs"; } | sha256sum | cut -c1-16)" ]
  fi
}

from_docker() { # fs dir
  local cid image="plateau/$(name_of "$1")"
  cid="$(docker create "$image:latest" 2>/dev/null)" || die "docker create $image failed"
  if ! docker export "$cid" | tar -x --numeric-owner -C "$2"; then
    docker rm -f "$cid" >/dev/null 2>&1 || true
    die "docker export of $image failed"
  fi
  docker rm -f "$cid" >/dev/null
}

# ---------------------------------------------------------------- without docker
debian_mirror() { # as scripts/build-images.sh
  local m=""
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    m="$(awk '/^URIs:/ && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)"
  fi
  if [ -z "$m" ] && [ -f /etc/apt/sources.list ]; then
    m="$(awk '$1 == "deb" && $0 !~ /security/ {for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) {print $i; exit}}' /etc/apt/sources.list)"
  fi
  echo "${m:-http://deb.debian.org/debian}"
}

# The debootstrap tarball of scripts/build-images.sh (same file name, so each script reuses the other's).
base_tarball() {
  local tar="$CACHE/base-$BASE_HASH.tar" rootfs pkgs mirror
  if [ -f "$tar" ]; then echo "$tar"; return; fi
  command -v debootstrap >/dev/null || die "no base tarball ($tar) and no debootstrap: run: apt-get install -y debootstrap"
  pkgs="$(sed -e 's/#.*//' docker/base/packages.txt | tr -s ' \t\n' ',' | sed -e 's/^,//' -e 's/,$//')"
  mirror="$(debian_mirror)"
  rootfs="$CACHE/rootfs.tmp.$$"
  mkdir -p "$CACHE"
  say "debootstrap bookworm from $mirror (about a minute; log: $CACHE/debootstrap.log)" >&2
  if ! debootstrap --variant=minbase --include="$pkgs" bookworm "$rootfs" "$mirror" >"$CACHE/debootstrap.log" 2>&1; then
    umount -R "$rootfs/proc" "$rootfs/sys" 2>/dev/null || true
    tail -n 20 "$CACHE/debootstrap.log" >&2
    die "debootstrap failed (full log: $CACHE/debootstrap.log)"
  fi
  umount -R "$rootfs/proc" "$rootfs/sys" 2>/dev/null || true
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/bootstrap.log \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
  tar --numeric-owner -C "$rootfs" -cf "$tar.part.$$" .
  mv "$tar.part.$$" "$tar"
  rm -rf "$rootfs"
  echo "$tar"
}

from_scratch() { # fs dir
  local fs="$1" dir="$2" tar
  command -v bwrap >/dev/null || die "bubblewrap is not installed: apt-get install -y bubblewrap"
  if [ "$fs" = ctf ]; then
    # the base with the CTF tools: the tarball scripts/build-images.sh made for plateau/ctf-base
    tar="$CACHE/ctf-base-$(echo "$CTF_BASE_HASH $(docker image inspect -f '{{.Id}}' plateau/base:latest 2>/dev/null)" | sha256sum | cut -c1-16).tar"
    [ -f "$tar" ] || tar="$(ls -t "$CACHE"/ctf-base-*.tar 2>/dev/null | head -n 1)"
    [ -n "$tar" ] && [ -f "$tar" ] || die "ctf: no plateau/ctf image from today's inputs and no ctf-base tarball in $CACHE: run scripts/build-images.sh ctf"
  else
    tar="$(base_tarball)"
  fi
  tar -x --numeric-owner -f "$tar" -C "$dir"
  # `docker import` + the Dockerfile: ENV PATH, LANG; WORKDIR /; RUN setup.sh as root. Here the
  # same as root in a bubblewrap chroot with the build folder mounted read-only at /tmp/plateau-build.
  mkdir -p "$dir/tmp" "$dir/proc" "$dir/dev"
  # what docker adds to every container, the build's included (setup.sh's manifest sees /.dockerenv)
  : >"$dir/.dockerenv" && chmod 755 "$dir/.dockerenv"
  [ -e "$dir/etc/mtab" ] || [ -L "$dir/etc/mtab" ] || ln -s /proc/mounts "$dir/etc/mtab"
  local setup=(bash /tmp/plateau-build/setup.sh "$fs")
  [ "$fs" = python ] && setup=(bash /tmp/plateau-python/setup.sh)
  local assets="$OUT/.ctf-assets"
  rm -rf "$assets" && mkdir -p "$assets"
  if [ "$fs" = ctf ]; then
    # the challenge files without any solution/ folder, as the image's build context has them
    tar -C data/intercode/tasks/ctf --exclude=solution -cf - task_assets | tar -C "$assets" -xf -
    setup=(bash /tmp/plateau-ctf/setup.sh /tmp/ctf-assets/task_assets)
  fi
  bwrap --bind "$dir" / --dev /dev --proc /proc --tmpfs /tmp \
    --ro-bind "$REPO/docker/bash" /tmp/plateau-build --ro-bind "$REPO/docker/python" /tmp/plateau-python --ro-bind "$REPO/docker/console" /tmp/plateau-console-lib \
    --ro-bind "$REPO/docker/ctf" /tmp/plateau-ctf --ro-bind "$assets" /tmp/ctf-assets \
    --unshare-pid --unshare-ipc --unshare-uts --unshare-net --die-with-parent \
    --clearenv --setenv PATH /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --setenv LANG C.UTF-8 --setenv HOME /root --chdir / \
    "${setup[@]}" >"$dir.log" 2>&1 || { cat "$dir.log" >&2; rm -rf "$assets"; die "${setup[*]} failed"; }
  rm -rf "$dir.log" "$assets"
}

# What a container has at run time and an image does not (docker writes them when it starts one).
runtime_files() {
  local dir="$1"
  printf 'plateau\n' >"$dir/etc/hostname"
  printf '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nff00::0\tip6-mcastprefix\nff02::1\tip6-allnodes\nff02::2\tip6-allrouters\n127.0.1.1\tplateau\n' >"$dir/etc/hosts"
  # docker copies the host's, without local name servers (defaults then); with no network, a lookup
  # then fails as in a container ("network unreachable") rather than "connection refused"
  if [ -r /etc/resolv.conf ]; then grep -v -E '^\s*nameserver\s+(127\.|::1)' /etc/resolv.conf || true; fi >"$dir/etc/resolv.conf"
  grep -q '^nameserver' "$dir/etc/resolv.conf" || printf 'nameserver 8.8.8.8\nnameserver 8.8.4.4\n' >>"$dir/etc/resolv.conf"
  chmod 644 "$dir/etc/hostname" "$dir/etc/hosts" "$dir/etc/resolv.conf"
}

# Every owner uid/gid u < 65536 becomes BASE+u (chown clears setuid bits: put the mode back).
# Runs the tree's own python3 in a chroot, so the host needs no python.
shift_owners() {
  chroot "$1" /usr/bin/python3 - "$UID_BASE" <<'PY'
import os, stat, sys
base = int(sys.argv[1])
def fix(p):
    st = os.lstat(p)
    uid = st.st_uid + base if st.st_uid < 65536 else st.st_uid
    gid = st.st_gid + base if st.st_gid < 65536 else st.st_gid
    if (uid, gid) == (st.st_uid, st.st_gid):
        return
    os.lchown(p, uid, gid)
    if not stat.S_ISLNK(st.st_mode) and st.st_mode & 0o6000:
        os.chmod(p, stat.S_IMODE(st.st_mode))
fix("/")
for d, dirs, files in os.walk("/"):
    for n in dirs + files:
        fix(os.path.join(d, n))
PY
}

json_str() { local s="${1//\\/\\\\}"; s="${s//\"/\\\"}"; printf '"%s"' "$s"; }

# $OUT/.NAME.tmp becomes $OUT/NAME (its .json is written after); a running sandbox keeps the old
# tree's files until it ends (they are hard links)
swap_in() {
  rm -f "$OUT/$1.json"
  if [ -d "$OUT/$1" ]; then rm -rf "$OUT/.$1.old"; mv "$OUT/$1" "$OUT/.$1.old"; fi
  mv "$OUT/.$1.tmp" "$OUT/$1"
  rm -rf "$OUT/.$1.old"
}

build_one() {
  local fs="$1" name key dir tmp meta source tracked first
  name="$(name_of "$fs")"
  key="$(key_for "$fs")"
  dir="$OUT/$name"
  meta="$OUT/$name.json"
  if [ "$FORCE" = 0 ] && [ -d "$dir" ] && [ -f "$meta" ] && grep -q "\"key\": \"$key\"" "$meta"; then
    say "$name is up to date ($key)"
    return
  fi
  mkdir -p "$OUT"
  tmp="$OUT/.$name.tmp"
  rm -rf "$tmp" && mkdir "$tmp"
  if current_image "$fs"; then
    say "$name: docker export plateau/$name"
    from_docker "$fs" "$tmp"
    source="docker export plateau/$name ($(docker image inspect -f '{{.Id}}' "plateau/$name:latest" | cut -c1-19))"
  else
    if [ "$DOCKER_OK" = 1 ]; then say "$name: plateau/$name is missing or not built from today's inputs: building without docker"; fi
    say "$name: debootstrap base + the image's setup.sh ($fs)"
    from_scratch "$fs" "$tmp"
    source="debootstrap base-$BASE_HASH + setup.sh $fs"
  fi
  runtime_files "$tmp"
  tracked="$(chroot "$tmp" /usr/bin/git -c safe.directory='*' -C / ls-tree --name-only HEAD)" || die "$name: no git repository at /"
  shift_owners "$tmp"
  swap_in "$name"
  {
    printf '{\n  "name": "%s",\n  "key": "%s",\n  "uidBase": %s,\n  "source": %s,\n  "builtAt": "%s",\n  "tracked": [' \
      "$name" "$key" "$UID_BASE" "$(json_str "$source")" "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    first=1
    while IFS= read -r t; do
      [ -n "$t" ] || continue
      [ "$first" = 1 ] || printf ', '
      json_str "$t"
      first=0
    done <<<"$tracked"
    printf ']\n}\n'
  } >"$meta.part"
  mv "$meta.part" "$meta"
  say "built $name ($key, $(du -sh "$dir" | cut -f1))"
}

# The SQL root file system: exported from the plateau/sql image when it is built from today's
# inputs, else built here the same way: the plateau/sql-base tarball of scripts/build-images.sh
# (cached in .data/images) and docker/sql/setup.sh run in bubblewrap (it starts MariaDB to load the
# databases). "tracked": /var (the database files) is copied per sandbox in copy mode, as the task
# files of a bash tree are.
sql_inputs() {
  find docker/sql docker/console -type f ! -name '*.md' ! -name '*_test.py' ! -name 'packages.txt' ! -name 'base.Dockerfile' | LC_ALL=C sort
  echo docker/bash/helper.py data/intercode/tasks/sql/ic_spider_dbs.sql
}
build_sql() {
  local dir="$OUT/sql" meta="$OUT/sql.json" key tmp cid source base_hash tar ctx
  base_hash="$(hash_inputs docker/sql/packages.txt docker/sql/base.Dockerfile)"
  # shellcheck disable=SC2046
  key="$(echo "sql=$(hash_inputs $(sql_inputs)) base=$base_hash script=$SCRIPT_HASH uidbase=$UID_BASE format=$FORMAT" | sha256sum | cut -c1-16)"
  if [ "$FORCE" = 0 ] && [ -d "$dir" ] && [ -f "$meta" ] && grep -q "\"key\": \"$key\"" "$meta"; then
    say "sql is up to date ($key)"
    return
  fi
  mkdir -p "$OUT"
  tmp="$OUT/.sql.tmp"
  rm -rf "$tmp" && mkdir "$tmp"
  # shellcheck disable=SC2046
  if [ "$DOCKER_OK" = 1 ] && [ "$(image_label plateau/sql:latest)" != "" ] &&
    [ "$(image_label plateau/sql:latest)" = "$(hash_inputs $(sql_inputs) | { cat; echo "$(docker image inspect -f '{{.Id}}' plateau/sql-base:latest 2>/dev/null)"; } | sha256sum | cut -c1-16)" ]; then
    say "sql: docker export plateau/sql"
    cid="$(docker create plateau/sql:latest 2>/dev/null)" || die "docker create plateau/sql failed"
    if ! docker export "$cid" | tar -x --numeric-owner -C "$tmp"; then
      docker rm -f "$cid" >/dev/null 2>&1 || true
      die "docker export of plateau/sql failed"
    fi
    docker rm -f "$cid" >/dev/null
    source="docker export plateau/sql ($(docker image inspect -f '{{.Id}}' plateau/sql:latest | cut -c1-19))"
  else
    tar="$CACHE/sql-base-$base_hash.tar"
    [ -f "$tar" ] || die "sql: no plateau/sql image from today's inputs and no $tar: run scripts/build-images.sh sql (it makes the tarball first)"
    command -v bwrap >/dev/null || die "bubblewrap is not installed: apt-get install -y bubblewrap"
    say "sql: sql-base tarball + docker/sql/setup.sh in bubblewrap"
    tar -x --numeric-owner -f "$tar" -C "$tmp"
    mkdir -p "$tmp/tmp" "$tmp/proc" "$tmp/dev"
    : >"$tmp/.dockerenv" && chmod 755 "$tmp/.dockerenv"
    ctx="$OUT/.sql-context"
    rm -rf "$ctx" && mkdir -p "$ctx"
    cp -r docker/sql/. "$ctx/" && cp -r docker/console "$ctx/console"
    cp docker/bash/helper.py data/intercode/tasks/sql/ic_spider_dbs.sql "$ctx/"
    bwrap --bind "$tmp" / --dev /dev --proc /proc --perms 1777 --tmpfs /tmp --ro-bind "$ctx" /tmp/plateau-build \
      --unshare-pid --unshare-ipc --unshare-uts --unshare-net --die-with-parent \
      --clearenv --setenv PATH /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      --setenv LANG C.UTF-8 --setenv HOME /root --chdir / \
      bash /tmp/plateau-build/setup.sh >"$OUT/sql.log" 2>&1 || { cat "$OUT/sql.log" >&2; die "docker/sql/setup.sh failed"; }
    rm -rf "$ctx" "$OUT/sql.log"
    source="sql-base-$base_hash + docker/sql/setup.sh"
  fi
  runtime_files "$tmp"
  shift_owners "$tmp"
  swap_in sql
  printf '{\n  "name": "sql",\n  "key": "%s",\n  "uidBase": %s,\n  "source": %s,\n  "builtAt": "%s",\n  "tracked": ["var"]\n}\n' \
    "$key" "$UID_BASE" "$(json_str "$source")" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$meta.part"
  mv "$meta.part" "$meta"
  say "built sql ($key, $(du -sh "$dir" | cut -f1))"
}

t0=$SECONDS
for fs in "${WANT[@]}"; do
  if [ "$fs" = sql ]; then build_sql; else build_one "$fs"; fi
done
# Identical read-only system files across the trees: one copy on disk (hardlink compares content,
# mode, owner and mtime). The task files, /.git and /home are copied per sandbox: never linked.
sys_dirs=()
for d in "$OUT"/bash-fs[1-4] "$OUT"/python "$OUT"/ctf; do
  [ -d "$d" ] || continue
  for s in usr etc var opt boot root srv mnt media run; do [ -d "$d/$s" ] && sys_dirs+=("$d/$s"); done
done
[ ${#sys_dirs[@]} -gt 0 ] && hardlink -q "${sys_dirs[@]}" >/dev/null 2>&1 || true
say "done in $((SECONDS - t0)) s ($(du -shc "$OUT"/bash-fs[1-4] "$OUT"/python "$OUT"/ctf 2>/dev/null | tail -1 | cut -f1) in $OUT)"
