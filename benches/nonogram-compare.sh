#!/usr/bin/env bash
# Nonogram speed against the anchors (docs/speed-nonogram.md): puzzlebook's
# engine (benches/nonogram.rs), the `nonogrid` crate (a referee built OUTSIDE
# this repository) and Simon Tatham's Pattern (pattern.c with a small driver,
# also built outside). Nothing of either anchor is copied or linked here.
#
#   benches/nonogram-compare.sh solve [SECONDS]       the benchmark puzzles
#   benches/nonogram-compare.sh gen [N]               generation, 10x10..30x30
#
# Environment (defaults are this machine's paths):
#   NONOGRID_REFEREE  the referee binary (Cargo project depending on nonogrid
#                     0.7 from crates.io, default features off; its main is in
#                     docs/speed-nonogram.md)
#   PATTERN_DRV       the Pattern driver (drv.c including pattern.c, see docs)
#   NONOGRAM_DB       a checkout of github.com/mikix/nonogram-db (its
#                     gnonograms and qnonograms puzzles join the set; the
#                     webpbn ones are in tests/data/nonogram already); set
#                     it empty to leave them out
#   NONOGRAM_BENCH    an already built `nonogram` bench binary (else cargo builds it)
#   MEASURE_LOCK      a lock file: each timed run holds it (flock), so timed
#                     runs on a shared machine never overlap
#
# The puzzlebook side is built as `cargo bench --bench nonogram --no-run`
# (the bench profile: release optimisation, no LTO). Runs alternate
# puzzlebook, nonogrid, Pattern puzzle by puzzle; each figure is the mean of
# a tight in-process loop of at least SECONDS (wall time, one thread).
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=${1:-solve}
REF=${NONOGRID_REFEREE:-/work/anchors/nonogrid-referee/target/release/nonogrid-referee}
PAT=${PATTERN_DRV:-/work/anchors/pattern-build/drv}
DB=${NONOGRAM_DB-/work/anchors/nonogram-db}
[ -z "$DB" ] || [ -d "$DB/db" ] || DB=""
LOCK=${MEASURE_LOCK:-/work/measure.lock}
# NONOGRAM_BENCH: an already built benches/nonogram.rs binary (skips cargo).
OURS=${NONOGRAM_BENCH:-}
[ -n "$OURS" ] || OURS=$(cargo bench --bench nonogram --no-run --message-format=json 2>/dev/null |
  sed -n 's/.*"executable":"\([^"]*nonogram[^"]*\)".*/\1/p' | tail -1)
[ -x "$OURS" ] || { echo "could not build benches/nonogram.rs" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

timed() { flock "$LOCK" "$@"; }

if [ "$MODE" = solve ]; then
  SECS=${2:-0.3}
  files=(tests/data/nonogram/*.non)
  if [ -n "$DB" ]; then
    for f in "$DB"/db/gnonograms/*.non "$DB"/db/qnonograms/*/*.non; do
      n=$(echo "${f#"$DB"/db/}" | tr / -)
      cp "$f" "$WORK/$n"; files+=("$WORK/$n")
    done
  fi
  mkdir -p "$WORK/set"
  "$OURS" convert "$WORK/set" "${files[@]}" >/dev/null
  echo "| puzzle | size | puzzlebook (µs) | level | nonogrid (µs) | Pattern (µs) | fastest |"
  echo "|---|---|---:|---|---:|---:|---|"
  for f in "$WORK"/set/*.nonogram; do
    name=$(basename "$f" .nonogram)
    size=$(sed -n 's/^size //p' "$f")
    o=$(timed "$OURS" solve "$SECS" "$f")
    r=$(timed "$REF" "$SECS" "$f")
    p=$(timed "$PAT" solve "$SECS" "$f")
    ous=$(cut -f5 <<<"$o"); lvl=$(cut -f3 <<<"$o"); ocount=$(cut -f2 <<<"$o")
    rus=$(cut -f4 <<<"$r"); rcount=$(cut -f2 <<<"$r")
    pus=$(cut -f4 <<<"$p"); pok=$(cut -f2 <<<"$p")
    [ "$ocount" = 1 ] || lvl="$lvl (count $ocount)"
    [ "$rcount" = 1 ] || rus="$rus (count $rcount)"
    [ "$pok" = solved ] || pus="$pus (stuck)"
    best=$(printf '%s puzzlebook\n%s nonogrid\n%s Pattern\n' "$ous" "${rus%% *}" "${pus%% *}" | sort -g | head -1 | cut -d' ' -f2)
    echo "| $name | $size | $ous | $lvl | $rus | $pus | $best |"
  done
elif [ "$MODE" = gen ]; then
  N=${2:-20}
  echo "| size | puzzles | puzzlebook (ms/puzzle) | pictures drawn | Pattern (ms/puzzle) |"
  echo "|---|---:|---:|---:|---:|"
  for s in 10 15 20 25 30; do
    o=$(timed "$OURS" gen "$s" "$s" "$N" 1)
    p=$(timed "$PAT" gen "$s" "$s" "$N" 1)
    printf '| %sx%s | %s | %.2f | %s | %.2f |\n' "$s" "$s" "$N" \
      "$(echo "$(cut -f4 <<<"$o") / 1000" | bc -l)" "$(cut -f5 <<<"$o")" "$(echo "$(cut -f4 <<<"$p") / 1000" | bc -l)"
  done
else
  echo "usage: $0 solve [SECONDS] | gen [N]" >&2; exit 2
fi
