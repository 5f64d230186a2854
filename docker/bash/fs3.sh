#!/usr/bin/env bash
# File system 3 (INTERCODE.md §2): /workspace and /backup. Used by nl2bash_fs_3.json.
# Files marked "gold" exist so that a gold command has something to act on.
set -euo pipefail
W=/workspace
mkdir -p /backup $W/dir1 $W/dir2/mysql

# C sources and scripts
printf '#include <stdio.h>\n\nint main() {\n\tprintf("Hello, World!");\n\treturn 0;\n}\n' >$W/dir1/hello.c
printf '#include <stdio.h>\n\nint main() {\n\tint a, b, sum;\n\tprintf("Enter two numbers to add\\n");\n\tscanf("%%d%%d", &a, &b);\n\tsum = a + b;\n\tprintf("Sum of entered numbers = %%d\\n", sum);\n\treturn 0;\n}\n' >$W/dir1/sum.c
printf '#!/bin/bash\n\n# This is a script file\n' >$W/dir1/script1.sh
printf '#!/bin/bash\n\n# New script file\n' >$W/dir1/new1.sh
printf '#!/bin/bash\n\n# New script file\n' >$W/new.sh
chmod +x $W/dir1/script1.sh $W/dir1/new1.sh $W/new.sh

# text files
echo 'hello!' >$W/dir1/hello.txt
echo 'Another hello world file' >$W/dir2/foo.txt
echo 'hello!' >$W/dir2/hello.txt
printf 'The first line\nThe second line\nThe third line\nThe fourth line;\nThe fifth line\n' >$W/dir1/long.txt
printf 'The first line\nThe second line\nThe third line\nThe fourth line;\nThe fifth line\nTERMINATE The sixth line--\n' >$W/dir1/terminate.txt
printf 'The first line\n\n\n\n\n\n\n\n\n\n\n' >$W/dir1/a.txt # a.txt: 10 blank lines
echo "$W/dir1" >$W/results.txt
printf '%s\n' $W/dir1/hello.txt $W/dir2/foo.txt $W/dir1/long.txt >$W/files.txt
echo 'new file' >/backup/file.txt
echo 'foo' >$W/foo                                                                  # gold 26
echo 'another foo' >$W/dir1/foo
touch -m -d '2023-06-12 08:00:00 UTC' $W/dir1/foo
# file.txt: 4 KiB of file paths (gold 48 reads paths from it; the size tasks need > 1 KiB)
for i in $(seq -w 1 256); do echo "/workspace/logs/$i.log"; done >$W/dir1/file.txt
truncate -s 4096 $W/dir1/file.txt
head -c 2048 /dev/zero >$W/dir1/file.c                                              # 2 KiB of zero bytes
touch $W/dir1/readonly.txt $W/dir1/all.txt
chmod 400 $W/dir1/readonly.txt
chmod 777 $W/dir1/all.txt
echo 'This is a hidden file' >$W/dir1/.hidden1.txt
echo 'This is another hidden file' >$W/.hidden.txt

# dated files
touch $W/recent.txt $W/recent1.txt $W/old.txt $W/old1.txt $W/old2.txt
touch -m -d '2023-06-14 12:00:00 UTC' $W/recent.txt # one day before the image's T0
touch -m -d '2023-05-31 23:59:59' $W/recent1.txt
touch -m -d '2023-02-28 23:59:59' $W/old.txt
touch -m -d '2023-04-30 23:59:59' $W/old1.txt
touch -m -d '2023-01-31 23:59:59' $W/old2.txt

printf 'CREATE TABLE Persons (\nPersonID int,\nLastName varchar(255),\nFirstName varchar(255),\nAddress varchar(255),\nCity varchar(255)\n);\n' >$W/dir2/mysql/sql1.sql
printf 'column1,column2,column3\nvalue1,value2,value3\nvalue4,value5,value6\nvalue7,value8,value9\n' >$W/dir2/csvfile1.csv

# archive.tar.gz (deterministic)
tar -C / --sort=name --mtime='2023-06-15 12:00:00 UTC' --owner=1000 --group=1000 --numeric-owner \
  -cf - workspace/dir2/foo.txt workspace/recent.txt workspace/dir1/new1.sh | gzip -n >$W/archive.tar.gz
