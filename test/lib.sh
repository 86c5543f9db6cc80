# lib.sh: a tiny harness for CLI tests. Source it; set PSEARCH to the binary.
# check NAME WANT_EXIT CMD...    run CMD (stdout -> $OUT, stderr -> $ERR) and check the exit code
# has FILE TEXT                  FILE must contain TEXT
# same A B                       files must be byte-identical
# py NAME ARGS... <<'PY'          a Python check (program on stdin) must exit 0
set -u
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
OUT=$T/stdout
ERR=$T/stderr
fails=0
checks=0

# lsan_tracer_crashed FILE: FILE (a run's stderr) shows LeakSanitizer's own
# exit-time tracer crashing (seen under scripts/sanitize.sh on a loaded host:
# "Tracer caught signal 11", then abort, exit 134) and no leak report: the
# sanitizer's failure, which says nothing about the program or its leaks.
lsan_tracer_crashed() {
  grep -q 'LeakSanitizer has encountered a fatal error' "$1" && ! grep -q 'detected memory leaks' "$1"
}

# show_err FILE: a failed command's stderr: its first 5 lines and, where a
# sanitizer's report or a crash ends a longer one, its last 20
show_err() {
  local n
  n=$(wc -l < "$1")
  sed 's/^/  stderr: /' "$1" | head -5
  [ "$n" -gt 25 ] && echo "  stderr: ... ($((n - 25)) lines)"
  [ "$n" -gt 5 ] && sed 's/^/  stderr: /' "$1" | tail -n $((n > 25 ? 20 : n - 5))
}

fail() {
  echo "FAIL: $*"
  fails=$((fails + 1))
}

# attempt IN CMD...: runs CMD (stdin from IN, stdout -> $OUT, stderr -> $ERR)
# and returns its exit code; where LeakSanitizer's tracer crashed at exit
# (lsan_tracer_crashed: the sanitizer's failure, not the program's, whose exit
# code it hides) it runs CMD again, at most twice, with a note on stderr
attempt() {
  local in=$1 rc tries=0
  shift
  while :; do
    "$@" >"$OUT" 2>"$ERR" <"$in"
    rc=$?
    [ "$rc" = 134 ] && [ $tries -lt 2 ] && lsan_tracer_crashed "$ERR" || return $rc
    tries=$((tries + 1))
    echo "note: LeakSanitizer's tracer crashed at exit; running again: $*" >&2
  done
}

check() {
  local name=$1 want=$2
  shift 2
  checks=$((checks + 1))
  attempt /dev/null "$@"
  local got=$?
  if [ "$got" != "$want" ]; then
    fail "$name: exit $got, expected $want (cmd: $*)"
    show_err "$ERR"
  fi
}

# like check, but with stdin from a file
check_in() {
  local name=$1 want=$2 in=$3
  shift 3
  checks=$((checks + 1))
  attempt "$in" "$@"
  local got=$?
  if [ "$got" != "$want" ]; then
    fail "$name: exit $got, expected $want (cmd: $* < $in)"
    show_err "$ERR"
  fi
}

has() {
  checks=$((checks + 1))
  grep -qF -- "$2" "$1" || { fail "$(basename "$1") lacks '$2'"; sed 's/^/  got: /' "$1" | head -5; }
}

same() {
  checks=$((checks + 1))
  cmp -s "$1" "$2" || fail "$1 and $2 differ"
}

py() {
  local name=$1
  shift
  checks=$((checks + 1))
  python3 - "$@" >"$T/py.out" 2>&1 || { fail "$name"; sed 's/^/  py: /' "$T/py.out" | tail -5; }
}

finish() {
  echo "$checks checks, $fails failed"
  [ "$fails" = 0 ]
}
