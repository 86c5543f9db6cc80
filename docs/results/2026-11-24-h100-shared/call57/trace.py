import sys, numpy as np
f, passes = sys.argv[1], int(sys.argv[2])
a = np.fromfile(f, dtype=np.uint64).reshape(passes, -1, 10).astype(np.float64)
names = ["rank(+loads)", "count+scan", "scatter-local", "lookback", "write-keys", "write-values"]
cols = [(1, 2), (2, 3), (3, 4), (4, 5), (5, 9), (9, 6)]
for p in range(passes):
    x = a[p]
    cyc = x[:, 6] - x[:, 1]
    life = x[:, 7] - x[:, 0]
    ghz = np.median(cyc) / np.median(life)
    t0 = x[:, 0].min(); t1 = x[:, 7].max()
    sms = len(np.unique(x[:, 8]))
    conc = life.sum() / (t1 - t0) / sms
    print(f"pass {p}: {x.shape[0]} tiles, span {(t1-t0)/1e3:.1f} us, {sms} SMs, mean tiles in flight per SM {conc:.2f}, clock {ghz:.2f} GHz, lifetime mean {life.mean()/1e3:.2f} med {np.median(life)/1e3:.2f} p90 {np.percentile(life,90)/1e3:.2f} us")
    for (c0, c1), nm in zip(cols, names):
        d = (x[:, c1] - x[:, c0]) / ghz / 1e3
        print(f"   {nm:14s} mean {d.mean():6.2f}  med {np.median(d):6.2f}  p10 {np.percentile(d,10):6.2f}  p90 {np.percentile(d,90):6.2f} us")
    # the first and last tiles started, and the ramp
    o = np.argsort(x[:, 0])
    first_end = x[o[:396], 7].min()
    print(f"   first tile starts {0:.1f}, the {min(396, len(o))}th starts {(x[o[min(395,len(o)-1)],0]-t0)/1e3:.2f} us; last tile starts {(x[o[-1],0]-t0)/1e3:.1f}, ends {(t1-t0)/1e3:.1f}; first end {(first_end-t0)/1e3:.2f}")
    # SM idle: per SM, union of tile intervals
    idle = []
    for sm in np.unique(x[:, 8]):
        y = x[x[:, 8] == sm]
        iv = sorted(zip(y[:, 0], y[:, 7]))
        cov = 0; cs, ce = iv[0]
        for s_, e_ in iv[1:]:
            if s_ > ce: cov += ce - cs; cs, ce = s_, e_
            else: ce = max(ce, e_)
        cov += ce - cs
        idle.append((t1 - t0) - cov)
    print(f"   SM time with no tile: mean {np.mean(idle)/1e3:.2f} us; lookback by tile decile:", " ".join(f"{np.mean(((x[:,5]-x[:,4])/ghz/1e3)[o][i*len(o)//10:(i+1)*len(o)//10]):.2f}" for i in range(10)))
