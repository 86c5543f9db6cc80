# sparse.py N EVERY OUT: appends to OUT a [N]bool (Futhark binary) with a set flag
# every EVERY elements (from 0), for segmented scans whose segments span many tiles
import struct, sys
n, every, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
flags = bytearray(n)
flags[::every] = b'\x01' * len(range(0, n, every))
with open(out, 'ab') as f:
    f.write(b'b\x02\x01bool' + struct.pack('<Q', n) + bytes(flags))
