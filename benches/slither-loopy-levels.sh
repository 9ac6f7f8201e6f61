#!/usr/bin/env bash
# Our Slitherlink levels against Simon Tatham's Loopy (issue 30 item 6):
# generates N puzzles per size and level with `puzzlebook loops generate`,
# writes each as a Loopy game id (`<cols>x<rows>t0:<desc>`: the clues row by
# row, a digit a clue, a run of 1-26 empty cells as a letter a-z, as Loopy's
# state_to_text writes them), grades every id with Loopy's own solver at
# Easy, Normal, Tricky and Hard (the lowest that solves it), and prints the
# table "our level x lowest Loopy level".
#
# Env: PB (default target/release/puzzlebook), LOOPY (a driver that reads
# game ids on stdin and prints Easy/Normal/Tricky/Hard/harder a line; see
# docs/slitherlink-levels.md; default ../anchors/loopy-build/drv grade),
# N (default 200), SIZES (default "7x7 10x10"), SEED (default 1).
set -eu -o pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
PB=${PB:-$REPO/target/release/puzzlebook}
LOOPY=${LOOPY:-$(cd "$REPO/.." && pwd)/anchors/loopy-build/drv}
N=${N:-200}
SIZES=${SIZES:-7x7 10x10}
SEED=${SEED:-1}
W=$(mktemp -d /tmp/slither-levels.XXXXXX)
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$W"' EXIT
to_loopy() {  # puzzlebook's "r1/r2/... edges level seed" lines -> Loopy game ids
  awk '{
    n = split($1, rows, "/"); w = length(rows[1]); d = ""; run = 0
    for (r = 1; r <= n; r++) for (c = 1; c <= w; c++) {
      ch = substr(rows[r], c, 1)
      if (ch == ".") { if (run == 26) { d = d "z"; run = 0 } run++ }
      else { if (run) { d = d substr("abcdefghijklmnopqrstuvwxyz", run, 1); run = 0 } d = d ch }
    }
    if (run) d = d substr("abcdefghijklmnopqrstuvwxyz", run, 1)
    printf "%dx%dt0:%s\n", w, n, d
  }'
}
echo "| size | our level | n | Loopy Easy | Normal | Tricky | Hard | harder than Hard |"
echo "|---|---|---|---|---|---|---|---|"
for size in $SIZES; do
  for level in easy medium hard; do
    "$PB" loops generate "$size" --count "$N" --difficulty "$level" --seed "$SEED" > "$W/$size-$level.txt"
    to_loopy < "$W/$size-$level.txt" > "$W/$size-$level.ids"
    "$LOOPY" grade < "$W/$size-$level.ids" > "$W/$size-$level.loopy"
    paste -d' ' "$W/$size-$level.loopy" "$W/$size-$level.ids" > "$W/$size-$level.graded"
    awk -v s="$size" -v l="$level" '{ c[$1]++; n++ } END {
      printf "| %s | %s | %d | %d | %d | %d | %d | %d |\n", s, l, n, c["Easy"], c["Normal"], c["Tricky"], c["Hard"], c["harder"] + c["impossible"] + c["invalid"] }' "$W/$size-$level.loopy"
  done
done
[ "${KEEP:-0}" = 1 ] && echo "kept: $W" >&2 || true
