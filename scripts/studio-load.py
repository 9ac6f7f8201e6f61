#!/usr/bin/env python3
"""The client of scripts/studio-load: N threads browse the studio at URL
for S seconds (catalog pages with filters and their next-page links, deep
into the list; puzzle pages and their pictures) and print requests, errors
and p50/p95/p99 per page kind. Loopback only.

    studio-load.py URL CLIENTS SECONDS [THINK] [PICTURES]   the load
    studio-load.py URL pages                                each filter's page times, one client

THINK: seconds a client reads a page before opening the next, drawn
uniformly from a range: "0.5-2" (the default: people browsing), a single
number, or "0": no wait at all (a saturation test: every client asks again
the moment its answer arrives, far more than 50 people can).
PICTURES: the puzzle pictures a browser loads with each catalog page (the
rows on screen; default 6), each once per client (a browser keeps them).
"""
import html, random, re, sys, threading, time, urllib.parse, http.client

url = sys.argv[1]
parsed = urllib.parse.urlparse(url)
if parsed.hostname not in ("127.0.0.1", "localhost", "::1"):
    sys.exit("studio-load: loopback only, not " + url)
host, port = parsed.hostname, parsed.port

FILTERS = [
    "", "?sort=hardest", "?sort=rating", "?sort=newest", "?sort=clues",
    "?level=easy", "?level=hard&sort=hardest", "?level=expert", "?se_min=3&se_max=5", "?se_min=7", "?se_min=7&se_max=9",
    "?technique=X-wing", "?symmetry=central", "?status=free", "?status=unchecked", "?status=printed",
    "?source=imported", "?layout=classic-9&level=medium",
]
ROW = re.compile(r'<tr data-id="(\d+)"')
NEXT = re.compile(r'rel="next" href="([^"]+)"')

def page_times():
    """One client, one page at a time: each filter's first page (best of
    three), and its 50th page reached through the next-page links."""
    conn = http.client.HTTPConnection(host, port, timeout=60)

    def timed(path):
        started = time.monotonic()
        conn.request("GET", path)
        reply = conn.getresponse()
        body = reply.read().decode("utf-8", "replace")
        return time.monotonic() - started, reply.status, body

    took, status, _ = timed("/")
    print(f"the studio's first page (it reads the filter choices): {took * 1000:.1f} ms" + ("" if status == 200 else f"  HTTP {status}"))
    print(f"{'catalog page':<34} {'rows':>4} {'first ms':>9} {'page 50 ms':>11} {'pages 2-50 mean ms':>19}")
    for f in FILTERS:
        path = "/" + f
        firsts = [timed(path) for _ in range(3)]
        first = min(t for t, _, _ in firsts)
        status, body = firsts[0][1], firsts[0][2]
        rows = len(ROW.findall(body))
        deep, last, pages = [], None, 1
        while pages < 50:
            m = NEXT.search(body)
            if not m:
                break
            last, status, body = timed(html.unescape(m.group(1)))
            deep.append(last)
            pages += 1
        mean = f"{sum(deep) / len(deep) * 1000:.1f}" if deep else "-"
        fiftieth = f"{last * 1000:.1f}" if pages == 50 else f"(only {pages})"
        print(f"{path:<34} {rows:>4} {first * 1000:>9.1f} {fiftieth:>11} {mean:>19}" + ("" if status == 200 else f"  HTTP {status}"))
    # Puzzle pages: ten of each level's first catalog page, the first time
    # (graded then) and again (the grade kept).
    print(f"{'puzzle pages':<34} {'n':>4} {'first p50 ms':>12} {'first max ms':>12} {'again p50 ms':>12}")
    for level in ["easy", "medium", "hard", "expert"]:
        _, _, body = timed(f"/?level={level}&sort=hardest")
        ids = ROW.findall(body)[:10]
        if not ids:
            continue
        first = sorted(timed(f"/puzzle/{i}")[0] for i in ids)
        again = sorted(timed(f"/puzzle/{i}")[0] for i in ids)
        print(f"{'level ' + level + ', hardest first':<34} {len(ids):>4} {first[len(first) // 2] * 1000:>12.1f} {first[-1] * 1000:>12.1f} {again[len(again) // 2] * 1000:>12.1f}")


if len(sys.argv) > 2 and sys.argv[2] == "pages":
    page_times()
    sys.exit(0)
clients, seconds = int(sys.argv[2]), float(sys.argv[3])
think_text = sys.argv[4] if len(sys.argv) > 4 else "0.5-2"
low, _, high = think_text.partition("-")
think_low, think_high = float(low), float(high or low)
if not (0 <= think_low <= think_high):
    sys.exit(f"studio-load: think time {think_text!r}: write e.g. 0.5-2, 1 or 0")
pictures_per_page = int(sys.argv[5]) if len(sys.argv) > 5 else 6
if think_high == 0:
    print(f"{clients} clients, no think time (saturation: each asks again the moment its answer arrives), "
          f"{pictures_per_page} pictures a catalog page")
else:
    print(f"{clients} clients, think time {think_low:g}-{think_high:g} s (uniform) before each page, "
          f"{pictures_per_page} pictures a catalog page")

lock = threading.Lock()
times = {}   # kind -> [seconds]
errors = {}  # kind -> [text]
begun = time.monotonic()
deadline = begun + seconds


def get(conn, kind, path):
    started = time.monotonic()
    try:
        conn.request("GET", path)
        reply = conn.getresponse()
        body = reply.read().decode("utf-8", "replace")
        status = reply.status
    except Exception as e:  # a dropped connection is an error too
        with lock:
            errors.setdefault(kind, []).append(f"{path}: {e!r} (asked {started - begun:.1f} s into the run)")
        return None, None
    took = time.monotonic() - started
    with lock:
        times.setdefault(kind, []).append(took)
        if status != 200:
            errors.setdefault(kind, []).append(f"{path}: HTTP {status}")
    return status, body


def client(seed):
    rng = random.Random(seed)
    conn = http.client.HTTPConnection(host, port, timeout=30)
    seen = set()  # pictures this client's browser keeps

    def think():
        """Reads the page: False when the time is up meanwhile."""
        if think_high > 0:
            time.sleep(min(rng.uniform(think_low, think_high), max(0.0, deadline - time.monotonic())))
        return time.monotonic() < deadline

    def pictures(ids):
        for pid in ids[:pictures_per_page]:
            if pid not in seen and time.monotonic() < deadline:
                seen.add(pid)
                get(conn, "puzzle picture", f"/puzzle/{pid}/picture.svg")

    # The clients start spread over one think time, as people would.
    time.sleep(rng.uniform(0, think_high))
    while time.monotonic() < deadline:
        path = "/" + rng.choice(FILTERS)
        status, body = get(conn, "catalog first page", path)
        if body is None:
            conn = http.client.HTTPConnection(host, port, timeout=30)
            continue
        ids = ROW.findall(body)
        pictures(ids)
        # Deeper pages through the next-page links.
        for _ in range(rng.randint(0, 6)):
            m = NEXT.search(body or "")
            if not m or not think():
                break
            status, body = get(conn, "catalog next page", html.unescape(m.group(1)))
            if body is None:
                conn = http.client.HTTPConnection(host, port, timeout=30)
                break
            ids = ROW.findall(body) or ids
            pictures(ids)
        if ids and think():
            pid = rng.choice(ids)
            get(conn, "puzzle page", f"/puzzle/{pid}")
            pictures([pid])
        think()


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
for t in threads:
    t.start()
for t in threads:
    t.join()
total = sum(len(v) for v in times.values())
failed = sum(len(v) for v in errors.values())
print(f"{total} requests in {seconds:.0f} s ({total / seconds:.0f}/s), {failed} errors")
print(f"{'page':<20} {'requests':>8} {'errors':>6} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}")
for kind in ["catalog first page", "catalog next page", "puzzle page", "puzzle picture"]:
    v = times.get(kind, [])
    if not v:
        continue
    print(f"{kind:<20} {len(v):>8} {len(errors.get(kind, [])):>6} {pct(v, 50) * 1000:>8.0f} {pct(v, 95) * 1000:>8.0f} {pct(v, 99) * 1000:>8.0f} {max(v) * 1000:>8.0f}")
for kind, errs in errors.items():
    for e in errs[:5]:
        print(f"error ({kind}): {e}")
catalog = times.get("catalog first page", []) + times.get("catalog next page", [])
ok = failed == 0 and catalog and pct(catalog, 99) < 0.3
print(f"goal (no error, catalog p99 < 300 ms): {'met' if ok else 'NOT met'}" + (f" (catalog p99 {pct(catalog, 99) * 1000:.0f} ms)" if catalog else ""))
sys.exit(0 if ok else 1)
