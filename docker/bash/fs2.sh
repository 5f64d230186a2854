#!/usr/bin/env bash
# File system 2 (INTERCODE.md §2): /system. Used by nl2bash_fs_2.json.
# Files marked "gold" exist so that a gold command has something to act on.
set -euo pipefail
S=/system
mkdir -p $S/folder1 $S/folder2 $S/folder3/temp/temp1/temp $S/folder3/temp/temp1/temp_1 \
  $S/folder3/backup_dbg/backup $S/temp

# text files
echo 'Hello world!' >$S/text1.txt
printf 'Foo!\nThe first line in this file is foo\n' >$S/text3.txt
echo 'Another hello world file' >$S/folder1/text2.txt
printf 'Hello!\nAnother hello world file\n' >$S/folder1/text3.txt
printf 'Hello!\nAnother hello world file\n' >$S/folder1/text4.txt
echo 'Keep this file' >$S/folder1/keep.txt
echo 'Notes with a special name' >$S/folder1/special_notes.txt                    # gold 9
echo 'The first foo file in this directory!' >$S/folder2/text1.txt
echo 'The file with special name' >$S/folder2/special_text1.txt
echo 'The second file with special name' >$S/folder2/special_text2.txt
echo 'The third file with special name' >"$S/folder2/special text3.txt"
echo 'ten bytes' >$S/folder2/short.txt                                              # gold 50 (10 bytes)
echo 'The fourth file with special name' >"$S/folder3/special text4.txt"
# five lines with DOS line ends (gold 13 strips the \r)
printf 'The first line\r\nThe second line\r\nThe third line\r\nThe fourth line;\r\nThe fifth line\r\n' \
  >$S/folder3/temp/temp1/text1.txt
printf 'The first line\n\n\n' >$S/folder3/backup_dbg/text1_dbg.txt
touch $S/folder3/temp/empty.txt
touch $S/folder3/temp/.DS_Store $S/.DS_Store                                         # gold 26

# html, binaries, documents, logs, sql, scripts, csv
printf '<html>\n<head>\n<title>HTML File 1</title>\n</head>\n<body>\n<h1>HTML File 1</h1>\n<p>This is the first HTML file</p>\n</body>\n</html>\n' >$S/html1.html
elf='\x7fELF\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x03\x00\x01\x00\x00\x00\x00\x80\x04\x08'
printf "$elf" >$S/folder1/a.out
printf "$elf" >$S/a.out
touch -m -d '2023-04-01 23:59:00' $S/a.out
printf '\x7fELF\x02\x01\x01\x00' >$S/folder3/prog.o                                  # gold 21
echo 'This is a doc file' >$S/folder1/doc1.doc
echo 'This is another doc file' >$S/folder1/doc2.doc
echo 'This is a log file' >$S/folder1/log1.log
printf 'CREATE TABLE Persons (\nPersonID int,\nLastName varchar(255),\nFirstName varchar(255),\nAddress varchar(255),\nCity varchar(255)\n);\n' >$S/folder3/backup_dbg/sql1.sql
touch -m -d '2023-03-01 23:59:00' $S/folder3/backup_dbg/sql1.sql
printf '#!/bin/bash\n\n# This is a script file\n' >$S/folder1/script1.sh
printf '#!/bin/bash\n\n# New script file\n' >$S/folder1/new.sh
echo '1,2,3,4,5,6,7,8,9,10' >$S/folder1/data.csv
# a file larger than 1 KiB (gold 31)
for i in $(seq 1 60); do echo "record $i: backup data block"; done >$S/folder3/archive.dat
printf 'text1.txt\ntext3.txt\n' >$S/MANIFEST

# dated files
touch $S/folder1/recent.txt $S/old.txt $S/folder1/old2.txt $S/temp/keep.txt
touch -m -d '2023-05-31 23:59:59' $S/folder1/recent.txt
touch -m -d '2023-05-02 23:59:59' $S/old.txt
touch -m -d '2023-03-01 23:59:59' $S/folder1/old2.txt
touch -m -d '2023-03-01 21:59:59' $S/temp/keep.txt

# an archive of folder2 (deterministic: fixed times and owners, no gzip timestamp)
tar -C / --sort=name --mtime='2023-06-15 12:00:00 UTC' --owner=0 --group=0 --numeric-owner \
  -cf - system/folder2 | gzip -n >$S/folder2.tar.gz
