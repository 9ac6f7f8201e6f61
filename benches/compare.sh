#!/usr/bin/env bash
# Alternated whole-process speed comparison: puzzlebook against the anchors
# (tdoku, the `sudoku` crate, Simon Tatham's Solo, QQWing), built outside this
# repository as benches/README.md says. Each repetition runs every row's
# tools one after the other, in an order rotated from one repetition to the
# next, so machine noise hits both sides alike; the table gives the median
# CPU time (user + sys) of each side and the ratio of rates.
#
# Env (paths default to the layout of benches/README.md):
#   PB       puzzlebook binary       (default: target/release/puzzlebook of this checkout)
#   ANCHORS  the anchors' folder     (default: ../anchors beside this checkout)
#   DATA     the shared puzzle sets  (default: ../shared/data/sudoku beside this checkout)
#   REPS     repetitions             (default 3)
#   ROWS     regex selecting rows    (default: all), e.g. ROWS='^count-' or ROWS='gen-16'
#   TIMER    time (/usr/bin/time, 10 ms steps) or wait4 (python3's os.wait4, microseconds; default)
#   TDOKU, CRATE, SOLO, QQWING, TDGEN, LOOPY   override single anchor paths
#   (LOOPY: a driver around Tatham's loopy.c, `LOOPY gen W H h N SEED` prints N Hard
#   game ids; docs/slitherlink-levels.md says how to build it)
#   TDOKU_SE9_LIMIT=N  se9 row: also run tdoku's generator (-l N attempts) graded by puzzlebook
#   KEEP=1   keep the scratch directory (outputs, timings)
# Rows: count-17 count-top count-hardest count-forum count-multi count-multi50 gen-minimal
#       gen-easy gen-diagonal gen-diagonal-min gen-16 gen-16-min gen-killer gen-stored gen-expert grade-2x grade-3x se9
#       gen-slither-7 gen-slither-10 gen-slither-15 gen-slither-20
set -u -o pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
A=${ANCHORS:-$(cd "$REPO/.." && pwd)/anchors}
PB=${PB:-$REPO/target/release/puzzlebook}
REPS=${REPS:-3}
ROWS=${ROWS:-.}
TIMER=${TIMER:-wait4}
TDOKU=${TDOKU:-$A/tdoku-count}
TDOKU_NATIVE=${TDOKU_NATIVE:-0}
TDOKU_SE9_LIMIT=${TDOKU_SE9_LIMIT:-0}
CRATE=${CRATE:-$A/target-anchor/release/sudoku-crate-anchor}
SOLO=${SOLO:-/usr/games/sgt-solo}
QQWING=${QQWING:-/usr/games/qqwing}
[ -x "$QQWING" ] || QQWING=$(command -v qqwing)
TDGEN=${TDGEN:-$A/tdoku/build-v2/generate}
LOOPY=${LOOPY:-$A/loopy-build/drv}
D=${DATA:-$(cd "$REPO/.." && pwd)/shared/data/sudoku}
FORUM=${FORUM:-$A/forum-hardest-11.txt}

[ -x "$PB" ] || { echo "missing executable: $PB" >&2; exit 1; }

W=$(mktemp -d /tmp/compare.XXXXXX)
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$W"' EXIT
cd "$W" || exit 1   # run everything from a scratch directory, never from the repository

# ---- inputs derived from the shared data ----------------------------------------------------
# grade files: se-rated.txt lines are "<puzzle> <SE rating>"; 2.0-2.9 and 3.0-3.9, the set x20
mkdir -p "$A/data"
for r in 2 3; do
  f=$A/data/grade-${r}x.txt
  if [ ! -s "$f" ]; then
    awk -v r=$r '!/^#/ && NF >= 2 && $2 >= r && $2 < r + 1 { print $1 }' $D/se-rated.txt > "$f.once"
    for _ in $(seq 20); do cat "$f.once"; done > "$f"; rm -f "$f.once"
  fi
done
if [ ! -s "$A/data/multi-solution-x50.txt" ]; then
  for _ in $(seq 50); do cat $D/multi-solution.txt; done > "$A/data/multi-solution-x50.txt"
fi
npuz() { grep -c '^[[:space:]]*[.0-9_]\{81\}\([[:space:]]\|$\)' "$1"; }

# ---- row definitions --------------------------------------------------------------------------
# tool KEY LABEL ITEMS CMD...   ITEMS: a number, or "se9" (count SE >= 9.0 lines of the output)
declare -a ROW_ORDER=()
declare -A ROW_TOOLS=() ROW_CHECK=() CMD=() ITEMS=() ROW_NOTE=()
row() { ROW_ORDER+=("$1"); ROW_CHECK[$1]=$2; ROW_NOTE[$1]=$3; ROW_TOOLS[$1]=""; }
tool() { local r=$1 l=$2 n=$3; shift 3; ROW_TOOLS[$r]+="$l "; ITEMS[$r/$l]=$n; CMD[$r/$l]="$*"; }

count_row() {  # name file
  local r=$1 f=$2 n; n=$(npuz "$f")
  row "$r" 1 "count to 2, $n puzzles of $(basename "$f")"
  tool "$r" puzzlebook "$n" "$PB" solve classic-9 --file "$f"
  if [ -x "$TDOKU" ]; then tool "$r" tdoku "$n" "$TDOKU" "$f"; else echo "WARNING: $TDOKU missing, $r runs without tdoku" >&2; fi
  [ "$TDOKU_NATIVE" = 1 ] && tool "$r" tdoku-native "$n" "$A/tdoku-count-native" "$f"
  tool "$r" crate "$n" "$CRATE" count "$f"
}
sel() { [[ $1 =~ $ROWS ]]; }
sel count-17      && count_row count-17 $D/17-clue.txt
sel count-top     && count_row count-top $D/top1465.txt
sel count-hardest && count_row count-hardest $D/hardest-1106.txt
if sel count-forum; then
  if [ -s "$FORUM" ]; then count_row count-forum "$FORUM"; else echo "WARNING: $FORUM missing, count-forum skipped" >&2; fi
fi
sel count-multi    && count_row count-multi $D/multi-solution.txt
sel count-multi50 && count_row count-multi50 "$A/data/multi-solution-x50.txt"
if sel gen-minimal; then
  row gen-minimal 0 "minimal classic-9 (pb gives each its level; the crate does not grade)"
  tool gen-minimal puzzlebook 2000 "$PB" generate classic-9 --count 2000 --no-store
  tool gen-minimal crate 2000 "$CRATE" generate 2000
fi
if sel gen-easy; then
  row gen-easy 0 "easy classic-9 vs Solo 3x3db"
  tool gen-easy puzzlebook 1000 "$PB" generate classic-9 --difficulty easy --count 1000 --no-store
  tool gen-easy solo 1000 "$SOLO" --generate 1000 3x3db
fi
if sel gen-diagonal; then
  row gen-diagonal 0 "easy diagonal-9 vs Solo 3x3xdb"
  tool gen-diagonal puzzlebook 300 "$PB" generate diagonal-9 --difficulty easy --count 300 --no-store
  tool gen-diagonal solo 300 "$SOLO" --generate 300 3x3xdb
fi
if sel gen-diagonal-min; then
  row gen-diagonal-min 0 "minimal diagonal-9 vs Solo 3x3xdb"
  tool gen-diagonal-min puzzlebook 300 "$PB" generate diagonal-9 --count 300 --no-store
  tool gen-diagonal-min solo 300 "$SOLO" --generate 300 3x3xdb
fi
if sel gen-16; then
  row gen-16 0 "easy classic-16 vs Solo 4x4db"
  tool gen-16 puzzlebook 20 "$PB" generate classic-16 --difficulty easy --count 20 --no-store
  tool gen-16 solo 20 "$SOLO" --generate 20 4x4db
fi
if sel gen-16-min; then
  row gen-16-min 0 "minimal classic-16 (10) vs Solo 4x4db (20)"
  tool gen-16-min puzzlebook 10 "$PB" generate classic-16 --count 10 --no-store
  tool gen-16-min solo 20 "$SOLO" --generate 20 4x4db
fi
if sel gen-killer; then
  row gen-killer 0 "killer-9 medium vs Solo killer 3x3kadt (issue 34 item 1)"
  tool gen-killer puzzlebook 100 "$PB" generate killer-9 --difficulty medium --count 100 --no-store
  tool gen-killer solo 100 "$SOLO" --generate 100 3x3kadt
fi
if sel gen-stored; then
  # the same binary and options, storing (fresh catalog each run) against printing only;
  # the "anchor" is the --no-store run, so the ratio is stored rate / unstored rate (goal >= 0.8)
  row gen-stored 0 "classic-9 stored vs the same --no-store, 1 thread (issue 34 item 2)"
  tool gen-stored puzzlebook 1000 bash -c "rm -f $W/stored.db*; $PB generate classic-9 --count 1000 --jobs 1 --db $W/stored.db"
  tool gen-stored no-store 1000 "$PB" generate classic-9 --count 1000 --no-store
fi
if sel gen-expert; then
  row gen-expert 0 "expert classic-9 vs QQWing expert"
  tool gen-expert puzzlebook 200 "$PB" generate classic-9 --difficulty expert --count 200 --no-store
  tool gen-expert qqwing 200 "$QQWING" --generate 200 --difficulty expert --one-line
fi
for r in 2 3; do
  if sel grade-${r}x; then
    f=$A/data/grade-${r}x.txt; n=$(npuz "$f")
    row grade-${r}x 0 "grading se-rated SE ${r}.x, $((n / 20)) puzzles x20"
    tool grade-${r}x puzzlebook "$n" "$PB" grade classic-9 --file "$f"
    tool grade-${r}x crate "$n" "$CRATE" grade "$f"
  fi
done
if sel se9; then
  row se9 0 "SE >= 9.0 classic-9 found"
  # 30, not 10: the finds are rare events (about one step in 250 of a
  # climb), so ten from one random seed came out anywhere from 2 to 5 a
  # second for the same binary (docs/speed.md, "SE >= 9 over many climbs").
  tool se9 puzzlebook 30 "$PB" generate classic-9 --rating 9.0.. --count 30 --no-store
  if [ "$TDOKU_SE9_LIMIT" -gt 0 ]; then
    tool se9 tdoku-gen se9 bash -c "$TDGEN -p0 -s0 -c0 -g1 -d1 -l $TDOKU_SE9_LIMIT | cut -d' ' -f1 | $PB grade classic-9 --file /dev/stdin"
  fi
fi
# Slitherlink hard (issue 34 item 5): our hard level against Loopy's Hard generator, square boards
for sn in 7:200 10:100 15:20 20:10; do
  s=${sn%:*} n=${sn#*:}
  if sel gen-slither-$s; then
    row gen-slither-$s 0 "Slitherlink hard ${s}x${s} vs Loopy ${s}x${s}t0dh"
    tool gen-slither-$s puzzlebook "$n" "$PB" loops generate ${s}x${s} --difficulty hard --count "$n" --seed 1
    tool gen-slither-$s loopy "$n" "$LOOPY" gen "$s" "$s" h "$n" 1
  fi
done
[ ${#ROW_ORDER[@]} -gt 0 ] || { echo "no row matches ROWS='$ROWS'" >&2; exit 1; }
# Only the executables the selected rows run must exist (gen-stored needs no anchor).
for k in "${!CMD[@]}"; do
  c=${CMD[$k]}; [[ $c == "bash -c "* ]] && continue
  b=${c%% *}; [ -x "$b" ] || { echo "missing executable for $k: $b" >&2; exit 1; }
done

# ---- run ---------------------------------------------------------------------------------------
# A child's wall, user and system seconds to microseconds, from wait4.
WAIT4='
import os, sys, time
out, cmd = sys.argv[1], sys.argv[2:]
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    os.execvp(cmd[0], cmd)
_, status, usage = os.wait4(pid, 0)
with open(out, "w") as f:
    f.write("%.6f %.6f %.6f\n" % (time.perf_counter() - start, usage.ru_utime, usage.ru_stime))
sys.exit(os.waitstatus_to_exitcode(status))
'

declare -A CPU=() WALL=() NFOUND=()
run_one() {  # key rep
  local k=$1 rep=$2 out err tf rc
  out="$W/${k//\//__}.$rep.out"; err="$W/${k//\//__}.$rep.err"; tf="$W/t"
  local -a cmd
  if [[ ${CMD[$k]} == "bash -c "* ]]; then cmd=(bash -c "${CMD[$k]#bash -c }")
  else read -r -a cmd <<< "${CMD[$k]}"; fi
  if [ "$TIMER" = wait4 ]; then python3 -c "$WAIT4" "$tf" "${cmd[@]}" > "$out" 2> "$err"; rc=$?
  else /usr/bin/time -f "%e %U %S" -o "$tf" "${cmd[@]}" > "$out" 2> "$err"; rc=$?; fi
  [ $rc -eq 0 ] || echo "WARNING: $k (rep $rep) exited $rc: $(head -c 300 "$err")" >&2
  local e u s; read -r e u s < <(tail -1 "$tf")
  CPU[$k]+="$(awk -v u="$u" -v s="$s" 'BEGIN{printf "%.6f", u + s}') "
  WALL[$k]+="$e "
  if [ "${ITEMS[$k]}" = se9 ]; then
    NFOUND[$k]+="$(awk '$1 + 0 >= 9.0' "$out" | wc -l) "
  else
    local got; got=$(grep -c . "$out")
    [ "$got" -eq "${ITEMS[$k]}" ] || echo "WARNING: $k (rep $rep) printed $got lines, expected ${ITEMS[$k]}" >&2
  fi
}
check_verdicts() {  # row rep
  local r=$1 rep=$2 l ref="$W/${1}__puzzlebook.$2.out"
  awk '{print $1}' "$ref" > "$W/v.ref"
  for l in ${ROW_TOOLS[$r]}; do
    [ "$l" = puzzlebook ] && continue
    awk '{print $1}' "$W/${r}__$l.$rep.out" > "$W/v.cmp"
    if ! cmp -s "$W/v.ref" "$W/v.cmp"; then
      echo "WARNING: $r: $l verdicts differ from puzzlebook's on" \
        "$(paste -d' ' "$W/v.ref" "$W/v.cmp" | awk '$1 != $2' | wc -l) lines" \
        "($(wc -l < "$W/v.ref") vs $(wc -l < "$W/v.cmp") lines)" >&2
    fi
  done
}

echo "# $(date -u +%FT%TZ) $(uname -m), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); REPS=$REPS TIMER=$TIMER" >&2
for rep in $(seq "$REPS"); do
  for r in "${ROW_ORDER[@]}"; do
    read -r -a tools <<< "${ROW_TOOLS[$r]}"
    n=${#tools[@]}; rot=$(( (rep - 1) % n ))
    order=("${tools[@]:$rot}" "${tools[@]:0:$rot}")
    echo "rep $rep/$REPS $r: ${order[*]}" >&2
    for l in "${order[@]}"; do run_one "$r/$l" "$rep"; done
    [ "${ROW_CHECK[$r]}" = 1 ] && [ "$rep" = 1 ] && check_verdicts "$r" "$rep"
  done
done

# ---- report ------------------------------------------------------------------------------------
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END{ if (NR == 0) print "nan"; else if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2] + a[NR/2+1]) / 2 }'; }
fmt_rate() { awk -v n="$1" -v c="$2" 'BEGIN{ if (c <= 0) print "n/a (under timer resolution)"; else { r = n / c; if (r >= 1e6) printf "%.2fM", r/1e6; else if (r >= 1e4) printf "%.1fk", r/1e3; else if (r >= 100) printf "%.0f", r; else printf "%.3g", r } }'; }

echo
echo "| row | puzzlebook: CPU s · items/s | anchors: CPU s · items/s | pb / best anchor |"
echo "|---|---|---|---:|"
for r in "${ROW_ORDER[@]}"; do
  pbk="$r/puzzlebook"; pbc=$(echo "${CPU[$pbk]}" | median); pbn=${ITEMS[$pbk]}
  pbr=$(awk -v n="$pbn" -v c="$pbc" 'BEGIN{print (c > 0) ? n / c : 0}')
  cells=""; best=0; bestl=""
  for l in ${ROW_TOOLS[$r]}; do
    [ "$l" = puzzlebook ] && continue
    k="$r/$l"; c=$(echo "${CPU[$k]}" | median); n=${ITEMS[$k]}
    [ "$n" = se9 ] && n=$(echo "${NFOUND[$k]}" | median)
    rt=$(awk -v n="$n" -v c="$c" 'BEGIN{print (c > 0) ? n / c : 0}')
    cells+="$l $(printf %.3f "$c") · $(fmt_rate "$n" "$c") ($n); "
    if awk -v a="$rt" -v b="$best" 'BEGIN{exit !(a > b)}'; then best=$rt; bestl=$l; fi
  done
  ratio=$(awk -v a="$pbr" -v b="$best" 'BEGIN{ if (b > 0 && a > 0) printf "%.2f", a / b; else print "n/a" }')
  [ -n "$bestl" ] && ratio+=" ($bestl)"
  cells=${cells%; }; [ -n "$cells" ] || cells="—"
  echo "| $r | $(printf %.3f "$pbc") · $(fmt_rate "$pbn" "$pbc") ($pbn) | $cells | $ratio |"
done
echo
echo "CPU = median user+sys of the whole process over $REPS run(s); items/s = items / that CPU;"
echo "ratio = puzzlebook rate / best anchor rate (> 1: puzzlebook faster). Rows under ~0.1 s weigh"
echo "process start-up heavily (count-multi: count-multi50 feeds the same set 50 times over)."
echo
echo "Commands:"
for r in "${ROW_ORDER[@]}"; do
  for l in ${ROW_TOOLS[$r]}; do echo "- $r/$l: ${CMD[$r/$l]}"; done
done
