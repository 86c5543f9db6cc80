import sys, numpy as np
f, passes = sys.argv[1], int(sys.argv[2])
a = np.fromfile(f, dtype=np.uint64).reshape(passes, -1, 10).astype(np.float64)
names = ["rank(+loads)", "count+scan", "scatter-local", "lookback", "write-out"]
for p in range(passes):
    x = a[p]; cyc = x[:, 6] - x[:, 1]; life = x[:, 7] - x[:, 0]; ghz = np.median(cyc) / np.median(life)
    t0 = x[:, 0].min(); t1 = x[:, 7].max(); sms = len(np.unique(x[:, 8]))
    print(f"pass {p}: {x.shape[0]} tiles, span {(t1-t0)/1e3:.1f} us, tiles in flight per SM {life.sum()/(t1-t0)/sms:.2f}, lifetime mean {life.mean()/1e3:.2f} us")
    for k, nm in enumerate(names):
        d = (x[:, k + 2] - x[:, k + 1]) / ghz / 1e3
        print(f"   {nm:14s} mean {d.mean():6.2f}  med {np.median(d):6.2f}  p10 {np.percentile(d,10):6.2f}  p90 {np.percentile(d,90):6.2f} us")
