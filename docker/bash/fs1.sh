#!/usr/bin/env bash
# File system 1 (INTERCODE.md §2): /testbed and /index.html. Used by nl2bash_fs_1.json and
# test_queries.json. Files marked "gold" exist so that a gold command has something to act on.
set -euo pipefail
T=/testbed
mkdir -p $T/dir1/subdir1/subsubdir1 $T/dir1/subdir2 \
  $T/dir2/subdir1 $T/dir2/subdir2/subsubdir1 \
  $T/dir3/subdir1/subsubdir1/tmp $T/dir3/subdir1/subsubdir1/FooBar $T/dir3/subdir2

# text files
echo 'Hello, World!' >$T/dir1/textfile1.txt
printf 'text file\nAnother text file\n' >$T/dir2/subdir1/textfile2.txt
printf 'text file\nYet another text file\n' >$T/dir3/subdir1/subsubdir1/textfile3.txt
printf 'Gene Sample1\nBRCA1 12\nTP53 7\nMYC 3\n' >$T/dir1/subdir1/textfile4.txt   # join (gold 43)
printf 'Gene Sample2\nBRCA1 30\nEGFR 4\nTP53 9\n' >$T/dir2/subdir2/textfile5.txt
echo 'Text file 6' >$T/dir3/textfile6.txt
echo 'Text file 7 with some random contents in it' >$T/textfile7.txt
echo 'Text file in tmp' >$T/dir3/subdir1/subsubdir1/file.txt
echo 'Text file in tmp' >$T/dir3/subdir1/subsubdir1/tmp/tmp.txt
touch -m -d '2022-05-31 23:59:59' $T/dir3/subdir1/subsubdir1/tmp/tmp.txt
touch $T/recent.txt
touch -m -d '2023-05-31 23:59:59' $T/recent.txt
printf 'apple\nbanana\ncherry\n' >$T/dir1/subdir2/fruits.txt                       # gold 16

# executable scripts that print one line
sh_script() { printf '#!/bin/sh\necho "%s"\n' "$2" >"$1"; chmod +x "$1"; }
sh_script $T/dir1/subdir1/shellscript1.sh 'Shell script 1'
sh_script $T/dir2/shellscript2.sh 'Shell script 2'
sh_script $T/dir3/subdir1/subsubdir1/shellscript3.sh 'Shell script 3'
sh_script $T/dir1/subdir1/subsubdir1/shellscript4.sh 'Shell script 4'
sh_script $T/dir2/subdir2/shellscript5.sh 'Shell script 5'
py_script() { printf '#!/usr/bin/env python3\nprint("%s")\n' "$2" >"$1"; chmod +x "$1"; }
py_script $T/dir1/subdir1/subsubdir1/pythonscript1.py 'Python script 1'
py_script $T/dir2/subdir2/pythonscript2.py 'Python script 2'
py_script $T/dir3/subdir1/pythonscript3.py 'Python script 3'
py_script $T/dir1/subdir1/pythonscript4.py 'Python script 4'

# Java: three identical files for the duplicate-md5 tasks
hello='public class Hello { public static void main(String[] args) { System.out.println("Hello world!"); }}'
echo "$hello" >$T/Hello.java
echo "$hello" >$T/Hello1.java
echo "$hello" >$T/dir1/AnotherHello.java
echo 'public class NewClass { public static void main(String[] args) { System.out.println("This is a new Java file!"); }}' >$T/NewClass.java
echo 'public class FirstClass { public static void main(String[] args) { System.out.println("This is Java file 1!"); }}' >$T/dir2/subdir1/javafile1.java

# data, web and C files
printf '{\n  "key1": "value1",\n  "key2": "value2",\n  "key3": "value3"\n}\n' >$T/dir1/subdir1/jsonfile1.json
printf 'column1,column2,column3\nvalue1,value2,value3\nvalue4,value5,value6\n' >$T/dir3/subdir2/csvfile1.csv
echo '<?php echo "Hello, world!"; ?>' >$T/hello.php
printf '<?php\n\nphpinfo();\n?>\n' >$T/dir1/info.php
printf 'function greet(name) {\n  return "Hello, " + name;\n}\n' >$T/dir1/app.js           # gold 42
printf '#include <stdio.h>\n\nint main() {\n  printf("Hello, world!\\n");\n  return 0;\n}\n' >$T/hello.c
echo 'A sample file with FooBar' >$T/dir3/subdir1/subsubdir1/FooBar/file.txt
echo '<html><head><title>Test</title></head><body><h1>Hello, FooBar!</h1></body></html>' >$T/FooBar.html
echo '<html><body><p>foo bar baz</p></body></html>' >$T/dir2/page.html                 # gold 25
echo '<html><head><title>Test</title></head><body><h1>Hello, world!</h1></body></html>' >/index.html

# files named by particular gold commands
printf 'job 1 OK\njob 2 FAIL\njob 3 OK\n' >$T/dir1/subdir2/job.history                 # gold 26
printf 'job 1 OK\njob 2 OK\n' >$T/dir3/subdir2/job.history
printf 'line 1\nline 2\nline 3\n' >$T/dir2/subdir1/foo01                                # gold 29
printf 'line 1\nline 2\n' >$T/dir3/subdir2/fooXY
printf 'first compressed line\nsecond compressed line\n' | gzip -n >$T/dir3/subdir2/notes.gz  # gold 32
printf 'restricted\n' >$T/dir1/subdir2/restricted.dat && chmod 553 $T/dir1/subdir2/restricted.dat  # gold 58
printf 'INFO start\nerror: disk full\nINFO retry\nerror: timeout\n' >$T/dir3/subdir2/error.log  # test 4
ln -s /testbed/textfile7.txt $T/dir1/textfile7_link.txt                                 # test 5, 18
ln -s csvfile1.csv $T/dir3/subdir2/latest.csv
# a 4x4 PNG (test 7: convert PNG to JPEG)
python3 - "$T/dir3/subdir2/image.png" <<'PY'
import struct, sys, zlib
def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
raw = b"".join(b"\0" + bytes([200, 40, 40]) * 4 for _ in range(4))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0)) \
    + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
PY
