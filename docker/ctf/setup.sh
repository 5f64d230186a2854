#!/usr/bin/env bash
# Image build step of plateau/ctf (as root): the challenge files at /ctf/{id}/, then the Bash images'
# user, helper, reset and git at / (docker/bash/setup.sh none commits /ctf with the rest of /), then
# the CTF shell's own settings.
#   setup.sh ASSETS      ASSETS: task_assets/ of data/intercode/tasks/ctf (solution/ already left out)
set -euo pipefail
ASSETS="$1"
HERE="$(cd "$(dirname "$0")" && pwd)"
install -d -m 755 /ctf
cp -r "$ASSETS/." /ctf/
# never a write-up in a sandbox, whatever the context held (InterCode removed them the same way)
find /ctf -name solution -prune -exec rm -rf {} +
# the dataset's markers of an empty folder are not challenge files
find /ctf -type f \( -name .placeholder -o -name .ignore \) -delete
# the same mtimes on every machine (a checkout's are its own), as the Bash images date their files
find /ctf -exec touch -h -d '2023-06-15 12:00:00 UTC' {} +
bash /tmp/plateau-build/setup.sh none
cat "$HERE/bashrc" >>/etc/bash.bashrc
# InterCode pip-installed pycryptodome, whose package is `Crypto` (`from Crypto.Util.number import …`,
# as task 12's write-up does); Debian's python3-pycryptodome is the same library named `Cryptodome`.
ln -s Cryptodome /usr/lib/python3/dist-packages/Crypto
python3 -c "from Crypto.Util.number import long_to_bytes, inverse"
[ -z "$(find / -xdev -name solution 2>/dev/null)" ] || { echo "setup: a solution/ is in the image" >&2; exit 1; }
