#!/usr/bin/env python3
"""Killer puzzles between puzzlebook and Simon Tatham's Solo (issue 30 item 5).

  killer-solo.py ids CATALOG.db            one Solo game id a puzzle of the catalog's killers:
                                           "<puzzle id> <level> 3x3k:<givens>,<cage walls>,<cage sums>"
  killer-solo.py table SOLOSOLVER CATALOG.db
                                           each id graded by Solo's solver (`solosolver -g ID`): a table
                                           of our level against Solo's (general level / killer level)
  killer-solo.py roundtrip < solo-ids.txt  decodes Solo's own ids (from `sgt-solo --generate N 3x3kadt`)
                                           into cages and encodes them again: every line must come back
                                           the same (the check of this encoder)

Solo's killer description (solo.c, encode_puzzle_desc) is three parts:
  - the givens, reading order: a digit, or a run of empty cells as a letter (a = 1 ... z = 26),
    with "_" between two digits that follow each other;
  - the cage walls (encode_block_structure_desc): first the 9 x 8 walls between cells side by side,
    row by row; then the 9 x 8 walls between cells one above the other, column by column (transposed
    reading order); each wall written as the number of non-walls before it ("_" = 0, a = 1, ...,
    z = 25 non-walls and no wall), and one closing virtual wall;
  - the cage sums, as a grid: each cage's sum in its FIRST cell in reading order, 0 elsewhere.
One-cell cages are written as one-cell cages (Solo reads them as cages, not givens).
(Solo's wall decoder, spec_to_dsf, reads "z" as 26 non-walls where its encoder writes 25; no killer
of cages up to 5 cells has a run of 26 non-walls, so neither side writes or meets a "z" there.)

"Ambiguous" from Solo's solver is not to be trusted on killers: in its killer rule-of-45 step
(solver(), "extra_cages": a house's sum left over after its whole cages is <= 0) it finds a
contradiction in a guessed branch but writes `dlev->diff = DIFF_IMPOSSIBLE` before `goto got_result`,
which then overwrites it with `dlev->diff = diff`: the dead branch counts as a solution (a grid with
empty cells), and with the real one Solo reports two. Grade with a copy of solo.c built after
  sed -i 's/dlev->diff = DIFF_IMPOSSIBLE;/diff = DIFF_IMPOSSIBLE;/' solo.c     (one line changes)
(docs/grading-killer.md, "Tatham's Solo").
"""
import re
import sqlite3
import sys

N = 9
AREA = N * N


def encode_grid(values):
    out, run = [], 0
    for i in range(AREA + 1):
        n = values[i] if i < AREA else -1
        if n == 0:
            run += 1
            continue
        if run:
            while run > 0:
                c = min(run, 26)
                out.append(chr(ord('a') - 1 + c))
                run -= c
        elif out and n > 0:
            out.append('_')
        if n > 0:
            out.append(str(n))
        run = 0
    return ''.join(out)


def walls(owner):
    """The wall bits in Solo's order: vertical walls row by row, then horizontal ones column by column."""
    bits = []
    for i in range(2 * N * (N - 1)):
        if i < N * (N - 1):
            y, x = divmod(i, N - 1)
            p0, p1 = y * N + x, y * N + x + 1
        else:
            x, y = i // (N - 1) - N, i % (N - 1)
            p0, p1 = y * N + x, (y + 1) * N + x
        bits.append(owner[p0] != owner[p1])
    return bits


def encode_walls(owner):
    out, run = [], 0
    for edge in walls(owner) + [True]:
        if edge:
            while run > 25:
                out.append('z')
                run -= 25
            out.append(chr(ord('a') - 1 + run) if run else '_')
            run = 0
        else:
            run += 1
    return ''.join(out)


def game_id(givens, cages):
    """givens: 81 ints (0 = empty); cages: [(sum, [cell, ...]), ...]."""
    owner = [-1] * AREA
    sums = [0] * AREA
    for k, (total, cells) in enumerate(cages):
        for c in cells:
            owner[c] = k
        sums[min(cells)] = total
    assert -1 not in owner, "the cages must cover the grid"
    return '3x3k:%s,%s,%s' % (encode_grid(givens), encode_walls(owner), encode_grid(sums))


def decode_grid(text):
    values, i = [], 0
    while i < len(text):
        ch = text[i]
        if 'a' <= ch <= 'z':
            values += [0] * (ord(ch) - ord('a') + 1)
            i += 1
        elif ch == '_':
            i += 1
        else:
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            values.append(int(text[i:j]))
            i = j
    assert len(values) == AREA, len(values)
    return values


def decode_walls(text):
    bits = []
    for ch in text:
        if ch == 'z':
            bits += [False] * 25
        else:
            bits += [False] * (0 if ch == '_' else ord(ch) - ord('a') + 1) + [True]
    bits = bits[:2 * N * (N - 1)]
    parent = list(range(AREA))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for i, wall in enumerate(bits):
        if wall:
            continue
        if i < N * (N - 1):
            y, x = divmod(i, N - 1)
            p0, p1 = y * N + x, y * N + x + 1
        else:
            x, y = i // (N - 1) - N, i % (N - 1)
            p0, p1 = y * N + x, (y + 1) * N + x
        parent[find(p0)] = find(p1)
    return [find(c) for c in range(AREA)]


def roundtrip():
    bad = 0
    lines = [l.strip() for l in sys.stdin if l.strip()]
    for line in lines:
        grid, kwalls, ksums = line.split(':', 1)[1].split(',')
        owner = decode_walls(kwalls)
        sums = decode_grid(ksums)
        cages = {}
        for c in range(AREA):
            cages.setdefault(owner[c], []).append(c)
        cage_list = [(sums[min(cells)], cells) for cells in cages.values()]
        again = game_id(decode_grid(grid), cage_list)
        if again != line:
            bad += 1
            print('differs:\n  %s\n  %s' % (line, again))
    print('%d of %d ids come back the same' % (len(lines) - bad, len(lines)))
    return 1 if bad else 0


CELL = re.compile(r'r(\d+)c(\d+)')
CAGE = re.compile(r'\{\s*sum\s*=\s*(\d+)\s*,\s*cells\s*=\s*"([^"]*)"\s*\}')


def game_ids(db):
    out = []
    con = sqlite3.connect(db)
    rows = con.execute(
        'select p.id, p.level, p.givens, l.source from puzzles p join layouts l on l.id = p.layout_id order by p.id')
    for pid, level, givens, source in rows:
        cages = []
        for total, cells in CAGE.findall(source):
            cages.append((int(total), [(int(r) - 1) * N + int(c) - 1 for r, c in CELL.findall(cells)]))
        digits = [int(ch) if ch.isdigit() and ch != '0' else 0 for ch in givens.strip()]
        out.append((pid, level, game_id(digits, cages)))
    return out


def ids(db):
    for pid, level, gid in game_ids(db):
        print(pid, level, gid)
    return 0


def table(solver, db):
    import collections
    import subprocess
    counts = collections.Counter()
    for _, level, gid in game_ids(db):
        run = subprocess.run([solver, '-g', gid], capture_output=True, text=True)
        # Solo says why it refuses a game id on stderr, and rates on stdout.
        out = run.stdout + run.stderr
        general = re.search(r'Difficulty rating: (\w+)', out)
        killer = re.search(r'Killer difficulty: (\w+)', out)
        if 'too small' in out:
            general = 'refused: a one-cell cage (Solo reads cages of 2 cells or more)'
        elif general:
            general = general.group(1)
        else:
            said = out.strip().split('\n')[0][:60]
            general = 'no rating (exit %d): %s' % (run.returncode, said) if said else 'no output (exit %d)' % run.returncode
        counts[(level, general, killer.group(1) if killer else '-')] += 1
    print('| our level | Solo: general level | Solo: killer level | puzzles |')
    print('|---|---|---|---:|')
    order = {'easy': 0, 'medium': 1, 'hard': 2, 'expert': 3}
    for (level, general, killer), n in sorted(counts.items(), key=lambda kv: (order.get(kv[0][0], 9), kv[0])):
        print('| %s | %s | %s | %d |' % (level, general, killer, n))
    return 0


if __name__ == '__main__':
    if len(sys.argv) >= 2 and sys.argv[1] == 'roundtrip':
        sys.exit(roundtrip())
    if len(sys.argv) == 4 and sys.argv[1] == 'table':
        sys.exit(table(sys.argv[2], sys.argv[3]))
    if len(sys.argv) == 3 and sys.argv[1] == 'ids':
        sys.exit(ids(sys.argv[2]))
    sys.stderr.write(__doc__)
    sys.exit(2)
