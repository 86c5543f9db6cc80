# tl.py FILE...: os_pass's per-tile marks (PSEARCH_TIMELINE, call 87): per pass, the span,
# each phase's mean (us, from clock64 at 1.98 GHz), the first wave's against the rest,
# and the SMs' idle time at the pass's start and end
import sys, struct
import numpy as np
GHZ = 1.98
for path in sys.argv[1:]:
    raw = open(path, 'rb').read()
    off = 0
    while off < len(raw):
        passes, ntiles, tile, n = struct.unpack_from('<4Q', raw, off); off += 32
        a = np.frombuffer(raw, dtype=np.uint64, count=passes * ntiles * 10, offset=off).reshape(passes, ntiles, 10).astype(np.int64)
        off += passes * ntiles * 80
        print(f'== {path}: n {n}, tile {tile}, {ntiles} tiles, {passes} passes')
        for p in range(passes):
            x = a[p]
            g0, g1, sm = x[:, 0], x[:, 1], x[:, 2]
            c = x[:, 3:9] / GHZ / 1000.0  # us since the tile's start, marks 3..8
            span = (g1.max() - g0.min()) / 1000.0
            dur = (g1 - g0) / 1000.0
            d = np.diff(np.concatenate([np.zeros((ntiles, 1)), c], axis=1), axis=1)
            names = ['rank', 'counts+scan', 'lookback', 'keys out+v in', 'v exchange', 'v out'] if c[:, 4].any() else ['rank', 'counts+scan', 'lookback', '-', '-', 'keys out']
            if not c[:, 4].any():
                d[:, 5] = c[:, 5] - c[:, 2]; d[:, 3] = d[:, 4] = 0
            nsm = len(np.unique(sm)); conc = ntiles * dur.mean() / span
            first = np.argsort(g0)[: int(round(conc))]
            rest = np.setdiff1d(np.arange(ntiles), first)
            ends = {s: g1[sm == s].max() for s in np.unique(sm)}; starts = {s: g0[sm == s].min() for s in np.unique(sm)}
            idle_end = np.mean([(g1.max() - e) / 1000.0 for e in ends.values()])
            idle_start = np.mean([(s_ - g0.min()) / 1000.0 for s_ in starts.values()])
            print(f' pass {p}: span {span:.1f} us, tile {dur.mean():.2f} us (median {np.median(dur):.2f}), {conc:.0f} tiles at once on {nsm} SMs; SMs idle at the end {idle_end:.1f} us, at the start {idle_start:.1f}')
            print('   phases (us, all / first wave / rest): ' + '; '.join(f'{nm} {d[:, i].mean():.2f}/{d[first, i].mean():.2f}/{d[rest, i].mean():.2f}' for i, nm in enumerate(names) if nm != '-'))
        gt = np.diff(np.sort(a[0][:, 0])); gt = gt[gt > 0]
        print(f' global timer: smallest step {gt.min() if len(gt) else 0} ns')
