#!/usr/bin/env bash
# Image build step of plateau/python (as root): the Bash images' user, helper and reset with no task
# files (docker/bash/setup.sh none), then the Python console as the terminal's program.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
bash /tmp/plateau-build/setup.sh none
install -d -m 755 /usr/local/lib/plateau/python
install -m 644 "$HERE/intercode_exec.py" "$HERE/console.py" "$HERE/run.py" /tmp/plateau-console-lib/plateau_marks.py /usr/local/lib/plateau/python/
install -m 755 "$HERE/plateau-console" /usr/local/bin/plateau-console
python3 -c "import readline, codeop" # the console's line editing is in Debian's python3
