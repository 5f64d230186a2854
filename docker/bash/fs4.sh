#!/usr/bin/env bash
# File system 4 (INTERCODE.md §2): no task files; nl2bash_fs_4.json asks general questions
# (system information, arithmetic, text processing). The git repository at / still tracks what
# the player creates there (e.g. `mkdir -p dir/subdir/subsubdir`), so reset removes it.
true
