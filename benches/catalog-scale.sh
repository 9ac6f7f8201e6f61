#!/usr/bin/env bash
# The catalog at scale (issue 27, item 7): builds classic-9 catalogs of each
# size on SQLite and, when a server is given, PostgreSQL, and prints one
# markdown row per backend and size. Not a timed test: run it by hand.
#
#   benches/catalog-scale.sh [SIZES...]          (default: 100000 1000000)
#
# Environment:
#   PUZZLEBOOK   the binary (default target/release/puzzlebook; build it first)
#   PG_URL       a PostgreSQL server URL whose user may create databases
#                (e.g. postgres://postgres@%2Fwork%2Fpg%2Fscale:5514/postgres);
#                without it only SQLite runs. The bench drops and makes the
#                database pb_scale_bench on it.
#   WORK         a folder for the SQLite catalogs (default /tmp/pb-scale);
#                each catalog is deleted after its row.
#   JOBS         worker threads for the fill and validate (default 2)
#
# How a bench catalog is made: `puzzlebook bench-fill classic-9 --count N`
# (hidden; src/fill.rs) generates a few dozen base puzzles with the
# generator, then makes each bench puzzle from a base by adding 3 to 6 givens
# of its solution. Every one is proved unique by the count-to-2 solver,
# graded, keyed and stored through the catalog's chunk insert, exactly as
# `import` stores a puzzle (2,000 a transaction); `validate` passes them all.
# `generate` itself makes a few hundred classic-9 puzzles a second here, so
# ten million real ones would take most of a day.
#
# Each row: bytes a puzzle (SQLite: the file; PostgreSQL: the database's
# growth), the fill's rate and bytes written (SQLite: the process's
# write_bytes from getrusage, as `/usr/bin/time %O`; PostgreSQL: the WAL
# the server wrote), `stats` wall time, `export --level hard` wall time and
# peak RSS, `validate --jobs 2` puzzles/s and peak RSS (the fill leaves every
# puzzle unchecked), and `book … --count 120` wall time (curation, the PDF
# and its record).
set -euo pipefail
cd "$(dirname "$0")/.."
PB=${PUZZLEBOOK:-target/release/puzzlebook}
WORK=${WORK:-/tmp/pb-scale}
JOBS=${JOBS:-2}
SIZES=("$@")
[ ${#SIZES[@]} -gt 0 ] || SIZES=(100000 1000000)
[ -x "$PB" ] || { echo "no $PB: build it (cargo build --release) or set PUZZLEBOOK" >&2; exit 2; }
mkdir -p "$WORK"
T=/usr/bin/time

# runs "$@" under /usr/bin/time; sets E (s), M (peak RSS, MB), O (MB written)
timed() {
    local log="$WORK/time.log"
    "$T" -o "$log" -f "%e %M %O" "$@"
    read -r E M O < <(tail -1 "$log")
    M=$((M / 1024))
    O=$((O / 2048))
}

pg_db_url() { # the server URL with database $1
    python3 -c 'import sys,urllib.parse as u; p=u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/"+sys.argv[2])))' "$PG_URL" "$1"
}

printf '| backend | puzzles | bytes/puzzle | fill (/s) | fill written (MB) | stats (s) | export --level hard (s, MB RSS) | validate --jobs %s (/s, MB RSS) | book --count 120 (s) |\n' "$JOBS"
printf '|---|---|---|---|---|---|---|---|---|\n'

row() { # backend size db
    local backend=$1 n=$2 db=$3 size_before=0 wal_before=0
    if [ "$backend" = postgres ]; then
        psql -q "$PG_URL" -c "DROP DATABASE IF EXISTS pb_scale_bench" -c "CREATE DATABASE pb_scale_bench" >/dev/null
        "$PB" stats --db "$db" >/dev/null 2>&1 || true
        "$PB" generate classic-9 --count 1 --db "$db" >/dev/null 2>&1 || true
        size_before=$(psql -tA "$db" -c "SELECT pg_database_size(current_database())")
        wal_before=$(psql -tA "$db" -c "SELECT pg_current_wal_lsn()")
    else
        rm -f "$db" "$db-wal" "$db-shm"
    fi
    timed "$PB" bench-fill classic-9 --count "$n" --jobs "$JOBS" --db "$db" >/dev/null
    local fill_rate written bytes
    fill_rate=$(python3 -c "print(round($n / max($E, 1e-9)))")
    if [ "$backend" = postgres ]; then
        psql -q "$db" -c "CHECKPOINT" >/dev/null
        written=$(psql -tA "$db" -c "SELECT round(pg_wal_lsn_diff(pg_current_wal_lsn(), '$wal_before') / 1048576)")" (WAL)"
        bytes=$(psql -tA "$db" -c "SELECT round((pg_database_size(current_database()) - $size_before) / $n.0)")
    else
        written=$O
        bytes=$(python3 -c "import os; print(round(sum(os.path.getsize(p) for p in ['$db', '$db-wal'] if os.path.exists(p)) / $n))")
    fi
    timed "$PB" stats --db "$db" >/dev/null; local stats=$E
    timed sh -c "\"$PB\" export --level hard --db \"$db\" > /dev/null"; local export="$E s, $M MB"
    local vlog="$WORK/validate.log"
    timed sh -c "\"$PB\" validate --jobs $JOBS --db \"$db\" > \"$vlog\" 2>/dev/null"
    local vrate; vrate=$(grep -o '([0-9]*/s)' "$vlog" | tr -d '(/s)')
    local validate="$vrate/s, $M MB"
    # bench-fill catalogs are near-twins by construction: the guard is off here.
    timed "$PB" book "Scale" --layout classic-9 --levels easy --count 120 --twin-distance 0 --db "$db" --out "$WORK/scale-book.pdf" >/dev/null
    local book=$E
    rm -f "$WORK/scale-book.pdf"
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$backend" "$n" "$bytes" "$fill_rate" "$written" "$stats" "$export" "$validate" "$book"
    if [ "$backend" = postgres ]; then
        psql -q "$PG_URL" -c "DROP DATABASE IF EXISTS pb_scale_bench" >/dev/null
    else
        rm -f "$db" "$db-wal" "$db-shm"
    fi
}

for n in "${SIZES[@]}"; do
    row sqlite "$n" "$WORK/scale-$n.db"
    if [ -n "${PG_URL:-}" ]; then
        row postgres "$n" "$(pg_db_url pb_scale_bench)"
    fi
done
