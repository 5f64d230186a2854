#!/usr/bin/env bash
# Image build step (as root): user, shell integration, file system N, git at /, manifest.
#   setup.sh N       InterCode's Bash file system N (fsN.sh)
#   setup.sh none    no task files (the Python image: the same user, helper and reset, an empty /)
set -euo pipefail
FS="$1"
HERE="$(cd "$(dirname "$0")" && pwd)"
# Every path the fs script does not date explicitly gets this mtime, so outputs such as `ls -l`
# are the same on every machine and every rebuild.
T0="$(date -d '2023-06-15 12:00:00 UTC' +%s)"
START="$(date +%s)"

groupadd -g 1000 player
useradd -u 1000 -g 1000 -d /home/player -M -s /bin/bash player
install -d -o player -g player -m 755 /home/player

install -m 644 "$HERE/bashrc" /etc/bash.bashrc
# No fork before the login shell's first prompt: bash knows its uid (sh still runs id -u).
sed -i 's/"$(id -u)"/"${EUID:-$(id -u)}"/' /etc/profile
grep -q 'EUID:-' /etc/profile
install -m 755 "$HERE/submit" /usr/local/bin/submit
install -m 755 "$HERE/rename" /usr/local/bin/rename
install -m 755 "$HERE/plateau-reset" /usr/local/sbin/plateau-reset
install -d -m 755 /usr/local/lib/plateau
install -m 755 "$HERE/helper.py" /usr/local/lib/plateau/helper.py
# The player may read the repository at / (git status), never write it.
git config --system safe.directory '*'

# The task file system. Gold commands run as the player with / as the working directory and
# write there (/backup1.tar, ln -s ... /), so / is writable like /tmp (sticky: the player
# cannot remove or rename /bin, /etc, ...).
[ "$FS" = none ] || bash "$HERE/fs$FS.sh"
chmod 1777 /

install -m 644 "$HERE/gitignore" /.gitignore
cd /
git init -q
git config gc.auto 0
git add -A
git -c user.name=plateau -c user.email=plateau@localhost commit -q -m "initial state of fs $FS"
python3 "$HERE/helper.py" --seal "$START" "$T0"
git update-index -q --refresh >/dev/null || true
[ -z "$(git status --porcelain)" ] || { git status --short; echo "setup: tree not clean" >&2; exit 1; }
