# tail.py FILE...: from os_pass's per-tile marks (call 87, tl.py's input), how many
# tiles run at once through each pass, and what its start and its end leave idle:
# the steady count is the median over the middle half of the pass; the loss is the
# idle slot-time of the first and last 25 us over that count, in us of the whole GPU.
# Also the first wave's tiles (the first `steady` to start) against the rest.
import sys, struct
import numpy as np
for path in sys.argv[1:]:
    raw = open(path, 'rb').read()
    passes, ntiles, tile, n = struct.unpack_from('<4Q', raw, 0)
    a = np.frombuffer(raw, dtype=np.uint64, count=passes * ntiles * 10, offset=32).reshape(passes, ntiles, 10).astype(np.int64)
    print(f'== {path}: n {n}, tile {tile}, {ntiles} tiles, {passes} passes')
    for p in range(passes):
        x = a[p]
        g0 = x[:, 0] - x[:, 0].min()
        g1 = x[:, 1] - x[:, 0].min()
        t = np.arange(0, g1.max(), 100)  # a 0.1 us grid
        run = np.zeros(len(t))
        for s, e in zip(g0, g1):
            run[int(s // 100):int(e // 100)] += 1
        steady = np.median(run[len(run) // 4:3 * len(run) // 4])
        tail = (steady - run[t >= g1.max() - 25000]).clip(0).sum() * 0.1 / steady
        head = (steady - run[t < 25000]).clip(0).sum() * 0.1 / steady
        dur = (g1 - g0) / 1000.0
        first = np.argsort(g0)[:int(steady)]
        rest = np.setdiff1d(np.arange(ntiles), first)
        ramp = [int(run[(t >= g1.max() - k * 1000) & (t < g1.max() - (k - 1) * 1000)].mean()) for k in range(20, 0, -1)]
        print(f' pass {p}: span {g1.max() / 1000:.1f} us, {steady:.0f} tiles at once; lost at the end {tail:.1f} us, '
              f'at the start {head:.1f}; a tile {dur[rest].mean():.2f} us, in the first wave {dur[first].mean():.2f}')
        print(f'   tiles running in each of the last 20 us: {ramp}')
