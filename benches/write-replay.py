#!/usr/bin/env python3
# Bytes written by SQLite while a catalog fills, replayed without puzzlebook
# (docs/catalog-scale.md, "Bytes written while generating"): the catalog's
# schema (SCHEMA: a file the migrations made, e.g.
#   for f in migrations/0*.sql; do sqlite3 /tmp/schema.db < $f; done
# , taken before 0020), rows of the real sizes with random canonical keys,
# committed K at a time, the dedupe index on the text ("text") or on a
# 16-byte SHA-256 ("key"); prints what the process wrote (/proc/self/io
# write_bytes, WAL and checkpoints included) ÷ the final file.
#   SCHEMA=/tmp/schema.db python3 benches/write-replay.py N K text|key [wal_autocheckpoint]
# K < 0: commits of max(6000, catalog size / -K).
import sqlite3, os, sys, random, hashlib, time
N=int(sys.argv[1]); K=int(sys.argv[2]); mode=sys.argv[3]; ckpt=int(sys.argv[4]) if len(sys.argv)>4 else 16384
path=f"/tmp/replay-{mode}-{N}-{K}.db"
for s in ("","-wal","-shm"):
    try: os.remove(path+s)
    except FileNotFoundError: pass
src=sqlite3.connect(os.environ.get("SCHEMA", "/tmp/schema.db"))
ddl=[r[0] for r in src.execute("select sql from sqlite_master where sql is not null order by rowid")]
c=sqlite3.connect(path, isolation_level=None)
c.execute("pragma journal_mode=wal"); c.execute("pragma synchronous=normal")
c.execute("pragma cache_size=-65536"); c.execute(f"pragma wal_autocheckpoint={ckpt}")
for d in ddl:
    if d.startswith("CREATE TABLE puzzles") and mode!="text":
        d=d.replace(",\n    UNIQUE (layout_name, canonical)\n", ", key BLOB NOT NULL\n")
        assert "key BLOB" in d
    c.execute(d)
if mode!="text": c.execute("CREATE UNIQUE INDEX puzzles_by_key ON puzzles (key)")
c.execute("insert into layouts(id,name,source) values (1,'classic-9','x')") if False else None
rnd=random.Random(1)
POOL=['' .join(rnd.choice('0000000123456789') for _ in range(81)) for _ in range(256)]
def io():
    for l in open("/proc/self/io"):
        if l.startswith("write_bytes"): return int(l.split()[1])
w0=io(); t0=time.time()
levels=["easy","medium","hard"]
n=0
sql_text="insert or ignore into puzzles(layout_id,layout_name,givens,solution,canonical,clues,score,level,effort_nodes,seed,batch_id,generator_version,created_at,se_rating,technique,technique_level,source,minimal,symmetry) values (1,'classic-9',?,?,?,?,?,?,?,?,1,'puzzlebook 0.1.0','2026-11-28 01:00:00',?,?,?,'generated',1,'none')"
sql_key=sql_text.replace("symmetry)","symmetry,key)").replace("'none')","'none',?)")
while n<N:
    rows=[]
    k=K if K>0 else max(6000, n//(-K))
    for i in range(min(k,N-n)):
        hh=hashlib.sha256(str(n+i).encode()).digest()
        canon=(str(int.from_bytes(hh,"big"))+"0000")[:81]
        g=POOL[hh[0]]; s=POOL[hh[1]]
        lv=rnd.choice(levels)
        r=(g,s,canon,rnd.randint(20,35),rnd.randint(0,5000),lv,rnd.randint(0,10**6),n+i,rnd.choice([1.2,1.5,2.0,2.3,2.6,3.0,3.4,4.2]),"Hidden Single",lv)
        if mode=="text": rows.append(r)
        else:
            h=hashlib.sha256(("classic-9\0"+canon).encode()).digest()[:16]
            rows.append(r+(h,))
    if mode=="sorted": rows.sort(key=lambda r:r[-1])
    c.execute("begin immediate")
    c.executemany(sql_text if mode=="text" else sql_key, rows)
    c.execute("commit")
    n+=len(rows)
c.close()
w=io()-w0
size=os.path.getsize(path)
print(f"{mode} N={N} K={K} ckpt={ckpt}: written {w/1e6:.0f} MB, file {size/1e6:.1f} MB, ratio {w/size:.2f}, {time.time()-t0:.0f}s", flush=True)
