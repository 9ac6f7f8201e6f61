#!/usr/bin/env bash
# puzzlebook's grader against Sukaku Explainer (SudokuMonster's SE fork,
# built from source outside this repository; docs/grading.md says how).
#
#   benches/se-compare.sh SE_JAR LAYOUT PUZZLES [PB...]
#
# SE_JAR   the Sukaku Explainer jar
# LAYOUT   windoku-9 | diagonal-9 | asterisk | classic-9 (picks SE's variant flag)
# PUZZLES  one 81-character puzzle a line (extra columns after a space are ignored)
# PB       one or more puzzlebook binaries to compare (default: target/debug/puzzlebook)
#
# Prints one table per binary: Spearman and MAE overall and per SE band.
# SE's ratings are cached beside PUZZLES as PUZZLES.se (delete it to re-rate).
# SE is CPU-heavy: on a shared machine run this under `flock /work/measure.lock nice`.
set -euo pipefail
JAR=$1 LAYOUT=$2 PUZZLES=$3
shift 3
REPO=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- "$REPO/target/debug/puzzlebook"
case $LAYOUT in
  windoku-9) FLAG=--isWindows=1 ;;
  diagonal-9) FLAG=--isX=1 ;;
  asterisk*) FLAG=--isAsterisk=1 ;;
  classic-9) FLAG= ;;
  *) echo "se-compare: no SE flag for layout $LAYOUT" >&2; exit 2 ;;
esac
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cut -d' ' -f1 "$PUZZLES" > "$TMP/p.txt"
if [ ! -s "$PUZZLES.se" ]; then
  java -Xmx500m -cp "$JAR" diuf.sudoku.test.serate $FLAG --format=%r --input="$TMP/p.txt" --output="$PUZZLES.se"
fi
for PB in "$@"; do
  "$PB" grade "$LAYOUT" --file "$TMP/p.txt" | cut -d' ' -f1 > "$TMP/pb.txt"
  echo "### $LAYOUT, $(wc -l < "$TMP/p.txt") puzzles, $PB"
  python3 - "$PUZZLES.se" "$TMP/pb.txt" <<'PY'
import sys
se = [float(x.split()[0]) for x in open(sys.argv[1]) if x.strip()]
pb = [float(x.split()[0]) for x in open(sys.argv[2]) if x.strip()]
assert len(se) == len(pb), (len(se), len(pb))
def ranks(v):
    order = sorted(range(len(v)), key=lambda i: v[i]); r = [0.0] * len(v); i = 0
    while i < len(v):
        j = i
        while j + 1 < len(v) and v[order[j + 1]] == v[order[i]]: j += 1
        for k in range(i, j + 1): r[order[k]] = (i + j) / 2
        i = j + 1
    return r
def spearman(a, b):
    if len(a) < 2: return float('nan')
    ra, rb = ranks(a), ranks(b); n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** .5; vb = sum((y - mb) ** 2 for y in rb) ** .5
    return cov / (va * vb) if va and vb else float('nan')
def row(name, idx):
    a = [se[i] for i in idx]; b = [pb[i] for i in idx]
    mae = sum(abs(x - y) for x, y in zip(a, b)) / len(idx); bias = sum(y - x for x, y in zip(a, b)) / len(idx)
    print(f"| {name} | {len(idx)} | {spearman(a, b):.3f} | {mae:.2f} | {bias:+.2f} |")
print("| SE band | n | Spearman | MAE | bias (ours − SE) |\n|---|---|---|---|---|")
row("all", list(range(len(se))))
for lo, hi in [(0, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9), (9, 20)]:
    idx = [i for i in range(len(se)) if lo <= se[i] < hi]
    if idx: row(f"{lo}–{hi if hi < 20 else ''}", idx)
PY
done
