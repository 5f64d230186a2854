#!/usr/bin/env bash
# Docker engine for Plateau: use one that answers, else run a private dockerd (PLATFORM.md flags).
#   scripts/engine.sh start|stop|status|env
# Order: $DOCKER_HOST if it answers /_ping, then /var/run/docker.sock, then the private engine whose
# files live under ${PLATEAU_DOCKER_DIR:-<repo>/.data/docker}. lib/sandbox/dockerHost.ts resolves
# the socket the same way; keep the two in step.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${PLATEAU_DOCKER_DIR:-$REPO/.data/docker}"
SYSTEM_SOCK=/var/run/docker.sock
PING_TIMEOUT="${PLATEAU_DOCKER_START_TIMEOUT:-30}"

# Unix socket paths must stay under ~100 bytes; with a long DIR, sockets go to a short /tmp folder.
short_dir() {
  if [ ${#DIR} -gt 60 ]; then
    echo "/tmp/plateau-docker-$(printf '%s' "$DIR" | sha256sum | cut -c1-12)"
  else
    echo "$DIR"
  fi
}
SDIR="$(short_dir)"
SOCK="$SDIR/docker.sock"
PIDFILE="$DIR/dockerd.pid"
LOG="$DIR/dockerd.log"
DISK="$DIR/disk.btrfs"
DISK_GB="${PLATEAU_DOCKER_DISK_GB:-20}"

die() { echo "engine.sh: $*" >&2; exit 1; }

# ping <docker-host-url>: true when /_ping answers OK within 2 s.
ping_host() {
  local host="$1" out
  case "$host" in
    unix://*)
      [ -S "${host#unix://}" ] || return 1
      if command -v curl >/dev/null; then
        out="$(curl -s -m 2 --unix-socket "${host#unix://}" http://localhost/_ping 2>/dev/null)" || return 1
        [ "$out" = OK ]
      else
        timeout 3 docker -H "$host" version >/dev/null 2>&1
      fi ;;
    tcp://*)
      if command -v curl >/dev/null; then
        out="$(curl -s -m 2 "http://${host#tcp://}/_ping" 2>/dev/null)" || return 1
        [ "$out" = OK ]
      else
        timeout 3 docker -H "$host" version >/dev/null 2>&1
      fi ;;
    *) timeout 3 docker -H "$host" version >/dev/null 2>&1 ;;
  esac
}

# The engine in use, as a DOCKER_HOST url; empty when none answers.
engine_in_use() {
  if [ -n "${DOCKER_HOST:-}" ] && ping_host "$DOCKER_HOST"; then echo "$DOCKER_HOST"; return; fi
  if ping_host "unix://$SYSTEM_SOCK"; then echo "unix://$SYSTEM_SOCK"; return; fi
  if ping_host "unix://$SOCK"; then echo "unix://$SOCK"; return; fi
  echo ""
}

private_pid() {
  local pid
  [ -f "$PIDFILE" ] || return 1
  pid="$(cat "$PIDFILE" 2>/dev/null)"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

is_mounted() { findmnt -rn --mountpoint "$1" >/dev/null 2>&1; }

# Mount the btrfs file on $DIR/root (made on first use), or say why not and return 1.
mount_btrfs() {
  if is_mounted "$DIR/root"; then
    [ "$(findmnt -rn -o FSTYPE --mountpoint "$DIR/root")" = btrfs ] && return 0
    echo "engine.sh: $DIR/root is a mount point that is not btrfs" >&2; return 1
  fi
  grep -qw btrfs /proc/filesystems || modprobe btrfs 2>/dev/null || true
  grep -qw btrfs /proc/filesystems || { echo "engine.sh: this kernel has no btrfs" >&2; return 1; }
  if [ ! -f "$DISK" ]; then
    command -v mkfs.btrfs >/dev/null || { echo "engine.sh: mkfs.btrfs not found (apt-get install -y btrfs-progs)" >&2; return 1; }
    truncate -s "${DISK_GB}G" "$DISK.part"
    mkfs.btrfs -q "$DISK.part" >/dev/null || { rm -f "$DISK.part"; echo "engine.sh: mkfs.btrfs failed" >&2; return 1; }
    mv "$DISK.part" "$DISK"
    # a data root of overlay2 from before would sit hidden under the mount: it is only rebuildable images
    if [ -d "$DIR/root" ] && [ -n "$(ls -A "$DIR/root" 2>/dev/null)" ]; then
      echo "engine.sh: removing the old overlay2 data root $DIR/root (images must be rebuilt: scripts/build-images.sh)"
      rm -rf "$DIR/root"
    fi
  fi
  mkdir -p "$DIR/root"
  # discard: space that containers free goes back to the host disk (the file is sparse); async, so a
  # removed container does not wait for its extents to be punched out of the file
  mount -o loop,discard=async,noatime "$DISK" "$DIR/root" 2>/dev/null || mount -o loop,discard "$DISK" "$DIR/root" || { echo "engine.sh: cannot mount $DISK" >&2; return 1; }
  quota_setup
}

# Container sizes are btrfs quota limits. Simple quotas where the kernel has them (6.7+): each
# extent is charged to the subvolume that wrote it, so a container's size bounds what it writes (the
# image is not counted) and a deleted container costs no accounting; full qgroups made every removal
# walk the snapshot's extents, and a day of sandboxes slowed container create and remove to 10-30 s
# (scripts/btrfs-quota.py). A file system that an older start left on full qgroups is switched once.
# Without simple quotas: full qgroups, every deletion accounted (drop_subtree_threshold 8: a skipped
# one marks every qgroup inconsistent, after which limits stop holding), rescanned when inconsistent.
quota_setup() {
  local uuid q
  command -v btrfs >/dev/null || { echo "engine.sh: btrfs not found (apt-get install -y btrfs-progs)" >&2; umount "$DIR/root"; return 1; }
  uuid="$(findmnt -rn -o UUID --mountpoint "$DIR/root")"
  q="/sys/fs/btrfs/$uuid/qgroups"
  if [ -e /sys/fs/btrfs/features/simple_quota ] && command -v python3 >/dev/null; then
    [ "$(cat "$q/mode" 2>/dev/null)" = squota ] && return 0
    [ -d "$q" ] && python3 "$REPO/scripts/btrfs-quota.py" "$DIR/root" disable
    if python3 "$REPO/scripts/btrfs-quota.py" "$DIR/root" simple && [ "$(cat "$q/mode" 2>/dev/null)" = squota ]; then return 0; fi
    echo "engine.sh: simple quotas could not be enabled; using full qgroups" >&2
  fi
  btrfs quota enable "$DIR/root"
  [ -w "$q/drop_subtree_threshold" ] && echo 8 >"$q/drop_subtree_threshold"
  if [ "$(cat "$q/inconsistent" 2>/dev/null || echo 0)" = 1 ]; then btrfs quota rescan -w "$DIR/root" >/dev/null; fi
}

start() {
  local host pid i storage=btrfs
  host="$(engine_in_use)"
  if [ -n "$host" ]; then echo "engine.sh: Docker engine answers at $host"; return 0; fi
  command -v dockerd >/dev/null || die "dockerd not found: run: apt-get install -y docker.io"
  if pid="$(private_pid)"; then
    die "private dockerd (pid $pid) is running but does not answer at unix://$SOCK; see $LOG or run: $0 stop"
  fi
  mkdir -p "$DIR" "$SDIR/exec"
  if ! mount_btrfs; then
    storage=overlay2
    echo "engine.sh: WARNING: data root on overlay2 in $DIR/root: sandbox disks are NOT capped (once btrfs can be used: $0 stop && $0 start)" >&2
    mkdir -p "$DIR/root"
  fi
  rm -f "$SOCK" "$PIDFILE"
  echo "engine.sh: starting private dockerd at unix://$SOCK (data in $DIR, storage $storage)"
  # setsid + nohup: dockerd outlives this script and the shell that ran it.
  setsid nohup dockerd -H "unix://$SOCK" --data-root "$DIR/root" --exec-root "$SDIR/exec" \
    --pidfile "$PIDFILE" --iptables=false --ip6tables=false --bridge=none --ip-forward=false \
    --ip-masq=false --storage-driver="$storage" --exec-opt native.cgroupdriver=cgroupfs \
    --default-ulimit nofile=4096:4096 --default-ulimit nproc=4096:4096 \
    >"$LOG" 2>&1 </dev/null &
  local launched=$!
  for ((i = 0; i < PING_TIMEOUT * 10; i++)); do
    if ping_host "unix://$SOCK"; then
      echo "engine.sh: dockerd ready (pid $(cat "$PIDFILE" 2>/dev/null || echo $launched)) at unix://$SOCK"
      return 0
    fi
    if ! kill -0 "$launched" 2>/dev/null; then
      echo "engine.sh: dockerd exited during start; last lines of $LOG:" >&2
      tail -n 15 "$LOG" >&2
      exit 1
    fi
    sleep 0.1
  done
  echo "engine.sh: dockerd did not answer /_ping at unix://$SOCK within ${PING_TIMEOUT}s; last lines of $LOG:" >&2
  tail -n 15 "$LOG" >&2
  exit 1
}

stop() {
  local pid i
  if pid="$(private_pid)"; then
    kill -TERM "$pid"
    for ((i = 0; i < 150; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then
      echo "engine.sh: dockerd (pid $pid) ignored SIGTERM for 15 s; sending SIGKILL" >&2
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.5
    fi
    echo "engine.sh: stopped dockerd (pid $pid)"
  else
    echo "engine.sh: no private dockerd running"
  fi
  # our btrfs file only (the loop device goes with it: mount -o loop sets autoclear)
  if [ "$(findmnt -rn -o FSTYPE --mountpoint "$DIR/root" 2>/dev/null)" = btrfs ]; then
    umount "$DIR/root" || umount -l "$DIR/root"
    echo "engine.sh: unmounted $DIR/root"
  fi
}

status() {
  local host pid
  host="$(engine_in_use)"
  if [ -z "$host" ]; then
    echo "engine.sh: no Docker engine answers (tried \$DOCKER_HOST, unix://$SYSTEM_SOCK, unix://$SOCK): run: $0 start"
    return 1
  fi
  if [ "$host" = "unix://$SOCK" ] && pid="$(private_pid)"; then
    echo "engine.sh: private dockerd pid $pid answers at $host"
  else
    echo "engine.sh: Docker engine answers at $host"
  fi
}

env_cmd() {
  local host
  host="$(engine_in_use)"
  [ -n "$host" ] || die "no Docker engine answers: run: $0 start"
  echo "export DOCKER_HOST=$host"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  env) env_cmd ;;
  *) echo "usage: $0 start|stop|status|env" >&2; exit 2 ;;
esac
