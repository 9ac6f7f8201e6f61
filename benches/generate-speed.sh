#!/bin/bash
# generate into SQLite and into PostgreSQL, alternated, same binary and
# seeds (docs/catalog-scale.md, "PostgreSQL's speed"): for each seed a new
# SQLite file and a new PostgreSQL database, each run under
# `flock $LOCK` so no two timed runs overlap. Prints generate's last line.
#   PG_HOST=/work/pg/x PG_PORT=5521 benches/generate-speed.sh COUNT SEED...
# PUZZLEBOOK names the binary (default target/release/puzzlebook), LOCK the
# lock file (default /work/measure.lock), WORK a folder (default /tmp).
set -eu
BIN=${PUZZLEBOOK:-target/release/puzzlebook}
LOCK=${LOCK:-/work/measure.lock}
WORK=${WORK:-/tmp}
N=$1; shift
for seed in "$@"; do
  rm -f "$WORK/pb-speed.db" "$WORK/pb-speed.db-wal" "$WORK/pb-speed.db-shm"
  flock "$LOCK" nice "$BIN" generate classic-9 --count "$N" --jobs 2 --seed "$seed" --db "$WORK/pb-speed.db" 2>&1 >/dev/null \
    | tail -1 | sed "s/^/sqlite N=$N seed=$seed: /"
  dropdb -h "$PG_HOST" -p "$PG_PORT" -U postgres --if-exists pb_speed
  createdb -h "$PG_HOST" -p "$PG_PORT" -U postgres pb_speed
  url="postgres://postgres@$(python3 -c 'import sys,urllib.parse;print(urllib.parse.quote(sys.argv[1],safe=""))' "$PG_HOST"):$PG_PORT/pb_speed"
  flock "$LOCK" nice "$BIN" generate classic-9 --count "$N" --jobs 2 --seed "$seed" --db "$url" 2>&1 >/dev/null \
    | tail -1 | sed "s/^/postgres N=$N seed=$seed: /"
done
rm -f "$WORK/pb-speed.db"*
dropdb -h "$PG_HOST" -p "$PG_PORT" -U postgres --if-exists pb_speed
