#!/bin/bash
# CLI tests of the top level and `psearch dataset`.
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")

# top level
check help 0 $P --help;                 has $OUT "Usage: psearch COMMAND"
check version 0 $P --version;           has $OUT "psearch "
check help-dataset 0 $P help dataset;   has $OUT "--sorted"
check no-args 2 $P;                     has $ERR "Usage:"
check unknown-cmd 2 $P frobnicate;      has $ERR "unknown command 'frobnicate'"; has $ERR "'psearch --help' lists the commands"
check help-unknown 2 $P help frobnicate
check unknown-opt 2 $P dataset --frob;  has $ERR "unknown option --frob"
check missing-val 2 $P dataset -g;      has $ERR "needs a value"

# golden bytes of the issue
check golden 0 $P dataset -g '[1,2,3]' -o $T/g.bin
printf 'b\002\001 i32\003\000\000\000\000\000\000\000\001\000\000\000\002\000\000\000\003\000\000\000' > $T/want.bin
same $T/g.bin $T/want.bin

# -n and --sorted, text output
check n-text 0 $P dataset -n 5 --text;  [ "$(grep -o i32 $OUT | wc -l)" = 5 ] || fail "-n 5 gives 5 elements"
check sorted 0 $P dataset --sorted -n 1000 -o $T/s.bin
check_in sorted-conv 0 $T/s.bin $P dataset --text -o $T/s.txt
tr -d '[]' < $T/s.txt | tr ',' '\n' | sed 's/i32//; s/ //g' > $T/s.nums
sort -n -c $T/s.nums || fail "sorted output is not sorted"
# binary is written as it is made, text from the whole array: the same values
check sorted-text 0 $P dataset --sorted -n 1000 --text -o $T/s2.txt
same $T/s.txt $T/s2.txt
check reversed 0 $P dataset --reversed -n 1000 --text -o $T/r.txt
tr -d '[]' < $T/r.txt | tr ',' '\n' | sed 's/i32//; s/ //g' | tac > $T/r.nums
same $T/s.nums $T/r.nums   # --reversed is --sorted backwards
check unsorted 0 $P dataset -n 1000 -o $T/u.bin
check_in unsorted-conv 0 $T/u.bin $P dataset --text -o $T/u.txt
check unsorted-text 0 $P dataset -n 1000 --text -o $T/u2.txt
same $T/u.txt $T/u2.txt

# seeds: k-th -g uses seed+k; same seed same bytes
check seed1 0 $P dataset -s 5 -g '[100]i64' -g '[100]i64' -o $T/a.bin
check seed2 0 $P dataset -s 6 -g '[100]i64' -o $T/b.bin
tail -c 800 $T/a.bin > $T/a2; tail -c 800 $T/b.bin > $T/b2; same $T/a2 $T/b2
check threads1 0 $P dataset -j 1 --sorted -g '[300000]f32' -o $T/t1.bin
check threads2 0 $P dataset -j 2 --sorted -g '[300000]f32' -o $T/t2.bin
same $T/t1.bin $T/t2.bin
# standard output a regular file (its blocks reserved ahead, its size kept): the same
# bytes as -o, two values one after the other, nothing past their end
$P dataset --sorted -n 300000 -g '[5000]u64' > $T/res.bin || fail "dataset > file failed"
check res-o 0 $P dataset --sorted -n 300000 -g '[5000]u64' -o $T/res-o.bin
same $T/res.bin $T/res-o.bin
[ "$(stat -c %s $T/res.bin)" = $((15 + 1200000 + 15 + 40000)) ] || fail "dataset > file: $(stat -c %s $T/res.bin) bytes"

# several 1 MiB pieces: the same bytes for 1, 2 and 3 threads, sorted or reversed
for o in sorted reversed; do
  for j in 1 2 3; do check big-$o-$j 0 $P dataset -j $j --$o -n 3000001 -o $T/big-$o-$j.bin; done
  same $T/big-$o-1.bin $T/big-$o-2.bin; same $T/big-$o-1.bin $T/big-$o-3.bin
done
python3 - $T/big-sorted-1.bin $T/big-reversed-1.bin <<'PY' || fail "3000001 sorted i32: not sorted, reversed not its reverse, or off the law"
import struct, sys
s, r = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
assert s[:15] == b"b\x02\x01 i32" + struct.pack("<q", 3000001) == r[:15]
a = struct.unpack("<3000001i", s[15:])
assert all(a[i] <= a[i + 1] for i in range(len(a) - 1))
assert a[::-1] == struct.unpack("<3000001i", r[15:])
bins = [0] * 64  # 64 equal bins over the i32 range: chi-square, 63 degrees of freedom
for x in a:
    bins[(x + 2**31) >> 26] += 1
e = len(a) / 64
chi = sum((c - e) ** 2 / e for c in bins)
assert chi < 130, chi  # mean 63, sd 11.2: 6 sd above
PY

# bounds, order matters
check bounds 0 $P dataset --i32-bounds=-3:3 -n 200 --text
grep -Eq -- '-?[4-9]i32|[0-9]{2}i32' $OUT && fail "bounds not respected"
check bounds-bad 2 $P dataset --i8-bounds=0:300 -g '[3]i8'; has $ERR "Invalid bounds for i8"
check bounds-after 2 $P dataset -n 3 --i32-bounds=0:1; has $ERR "after the last -g"
check seed-bad 2 $P dataset -s -1 -n 3
check n-bad 2 $P dataset -n 12x
check n-neg 2 $P dataset -n -5
check gen-bad 2 $P dataset -g '[3]x32'; has $ERR "-g: '[3]x32' is not a type ([N]i32) or a value"
check threads-bad 2 $P dataset -j 0 -n 3
check type 0 $P dataset -t -g '[4][2]i32' -g f64; has $OUT "[4][2]i32"; has $OUT "f64"
check literal 0 $P dataset --text -g '[1,2,3]' -g 10i64; has $OUT "[1i32, 2i32, 3i32]"; has $OUT "10i64"

# conversion from stdin: binary -> text -> binary is the identity, for every type
for t in i8 i16 i32 i64 u8 u16 u32 u64 f16 f32 f64 bool; do
  check gen-$t 0 $P dataset --f64-bounds=-1e300:1e300 --f32-bounds=-1e30:1e30 --f16-bounds=-60000:60000 -g "[7][3]$t" -g $t -g "[0][2]$t" -o $T/$t.bin
  check_in to-text-$t 0 $T/$t.bin $P dataset --text -o $T/$t.txt
  check_in to-bin-$t 0 $T/$t.txt $P dataset -b -o $T/$t.back
  same $T/$t.bin $T/$t.back
done

# malformed input: exit 3, message names the source and position, no output file
printf '[1, 2,\n [3]]' > $T/bad.txt
check_in bad-text 3 $T/bad.txt $P dataset -o $T/out.bin; has $ERR "standard input:2:"
[ -e $T/out.bin ] && fail "a failed run left an output file"
ls $T | grep -q tmp && fail "a failed run left a temporary file"
head -c 20 $T/i32.bin > $T/trunc.bin
check_in truncated 3 $T/trunc.bin $P dataset --text; has $ERR "standard input: byte"
printf 'b\002\001 i32\000\000\000\000\000\000\000\020' > $T/huge.bin   # claims 2^60 elements
check_in huge 3 $T/huge.bin $P dataset --text; has $ERR "header claims"
cat $T/huge.bin | $P dataset --text >/dev/null 2>$ERR; [ $? = 3 ] || fail "huge header via pipe"
has $ERR "truncated payload"
printf 'hello' > $T/garbage
check_in garbage 3 $T/garbage $P dataset --text; has $ERR "standard input:1:1"

# an existing output survives a failed run (atomic replace)
echo keep > $T/keep.bin
check_in keep 3 $T/bad.txt $P dataset -o $T/keep.bin
[ "$(cat $T/keep.bin)" = keep ] || fail "failed run clobbered the existing output"

# write errors
if [ -w /dev/full ]; then
  $P dataset -n 100000 > /dev/full 2>$ERR; [ $? = 1 ] || fail "/dev/full should exit 1"
  has $ERR "standard output: write error"
  $P dataset --sorted -n 3000000 > /dev/full 2>$ERR; [ $? = 1 ] || fail "/dev/full (sorted, in pieces) should exit 1"
  has $ERR "standard output: write error"
fi
# a write that fails after the header went out: a file size limit (64 KiB)
(trap '' XFSZ; ulimit -f 64 && exec $P dataset --sorted -n 3000000 > $T/fsz.bin 2>$ERR)
[ $? = 1 ] || fail "a file size limit should exit 1"
has $ERR "standard output: write error"
check nodir 1 $P dataset -n 3 -o $T/no/such/dir/file; has $ERR "cannot create"

# output paths that are not plain files are written through, never replaced
mkfifo $T/fifo && { cat $T/fifo > $T/fromfifo & check fifo 0 $P dataset -n 3 -o $T/fifo; wait; }
[ -p $T/fifo ] || fail "a FIFO output was replaced by a file"
[ "$(wc -c < $T/fromfifo)" = 27 ] || fail "FIFO reader got $(wc -c < $T/fromfifo) bytes"
ln -s real.bin $T/link.bin
check symlink 0 $P dataset -n 3 -o $T/link.bin
[ -L $T/link.bin ] || fail "a symlink output was replaced"
[ "$(wc -c < $T/real.bin)" = 27 ] || fail "symlink target not written"
check devnull 0 $P dataset -n 3 -o /dev/null
[ -c /dev/null ] || fail "/dev/null is no longer a character device"
(umask 022; $P dataset -n 3 -o $T/mode.bin)
[ "$(stat -c %a $T/mode.bin)" = 644 ] || fail "output mode $(stat -c %a $T/mode.bin), expected 644 under umask 022"

# binary to a terminal is refused (needs a pseudo-terminal: python's pty)
if command -v python3 >/dev/null; then
  python3 - "$P" > $T/pty.txt 2>&1 <<'PY'
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], "dataset", "-n", "3"])
out = b""
while True:
    try:
        d = os.read(fd, 4096)
    except OSError:  # EIO once the child has closed the terminal
        break
    if not d:
        break
    out += d
_, st = os.waitpid(pid, 0)
print(os.WEXITSTATUS(st), out.decode(errors="replace"))
PY
  has $T/pty.txt "2 "
  has $T/pty.txt "refusing to write binary data to a terminal"
fi

finish
