# gaps.py TL.bin...: from call 87's per-tile marks (tl.py's input, decompressed), per pass
# and SM, the share of the SM's time with 0, 1, 2 or 3 tiles resident, and the gap between
# a tile's end mark and the next tile's start mark on the same SM (ns). Run on the pairs:
#   xz -dk ../2026-11-24-h100-pairs-ranking/call87-timeline/tl-p.bin.xz
#   python3 gaps.py ../2026-11-24-h100-pairs-ranking/call87-timeline/tl-p.bin > gaps.txt (then tl-s.bin, the keys, >> gaps.txt)
import struct, sys
import numpy as np
for path in sys.argv[1:]:
    raw = open(path, 'rb').read()
    passes, ntiles, tile, n = struct.unpack_from('<4Q', raw, 0)
    a = np.frombuffer(raw, dtype=np.uint64, count=passes * ntiles * 10, offset=32).reshape(passes, ntiles, 10).astype(np.int64)
    print(f'== {path}: n {n}, tile {tile}, {ntiles} tiles, {passes} passes')
    for p in range(passes):
        g0, g1, sm = a[p][:, 0], a[p][:, 1], a[p][:, 2]
        gaps, occ = [], []
        for s in np.unique(sm):
            idx = np.where(sm == s)[0]
            ev = sorted([(g0[i], 1) for i in idx] + [(g1[i], -1) for i in idx])
            cur, last, acc = 0, ev[0][0], np.zeros(4)
            for t, d in ev:
                acc[min(cur, 3)] += t - last
                cur, last = cur + d, t
            occ.append(acc)
            st = np.sort(g0[idx])
            for e in np.sort(g1[idx]):
                nxt = st[st >= e]
                if len(nxt):
                    gaps.append(nxt[0] - e)
        occ, gaps = np.array(occ).sum(0), np.array(gaps)
        print(f' pass {p}: span {(g1.max() - g0.min()) / 1e3:.1f} us; SM time with 0/1/2/3 tiles: ' +
              ', '.join(f'{v / occ.sum() * 100:.1f}%' for v in occ) +
              f'; end to next start on the SM: median {np.median(gaps):.0f} ns, mean {gaps.mean():.0f}, p90 {np.percentile(gaps, 90):.0f}')
