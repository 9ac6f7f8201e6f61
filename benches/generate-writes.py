#!/usr/bin/env python3
# Bytes written by `puzzlebook generate` into a new SQLite catalog, as a
# user runs it (docs/catalog-scale.md, "Bytes written while generating"):
# the process's write_bytes (its rusage output blocks x 512: the WAL, the
# checkpoints and the file, counted when the process dirties them, read
# when it ends) against the final file size, and the file's bytes a puzzle.
#   python3 benches/generate-writes.py BINARY DB COUNT [SEED] [JOBS]
# DB and DB-wal/-shm are removed first. Prints one line.
import os, subprocess, sys, time, sqlite3
binary, db, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
seed = sys.argv[4] if len(sys.argv) > 4 else "1"
jobs = sys.argv[5] if len(sys.argv) > 5 else "2"
for suffix in ("", "-wal", "-shm"):
    try:
        os.remove(db + suffix)
    except FileNotFoundError:
        pass
start = time.time()
child = subprocess.Popen([binary, "generate", "classic-9", "--count", str(count), "--seed", seed,
                          "--jobs", jobs, "--db", db], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
_, status, usage = os.wait4(child.pid, 0)
wall = time.time() - start
last = child.stderr.read().decode().strip().splitlines()
written = usage.ru_oublock * 512
size = os.path.getsize(db)
held = sqlite3.connect(db).execute("SELECT count(*) FROM puzzles").fetchone()[0]
print(f"generate classic-9 --count {count} --jobs {jobs} --seed {seed}: status {status >> 8}, {held} puzzles, "
      f"written {written / 1e6:.1f} MB, file {size / 1e6:.1f} MB, written / file {written / size:.2f}, "
      f"{size / max(held, 1):.0f} B/puzzle, {wall:.0f} s wall; {last[-1] if last else ''}", flush=True)
