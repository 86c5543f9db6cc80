#!/bin/bash
# slurm.sh: scripts/slurm/*.sbatch on a real Slurm (Debian's slurm-wlm and
# munge, installed when missing): munged, slurmctld and slurmd started on
# localhost with a one-node configuration in a temporary directory (two
# GPUs declared as generic resources without devices, so --gpus-per-task
# is scheduled as on a GPU node; the tasks run the c backend), the job array
# submitted with 3 parts, the merge job after it (--dependency=afterok), and
# the merged JSON checked against an unsharded run's cases, every dataset
# validated. Only the daemons it started are stopped, by their process ids.
# Needs root (to install packages and run the daemons): exit 77 (skip)
# otherwise. docs/cluster.md.
PSEARCH=$1
if [ "$(id -u)" != 0 ]; then
  echo "SKIP: the Slurm test needs root (it installs slurm-wlm and munge and starts their daemons)"
  exit 77
fi
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
S=$(cd "$(dirname "$0")/../scripts/slurm" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
pids=()
stop() {
  local p
  [ -n "${SLURM_CONF:-}" ] && scancel --quiet --name=psearch-bench,psearch-merge 2>/dev/null
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null
  done
  rm -rf "$T"
}
trap stop EXIT
export XDG_CACHE_HOME=$T/cache

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  echo "installing slurm-wlm and munge"
  DEBIAN_FRONTEND=noninteractive apt-get -y -qq install slurm-wlm munge >"$T/apt.log" 2>&1 ||
    { tail -5 "$T/apt.log"; echo "FAIL: apt-get install slurm-wlm munge"; exit 1; }
fi
if [ ! -s /etc/munge/munge.key ]; then
  echo "creating /etc/munge/munge.key"
  mkdir -p /etc/munge && mungekey --create --keyfile=/etc/munge/munge.key || exit 1
fi

# munged on a socket of its own (any running munged is left alone)
mkdir -p "$T/munge" "$T/state" "$T/spool" "$T/out"
chmod 700 "$T/munge"
munged --foreground --force --socket="$T/munge/sock" --pid-file="$T/munge/pid" \
  --log-file="$T/munge/log" --seed-file="$T/munge/seed" >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$T/munge/sock" ] && break; sleep 0.1; done
[ -S "$T/munge/sock" ] || { cat "$T/munge/log"; echo "FAIL: munged did not start"; exit 1; }

# one node: this machine's CPUs and memory, two GPUs
port=$((20000 + $$ % 20000))
read -r cpus mem < <(slurmd -C | sed -n 's/.* CPUs=\([0-9]*\) .*RealMemory=\([0-9]*\).*/\1 \2/p')
cat > "$T/slurm.conf" <<EOF
ClusterName=psearchtest
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/munge/sock
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
SchedulerParameters=sched_min_interval=100000
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
GresTypes=gpu
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem Gres=gpu:2 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
# two stand-in device files (copies of /dev/null): Slurm binds one to each
# task and sets CUDA_VISIBLE_DEVICES from its number, as on a GPU node
mknod "$T/nvidia0" c 1 3 && mknod "$T/nvidia1" c 1 3 || exit 1
echo "NodeName=localhost Name=gpu File=$T/nvidia[0-1]" > "$T/gres.conf"
export SLURM_CONF=$T/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" >"$T/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N localhost -f "$SLURM_CONF" >"$T/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
  [ "$(sinfo -h -N -o %t 2>/dev/null)" = idle ] && break
  sleep 0.2
done
[ "$(sinfo -h -N -o %t 2>/dev/null)" = idle ] ||
  { for f in "$T"/slurmctld.log "$T"/slurmd.log "$T"/slurm*.out; do tail -n 5 "$f"; done; echo "FAIL: the node is not idle"; exit 1; }

# the suite, and the unsharded run's cases
cp "$HERE/scale.bench" "$T/t.bench"
args=(-r 2 --max-runs 2 --no-convergence-phase "$T/t.bench")
check unsharded 0 $P bench --backend=c --json "$T/full.json" "${args[@]}"

# the array (ids 3-5: the parts come from SLURM_ARRAY_TASK_MIN), then the merge
cd "$T/out" || exit 1
# (compare without --strict: two runs a side are too few to judge)
export PSEARCH=$P PSEARCH_DEVICE=--backend=c PSEARCH_SHARD_COUNT=3 PSEARCH_COMPARE=
check submit 0 sbatch --parsable --array=3-5 "$S/bench-array.sbatch" "$T/out" "${args[@]}"
jid=$(cut -d';' -f1 < "$OUT")
check submit-merge 0 sbatch --parsable --dependency=afterok:"$jid" "$S/merge-gate.sbatch" "$T/out" "$T/full.json"
mid=$(cut -d';' -f1 < "$OUT")
state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1; }
for _ in $(seq 600); do
  case $(state "$mid") in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY) break ;; esac
  sleep 0.2
done
[ "$(state "$mid")" = COMPLETED ] || {
  fail "the merge job is $(state "$mid"), not COMPLETED"
  scontrol show job "$jid" | grep -E "JobState|Reason" | head -6
  tail -n 5 "$T"/out/*.out
}
for id in 3 4 5; do
  [ -s "$T/out/shard-$id.json" ] || fail "task $id wrote no shard-$id.json"
  grep -qE "GPUs [01]:" "$T/out/psearch-bench-${jid}_$id.out" ||
    fail "task $id was not bound to one GPU: $(head -1 "$T/out/psearch-bench-${jid}_$id.out")"
done
py merged "$T/full.json" "$T/out/all.json" "$T"/out/shard-*.json <<'PY'
import json, sys
full, merged = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
cases = lambda r: sorted((p, d) for p, v in r.items() for d in v["datasets"])
assert cases(full) == cases(merged), (cases(full), cases(merged))
assert len(cases(full)) == 10
for p, v in merged.items():
    for d, x in v["datasets"].items():
        assert isinstance(x, dict) and x["psearch"]["validation"] == "ok", (p, d, x)
    parts = v["psearch_context"]["parts"]
    assert all(q["context"]["shard"]["from"] == "SLURM_ARRAY_TASK_ID" for q in parts), parts
shards = sorted(next(iter(json.load(open(f)).values()))["psearch_context"]["shard"]["index"]
                for f in sys.argv[3:])
assert shards == [1, 2, 3], shards
PY
[ -s "$T/out/compare.txt" ] || fail "the merge job did not compare with the baseline"
finish
