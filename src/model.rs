//! The compiled constraint model every cell puzzle reduces to: cells, an
//! alphabet with per-house counts, houses, static marks and dynamic relations.
//!
//! Generating, solving, scoring and printing all read this one structure; the
//! layout file format is `layout`'s business, the fast representation is the
//! solver's.

use std::fmt;

/// Index of a symbol in the alphabet (0-based; the text form is `Alphabet::char_of`).
pub type Symbol = u8;

/// A set of symbols, bit `s` = symbol `s`. Alphabets have at most 32 symbols.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub struct SymbolSet(pub u32);

impl SymbolSet {
    pub const EMPTY: SymbolSet = SymbolSet(0);

    pub fn all(n: usize) -> SymbolSet {
        SymbolSet(if n >= 32 { u32::MAX } else { (1u32 << n) - 1 })
    }
    pub fn single(s: Symbol) -> SymbolSet {
        SymbolSet(1 << s)
    }
    pub fn contains(self, s: Symbol) -> bool {
        self.0 >> s & 1 != 0
    }
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn is_subset(self, other: SymbolSet) -> bool {
        self.0 & !other.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = Symbol> {
        (0..32u8).filter(move |&s| self.contains(s))
    }
}

/// The symbols a layout uses, in order, and how each prints.
#[derive(Clone, Debug, PartialEq)]
pub struct Alphabet {
    chars: Vec<char>,
    /// ASCII byte → symbol (`NO_SYMBOL` where none), letters in either case:
    /// puzzle text is read a byte at a time.
    bytes: [u8; 128],
}

/// No symbol in [`Alphabet::bytes`].
const NO_SYMBOL: u8 = u8::MAX;

impl Alphabet {
    /// The default alphabet of `n` symbols: 1–9, then A=10, B=11, …
    pub fn numeric(n: usize) -> Alphabet {
        let chars =
            (1..=n as u32).map(|v| if v <= 9 { char::from_digit(v, 10).unwrap_or('?') } else { (b'A' + (v - 10) as u8) as char }).collect();
        Alphabet::from_chars(chars)
    }

    pub fn from_chars(chars: Vec<char>) -> Alphabet {
        let mut bytes = [NO_SYMBOL; 128];
        for (s, &c) in chars.iter().enumerate().rev() {
            if c.is_ascii() {
                bytes[c as usize] = s as u8;
                bytes[c.to_ascii_lowercase() as usize] = s as u8;
            }
        }
        Alphabet { chars, bytes }
    }

    pub fn len(&self) -> usize {
        self.chars.len()
    }

    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    pub fn char_of(&self, s: Symbol) -> char {
        self.chars[s as usize]
    }

    /// Letters are accepted in either case.
    pub fn symbol_of(&self, c: char) -> Option<Symbol> {
        let up = c.to_ascii_uppercase();
        self.chars.iter().position(|&x| x == up).map(|i| i as Symbol)
    }

    /// The numeric value a symbol stands for (1–9, A=10, …), `None` for
    /// non-numeric symbols such as the star.
    pub fn value_of(&self, s: Symbol) -> Option<u32> {
        let c = self.chars[s as usize];
        match c {
            '1'..='9' => c.to_digit(10),
            'A'..='Z' => Some(10 + (c as u32 - 'A' as u32)),
            _ => None,
        }
    }

    pub fn text(&self) -> String {
        self.chars.iter().collect()
    }
}

/// A group of cells that holds each symbol a fixed number of times.
#[derive(Clone, Debug)]
pub struct House {
    /// Human name used in messages: "row 3", "column 5", "box 2", "region C".
    pub name: String,
    pub cells: Vec<usize>,
    /// `counts[s]` = how many times symbol `s` occurs in this house.
    pub counts: Vec<u8>,
}

/// A dynamic relation: cell `a` holding a symbol of `a_symbols` and cell `b`
/// holding a symbol of `b_symbols` cannot both happen. It only acts once one
/// side is placed (e.g. Atlantis's magic 5: a 5 forbids 6–9 directly above).
#[derive(Clone, Debug, PartialEq)]
pub struct Conflict {
    pub a: usize,
    pub a_symbols: SymbolSet,
    pub b: usize,
    pub b_symbols: SymbolSet,
}

/// A killer cage: its cells hold different symbols whose values (1–9, A =
/// 10, …: [`Alphabet::value_of`]) add up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    pub cells: Vec<usize>,
    pub sum: u32,
}

impl Cage {
    /// Every set of `cells.len()` different symbols of `alphabet` whose
    /// values add up to the sum, as symbol masks: what the solvers and the
    /// grader start each cage from.
    pub fn combinations(&self, alphabet: &Alphabet) -> Vec<u32> {
        let n = alphabet.len().min(32);
        let values: Vec<u32> = (0..n).map(|s| alphabet.value_of(s as Symbol).unwrap_or(0)).collect();
        let size = self.cells.len() as u32;
        let mut out = Vec::new();
        let mut pick = |mask: u32| {
            let total: u32 = (0..n).filter(|&s| mask >> s & 1 != 0).map(|s| values[s]).sum();
            if total == self.sum {
                out.push(mask);
            }
        };
        // Masks of `size` bits among `n`, in increasing order (Gosper's hack).
        if size == 0 || size as usize > n {
            return out;
        }
        let limit: u64 = 1u64 << n;
        let mut mask: u64 = (1u64 << size) - 1;
        while mask < limit {
            pick(mask as u32);
            let low = mask & mask.wrapping_neg();
            let ripple = mask + low;
            mask = (((ripple ^ mask) >> 2) / low) | ripple;
        }
        out
    }
}

/// Cells whose values (symbol `s` is worth `s + 1`) add up to `sum`: a
/// cage, or what the rule of 45 says of the cells a house's cages leave.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SumSet {
    pub cells: Vec<usize>,
    pub sum: u32,
    /// The cells hold different symbols (a cage, or cells of one house).
    pub distinct: bool,
    /// How many houses the rule of 45 added up (0 for a cage).
    pub houses: usize,
    /// For messages: "cage at r1c1", "innies of row 3", "outies of box 5".
    pub name: String,
}

/// The symbols each cell of a sum set can still take in some assignment
/// reaching the sum (bit `s` = symbol `s`, worth `s + 1`; symbols 1–9),
/// given each cell's candidates `masks`; `false` when none reaches it.
///
/// Different symbols (`distinct`): for each set of `masks.len()` symbols
/// adding up to the sum (precomputed: [`sum_combinations`]) that every cell
/// can take part in, a dynamic programme over that set's subsets (after k
/// cells, the symbols used) finds which cell–symbol pairs lie on some
/// assignment of the set's symbols to the cells, one each; the support is
/// their union. Symbols may repeat (the rule of 45 over several houses):
/// the same over partial sums (at most 127).
pub fn sum_support(masks: &[u32], sum: u32, distinct: bool, out: &mut [u32]) -> bool {
    let n = masks.len();
    out[..n].fill(0);
    if masks.contains(&0) {
        return false;
    }
    if (1..=2).contains(&n) {
        return support_small(masks, sum, distinct, out);
    }
    if !distinct {
        return support_repeating(masks, sum, out);
    }
    match SupportKey::of(masks, sum) {
        Some(key) => key.support(masks, sum, out).is_some(),
        None => support_distinct(masks, sum, out).is_some(),
    }
}

/// [`sum_support`] of a set of different symbols, and with it the symbols
/// every combination its candidates allow holds (the grader's required
/// digits, `grade::cages::required_of`: the intersection of the sets of
/// `masks.len()` symbols adding up to `sum` that the cells can take one
/// each); `None` where no assignment reaches the sum. One pass over the
/// combinations answers both, where asking the support of each combination
/// in turn for the required symbols costs one support a combination.
pub fn distinct_support(masks: &[u32], sum: u32, out: &mut [u32]) -> Option<u32> {
    let n = masks.len();
    out[..n].fill(0);
    if masks.contains(&0) {
        return None;
    }
    // Up to three cells the combinations are searched as fast as the
    // table answers (and leave its slots to larger sets).
    if n <= 3 {
        return support_distinct(masks, sum, out);
    }
    match SupportKey::of(masks, sum) {
        Some(key) => key.support(masks, sum, out),
        None => support_distinct(masks, sum, out),
    }
}

/// Sets of four cells up to this many: a combination's assignments are
/// searched cell by cell, each state (the symbols the first cells took)
/// walked once, where the subsets' programme of [`assignments`] walks every
/// subset twice (a killer cage has five cells at most; its candidates
/// reach few of the subsets once it has lost some).
const REMEMBERED_CELLS: usize = 5;

/// [`sum_support`] of one or two cells, directly: the second cell's symbol
/// is the sum less the first's (the killer checker asks these most).
fn support_small(masks: &[u32], sum: u32, distinct: bool, out: &mut [u32]) -> bool {
    let symbol_of = |value: u32| (1..=9).contains(&value).then(|| value - 1);
    match masks {
        [one] => {
            out[0] = symbol_of(sum).map_or(0, |s| one & 1 << s);
            out[0] != 0
        }
        [first, second] => {
            let mut left = first & 0x1ff;
            while left != 0 {
                let s = left.trailing_zeros();
                left &= left - 1;
                if let Some(t) = sum.checked_sub(s + 1).and_then(symbol_of)
                    && second & 1 << t != 0
                    && (t != s || !distinct)
                {
                    out[0] |= 1 << s;
                    out[1] |= 1 << t;
                }
            }
            out[0] != 0
        }
        _ => unreachable!("support_small takes one or two cells"),
    }
}

/// A distinct sum set's question packed in one word, for the thread's
/// table of answers: 3 to 6 cells of symbols 1–9 (9 bits each, from bit
/// 9), the sum (bits 0–5) and the cell count (bits 6–8). A grader or a
/// solver asks the same cages the same questions again and again (a killer
/// generator grades hundreds of cage sets a puzzle that differ in one
/// cage); smaller sets are answered as fast as looked up.
#[derive(Clone, Copy, PartialEq, Eq)]
struct SupportKey(u64);

/// Entries of the table, a power of two (direct-mapped: a new answer replaces the old one
/// in its slot).
const SUPPORT_TABLE: usize = 16384;

thread_local! {
    /// Per slot, a key and its answer: each cell's support (9 bits each,
    /// from bit 0), the required symbols (9 bits from bit 54) and, in bit
    /// 63, whether the sum is reached. Key 0 is no key.
    static SUPPORTS: std::cell::RefCell<Vec<(u64, u64)>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl SupportKey {
    fn of(masks: &[u32], sum: u32) -> Option<SupportKey> {
        let n = masks.len();
        if !(3..=6).contains(&n) || sum > 45 || masks.iter().any(|&m| m >= 1 << 9) {
            return None;
        }
        let packed = masks.iter().enumerate().fold(0u64, |k, (i, &m)| k | (m as u64) << (9 + 9 * i));
        Some(SupportKey(packed | (n as u64) << 6 | sum as u64))
    }

    /// [`support_distinct`], answered from the table where it was asked
    /// before on this thread.
    fn support(self, masks: &[u32], sum: u32, out: &mut [u32]) -> Option<u32> {
        let slot = (self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SUPPORT_TABLE.trailing_zeros())) as usize;
        let n = masks.len();
        let known = SUPPORTS.with(|t| t.borrow().get(slot).copied());
        if let Some((key, answer)) = known
            && key == self.0
        {
            for (i, o) in out[..n].iter_mut().enumerate() {
                *o = (answer >> (9 * i)) as u32 & 0x1ff;
            }
            return (answer >> 63 == 1).then_some((answer >> REQUIRED_AT) as u32 & 0x1ff);
        }
        let required = support_distinct(masks, sum, out);
        let answer = out[..n].iter().enumerate().fold(0u64, |a, (i, &o)| a | (o as u64 & 0x1ff) << (9 * i))
            | required.map_or(0, |r| (r as u64) << REQUIRED_AT | 1 << 63);
        SUPPORTS.with(|t| {
            let mut t = t.borrow_mut();
            if t.is_empty() {
                t.resize(SUPPORT_TABLE, (0, 0));
            }
            t[slot] = (self.0, answer);
        });
        required
    }
}

/// Where a table answer keeps the required symbols (past six cells' supports).
const REQUIRED_AT: u32 = 54;

/// Every set of symbols 1–9 (bit s = symbol s + 1), ordered by how many
/// symbols it holds, then by its total; `COMBINATION_START[k][t]` is where
/// the sets of k symbols adding up to t begin.
struct Combinations {
    sets: [u16; 512],
    start: [[u16; 47]; 10],
}

const fn digit_total(set: usize) -> usize {
    let mut total = 0;
    let mut s = 0;
    while s < 9 {
        if set >> s & 1 != 0 {
            total += s + 1;
        }
        s += 1;
    }
    total
}

const COMBINATIONS: Combinations = {
    let mut sets = [0u16; 512];
    let mut start = [[0u16; 47]; 10];
    let mut next = 0;
    let mut k = 0;
    while k <= 9 {
        let mut t = 0;
        while t <= 46 {
            start[k][t] = next as u16;
            let mut set = 0;
            while set < 512 {
                if (set as u32).count_ones() as usize == k && digit_total(set) == t {
                    sets[next] = set as u16;
                    next += 1;
                }
                set += 1;
            }
            t += 1;
        }
        k += 1;
    }
    Combinations { sets, start }
};

/// The sets of `cells` different symbols 1–9 whose values add up to `sum`
/// (bit s = symbol s, worth s + 1).
pub fn sum_combinations(cells: usize, sum: u32) -> &'static [u16] {
    if cells > 9 || sum > 45 {
        return &[];
    }
    let from = COMBINATIONS.start[cells][sum as usize] as usize;
    let to = if sum < 46 { COMBINATIONS.start[cells][sum as usize + 1] as usize } else { from };
    &COMBINATIONS.sets[from..to]
}

/// 512 bits: one per set of symbols 1–9.
type SetOfSets = [u64; 8];

fn has(t: &SetOfSets, m: u32) -> bool {
    t[(m >> 6) as usize] >> (m & 63) & 1 != 0
}

fn put(t: &mut SetOfSets, m: u32) {
    t[(m >> 6) as usize] |= 1 << (m & 63);
}

/// The support of a distinct set (into `out`) and its required symbols
/// (see [`distinct_support`]); `None` where no combination fits.
fn support_distinct(masks: &[u32], sum: u32, out: &mut [u32]) -> Option<u32> {
    let n = masks.len();
    let union = masks.iter().fold(0u32, |a, &m| a | m);
    let mut required = 0x1ff;
    let mut any = false;
    for &set in sum_combinations(n, sum) {
        let set = set as u32;
        if set & !union != 0 || masks.iter().any(|&m| m & set == 0) {
            continue;
        }
        // Nothing new to learn from this set when it could only add
        // symbols already supported and holds every symbol still required.
        if any && set & required == required && masks.iter().zip(out.iter()).all(|(&m, &o)| m & set & !o == 0) {
            continue;
        }
        // Every cell taking any of the set's symbols supports them all.
        let full = masks.iter().all(|&m| m & set == set);
        if full {
            out[..n].iter_mut().for_each(|o| *o |= set);
        }
        let assigned = if full {
            true
        } else if n <= 3 {
            assign_by_search(masks, 0, set, out)
        } else if n <= REMEMBERED_CELLS {
            assign_remembered(masks, set, out)
        } else {
            assignments(masks, set, out)
        };
        if assigned {
            required &= set;
            any = true;
        }
    }
    any.then_some(required)
}

/// Whether the cells from `k` on can take the symbols of `left` one each
/// (cell i from `masks[i]`); ORs into `out` every cell–symbol pair some
/// such assignment uses. Every assignment is walked: for a few cells that
/// is fewer steps than the subsets' programme of [`assignments`].
fn assign_by_search(masks: &[u32], k: usize, left: u32, out: &mut [u32]) -> bool {
    if k == masks.len() {
        return true;
    }
    let mut options = masks[k] & left;
    let mut any = false;
    while options != 0 {
        let bit = options & options.wrapping_neg();
        options &= options - 1;
        if assign_by_search(masks, k + 1, left & !bit, out) {
            out[k] |= bit;
            any = true;
        }
    }
    any
}

/// [`assign_by_search`] from the first cell over the symbols of `set`, each
/// state (the symbols the first cells took) searched once: a state met
/// again answers as it did, its pairs already in `out`.
fn assign_remembered(masks: &[u32], set: u32, out: &mut [u32]) -> bool {
    fn walk(masks: &[u32], used: u32, set: u32, seen: &mut SetOfSets, good: &mut SetOfSets, out: &mut [u32]) -> bool {
        let k = used.count_ones() as usize;
        if k == masks.len() {
            return true;
        }
        if has(seen, used) {
            return has(good, used);
        }
        put(seen, used);
        let mut options = masks[k] & set & !used;
        let mut any = false;
        while options != 0 {
            let bit = options & options.wrapping_neg();
            options &= options - 1;
            if walk(masks, used | bit, set, seen, good, out) {
                out[k] |= bit;
                any = true;
            }
        }
        if any {
            put(good, used);
        }
        any
    }
    walk(masks, 0, set, &mut [0; 8], &mut [0; 8], out)
}

/// Whether the cells can take the symbols of `set` one each (cell i from
/// `masks[i]`); ORs into `out` every cell–symbol pair some such assignment
/// uses. States are the subsets of `set` used by the first cells: a subset
/// follows its predecessors in increasing order, precedes them decreasing.
fn assignments(masks: &[u32], set: u32, out: &mut [u32]) -> bool {
    let n = masks.len() as u32;
    let mut reach: SetOfSets = [0; 8];
    put(&mut reach, 0);
    let mut used = 0u32;
    loop {
        let k = used.count_ones();
        if k < n && has(&reach, used) {
            let mut options = masks[k as usize] & set & !used;
            while options != 0 {
                let bit = options & options.wrapping_neg();
                options &= options - 1;
                put(&mut reach, used | bit);
            }
        }
        if used == set {
            break;
        }
        used = used.wrapping_sub(set) & set;
    }
    if !has(&reach, set) {
        return false;
    }
    let mut good: SetOfSets = [0; 8];
    put(&mut good, set);
    let mut used = set;
    loop {
        let k = used.count_ones();
        if k < n && has(&reach, used) {
            let mut options = masks[k as usize] & set & !used;
            while options != 0 {
                let bit = options & options.wrapping_neg();
                options &= options - 1;
                if has(&good, used | bit) {
                    put(&mut good, used);
                    out[k as usize] |= bit;
                }
            }
        }
        if used == 0 {
            break;
        }
        used = (used - 1) & set;
    }
    true
}

fn support_repeating(masks: &[u32], sum: u32, out: &mut [u32]) -> bool {
    let n = masks.len();
    if sum >= 128 || n > 14 {
        // Beyond the bitset: allow everything (sound, only weaker).
        out[..n].copy_from_slice(masks);
        return true;
    }
    let shifted = |set: u128, mask: u32| -> u128 {
        let mut acc = 0u128;
        let mut m = mask & 0x1ff;
        while m != 0 {
            let s = m.trailing_zeros();
            m &= m - 1;
            acc |= set << (s + 1);
        }
        acc
    };
    let mut reach = vec![0u128; n + 1];
    reach[0] = 1;
    for k in 0..n {
        reach[k + 1] = shifted(reach[k], masks[k]);
    }
    if reach[n] >> sum & 1 == 0 {
        return false;
    }
    let mut good = 1u128 << sum;
    for k in (0..n).rev() {
        let mut back = 0u128;
        let mut m = masks[k] & 0x1ff;
        while m != 0 {
            let s = m.trailing_zeros();
            m &= m - 1;
            if (reach[k] << (s + 1)) & good != 0 {
                out[k] |= 1 << s;
                back |= good >> (s + 1);
            }
        }
        good = back & reach[k];
    }
    true
}

#[derive(Clone, Debug)]
pub struct Model {
    pub alphabet: Alphabet,
    /// Name of each cell for messages, e.g. "r3c5".
    pub cell_names: Vec<String>,
    /// How each symbol is written in words (a grader's steps, a hint), as
    /// the page prints it: a pie's 10, 11, 12 where its text says A, B, C.
    pub symbol_names: Vec<String>,
    pub houses: Vec<House>,
    /// Static marks: the symbols each cell may hold.
    pub allowed: Vec<SymbolSet>,
    pub conflicts: Vec<Conflict>,
    /// Killer cages: different symbols adding up to a sum.
    pub cages: Vec<Cage>,
}

impl Model {
    pub fn cell_count(&self) -> usize {
        self.cell_names.len()
    }

    pub fn symbol_count(&self) -> usize {
        self.alphabet.len()
    }

    /// The cages as sum sets, then what the rule of 45 gives: for each
    /// house, and each run of two or three consecutive rows or columns,
    /// the cells its whole cages leave ("innies", adding up to the houses'
    /// total less the cages') and the cells of its partial cages outside it
    /// ("outies", adding up to those cages' sums less the innies'), where
    /// they are 1 to `max_cells` cells. Empty without cages.
    pub fn sum_sets(&self, max_cells: usize) -> Vec<SumSet> {
        let mut out: Vec<SumSet> = self
            .cages
            .iter()
            .map(|c| SumSet {
                cells: c.cells.clone(),
                sum: c.sum,
                distinct: true,
                houses: 0,
                name: format!("cage at {}", self.cell_names[c.cells[0]]),
            })
            .collect();
        if self.cages.is_empty() {
            return out;
        }
        let n = self.cell_count();
        let mut cage_of = vec![usize::MAX; n];
        for (k, cage) in self.cages.iter().enumerate() {
            for &c in &cage.cells {
                cage_of[c] = k;
            }
        }
        let full: Vec<usize> = (0..self.houses.len()).filter(|&h| self.houses[h].counts.iter().all(|&c| c == 1)).collect();
        let total: u32 = (0..self.symbol_count()).map(|s| self.alphabet.value_of(s as Symbol).unwrap_or(0)).sum();
        // Runs of consecutive rows and columns, found by their names.
        let mut groups: Vec<(Vec<usize>, String)> = full.iter().map(|&h| (vec![h], self.houses[h].name.clone())).collect();
        for kind in ["row", "column"] {
            let mut lines: Vec<(usize, usize)> = full
                .iter()
                .filter_map(|&h| {
                    let (k, i) = self.houses[h].name.split_once(' ')?;
                    (k == kind).then(|| i.parse().ok().map(|i: usize| (i, h))).flatten()
                })
                .collect();
            lines.sort_unstable();
            for run in 2..=3 {
                for w in lines.windows(run) {
                    if w.windows(2).all(|p| p[1].0 == p[0].0 + 1) {
                        let name = format!("{kind}s {}–{}", w[0].0, w[run - 1].0);
                        groups.push((w.iter().map(|&(_, h)| h).collect(), name));
                    }
                }
            }
        }
        let distinct = |cells: &[usize]| self.houses.iter().any(|h| cells.iter().all(|c| h.cells.contains(c)));
        let mut seen = std::collections::HashSet::new();
        for (houses, name) in groups {
            let mut inside = vec![false; n];
            for &h in &houses {
                for &c in &self.houses[h].cells {
                    inside[c] = true;
                }
            }
            let region_total = total * houses.len() as u32;
            let (mut whole, mut partial) = (Vec::new(), Vec::new());
            let mut uncovered = false;
            for c in (0..n).filter(|&c| inside[c]) {
                match cage_of[c] {
                    usize::MAX => uncovered = true,
                    k if self.cages[k].cells.iter().all(|&d| inside[d]) => {
                        if !whole.contains(&k) {
                            whole.push(k)
                        }
                    }
                    k => {
                        if !partial.contains(&k) {
                            partial.push(k)
                        }
                    }
                }
            }
            let whole_sum: u32 = whole.iter().map(|&k| self.cages[k].sum).sum();
            let innies: Vec<usize> = (0..n).filter(|&c| inside[c] && (cage_of[c] == usize::MAX || !whole.contains(&cage_of[c]))).collect();
            let innie_sum = region_total.saturating_sub(whole_sum);
            if (1..=max_cells).contains(&innies.len()) && seen.insert(innies.clone()) {
                let distinct = distinct(&innies);
                out.push(SumSet { distinct, cells: innies, sum: innie_sum, houses: houses.len(), name: format!("innies of {name}") });
            }
            if uncovered || partial.is_empty() {
                continue;
            }
            let outies: Vec<usize> = partial.iter().flat_map(|&k| self.cages[k].cells.iter().copied().filter(|&c| !inside[c])).collect();
            let partial_sum: u32 = partial.iter().map(|&k| self.cages[k].sum).sum();
            if (1..=max_cells).contains(&outies.len()) && partial_sum > innie_sum && seen.insert(outies.clone()) {
                let mut cells = outies;
                cells.sort_unstable();
                let distinct = distinct(&cells);
                out.push(SumSet { distinct, cells, sum: partial_sum - innie_sum, houses: houses.len(), name: format!("outies of {name}") });
            }
        }
        out
    }

    /// Houses containing each cell.
    pub fn houses_of_cells(&self) -> Vec<Vec<usize>> {
        let mut of = vec![Vec::new(); self.cell_count()];
        for (h, house) in self.houses.iter().enumerate() {
            for &c in &house.cells {
                of[c].push(h);
            }
        }
        of
    }

    /// Parses the one text encoding of a grid: one character per cell in the
    /// model's cell order, `.` or `0` for an empty cell. Spaces may group
    /// the characters for reading ("5...74 1C.... …").
    pub fn parse_grid(&self, text: &str) -> Result<Grid, GridError> {
        if text.len() == self.cell_count() && text.is_ascii() {
            // The commonest case, a cell a byte: read without a branch per
            // cell, the flag in a register (set from a closure, it was kept
            // in memory, a store per cell); anything off (a space, a bad
            // symbol, a given against its mark) is found again below, with
            // its message.
            let mut cells = vec![None; text.len()];
            let mut bad = false;
            for ((cell, b), allowed) in cells.iter_mut().zip(text.bytes()).zip(&self.allowed) {
                let empty = b == b'.' || b == b'0';
                let s = self.alphabet.bytes[usize::from(b & 0x7F)];
                bad |= !empty & ((s == NO_SYMBOL) | (allowed.0 >> (s & 31) & 1 == 0));
                *cell = (!empty).then_some(s);
            }
            if !bad {
                return Ok(Grid { cells });
            }
        }
        if text.is_ascii() {
            // The common case, byte by byte (the same whitespace as
            // `char::is_whitespace`), symbols by table.
            let space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r');
            let found = text.bytes().filter(|b| !space(b)).count();
            if found != self.cell_count() {
                return Err(GridError::Length { found, expected: self.cell_count() });
            }
            let mut cells = Vec::with_capacity(found);
            for b in text.bytes().filter(|b| !space(b)) {
                let i = cells.len();
                if b == b'.' || b == b'0' {
                    cells.push(None);
                    continue;
                }
                let s = self.alphabet.bytes[b as usize];
                if s == NO_SYMBOL {
                    return Err(self.bad_symbol(i, b as char));
                }
                if !self.allowed[i].contains(s) {
                    return Err(GridError::Mark { position: i + 1, cell: self.cell_names[i].clone(), found: b as char });
                }
                cells.push(Some(s));
            }
            return Ok(Grid { cells });
        }
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != self.cell_count() {
            return Err(GridError::Length { found: chars.len(), expected: self.cell_count() });
        }
        let mut cells = Vec::with_capacity(chars.len());
        for (i, &c) in chars.iter().enumerate() {
            if c == '.' || c == '0' {
                cells.push(None);
                continue;
            }
            let Some(s) = self.alphabet.symbol_of(c) else {
                return Err(self.bad_symbol(i, c));
            };
            if !self.allowed[i].contains(s) {
                return Err(GridError::Mark { position: i + 1, cell: self.cell_names[i].clone(), found: c });
            }
            cells.push(Some(s));
        }
        Ok(Grid { cells })
    }

    fn bad_symbol(&self, i: usize, c: char) -> GridError {
        GridError::Symbol { position: i + 1, cell: self.cell_names[i].clone(), found: c, alphabet: self.alphabet.text() }
    }

    pub fn format_grid(&self, grid: &Grid) -> String {
        if self.alphabet.chars.iter().all(char::is_ascii) {
            // Byte by byte (most alphabets): a quarter of the work of chars.
            let bytes = grid.cells.iter().map(|c| c.map_or(b'.', |s| self.alphabet.char_of(s) as u8)).collect();
            return String::from_utf8(bytes).unwrap_or_default();
        }
        grid.cells.iter().map(|c| c.map_or('.', |s| self.alphabet.char_of(s))).collect()
    }

    /// Checks a complete grid against every rule of the model directly (house
    /// counts, marks, relations). Returns the first broken rule.
    pub fn check_solution(&self, grid: &Grid) -> Result<(), String> {
        for (i, cell) in grid.cells.iter().enumerate() {
            match cell {
                None => return Err(format!("{} is empty", self.cell_names[i])),
                Some(s) if !self.allowed[i].contains(*s) => {
                    return Err(format!("{} holds {} against its mark", self.cell_names[i], self.alphabet.char_of(*s)));
                }
                _ => {}
            }
        }
        for house in &self.houses {
            let mut seen = vec![0u8; self.symbol_count()];
            for &c in &house.cells {
                if let Some(s) = grid.cells[c] {
                    seen[s as usize] += 1;
                }
            }
            if let Some(s) = (0..self.symbol_count()).find(|&s| seen[s] != house.counts[s]) {
                return Err(format!(
                    "{} holds {} {} time(s), expected {}",
                    house.name,
                    self.alphabet.char_of(s as Symbol),
                    seen[s],
                    house.counts[s]
                ));
            }
        }
        for cage in &self.cages {
            let mut total = 0;
            for (i, &c) in cage.cells.iter().enumerate() {
                let s = grid.cells[c].unwrap_or(0);
                if cage.cells[..i].iter().any(|&d| grid.cells[d] == Some(s)) {
                    return Err(format!("the cage at {} repeats {}", self.cell_names[cage.cells[0]], self.alphabet.char_of(s)));
                }
                total += self.alphabet.value_of(s).unwrap_or(0);
            }
            if total != cage.sum {
                return Err(format!("the cage at {} adds up to {total}, not {}", self.cell_names[cage.cells[0]], cage.sum));
            }
        }
        for rel in &self.conflicts {
            if let (Some(x), Some(y)) = (grid.cells[rel.a], grid.cells[rel.b])
                && rel.a_symbols.contains(x)
                && rel.b_symbols.contains(y)
            {
                return Err(format!(
                    "{} = {} and {} = {} break a relation",
                    self.cell_names[rel.a],
                    self.alphabet.char_of(x),
                    self.cell_names[rel.b],
                    self.alphabet.char_of(y)
                ));
            }
        }
        Ok(())
    }
}

/// A (partial) assignment of symbols to cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub cells: Vec<Option<Symbol>>,
}

impl Grid {
    pub fn empty(n: usize) -> Grid {
        Grid { cells: vec![None; n] }
    }
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|c| c.is_some())
    }
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum GridError {
    #[error("puzzle has {found} cells, expected {expected}")]
    Length { found: usize, expected: usize },
    #[error("character {position} ({cell}) is '{found}', which is not a symbol of this layout (expected '.', '0' or one of {alphabet})")]
    Symbol { position: usize, cell: String, found: char, alphabet: String },
    #[error("character {position} ({cell}) is '{found}', which the cell's mark does not allow")]
    Mark { position: usize, cell: String, found: char },
}

impl fmt::Display for SymbolSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for (i, s) in self.iter().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{s}")?;
        }
        write!(f, "}}")
    }
}

#[cfg(test)]
mod sum_tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    /// The plain definition: every assignment of different symbols (or any
    /// symbols) to the cells, one by one.
    fn by_enumeration(masks: &[u32], sum: u32, distinct: bool, out: &mut [u32]) -> bool {
        fn walk(masks: &[u32], k: usize, used: u32, left: i64, distinct: bool, picked: &mut Vec<u32>, out: &mut [u32]) -> bool {
            if k == masks.len() {
                if left == 0 {
                    for (i, &s) in picked.iter().enumerate() {
                        out[i] |= 1 << s;
                    }
                    return true;
                }
                return false;
            }
            let mut any = false;
            for s in 0..9 {
                if masks[k] >> s & 1 == 0 || (distinct && used >> s & 1 != 0) {
                    continue;
                }
                picked.push(s);
                any |= walk(masks, k + 1, used | 1 << s, left - (s as i64 + 1), distinct, picked, out);
                picked.pop();
            }
            any
        }
        out[..masks.len()].fill(0);
        walk(masks, 0, 0, sum as i64, distinct, &mut Vec::new(), out)
    }

    #[test]
    fn combinations_are_every_set_of_that_size_and_total() {
        assert_eq!(sum_combinations(2, 3), &[0b11]);
        assert_eq!(sum_combinations(2, 17), &[0b1_1000_0000]);
        assert_eq!(sum_combinations(3, 6), &[0b111]);
        assert_eq!(sum_combinations(9, 45), &[0x1ff]);
        assert_eq!(sum_combinations(4, 20).len(), 12);
        assert!(sum_combinations(2, 18).is_empty() && sum_combinations(10, 45).is_empty());
        let total: usize = (0..=9).flat_map(|k| (0..=45).map(move |t| sum_combinations(k, t).len())).sum();
        assert_eq!(total, 512);
    }

    #[test]
    fn support_matches_enumeration_on_random_cages() {
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(7);
        for trial in 0..20_000 {
            let n = rng.random_range(1..=6);
            let masks: Vec<u32> = (0..n).map(|_| rng.random_range(1..512u32)).collect();
            let distinct = trial % 3 != 0;
            let most = if distinct { 45 } else { 9 * n as u32 };
            let sum = rng.random_range(1..=most);
            let (mut fast, mut plain) = (vec![0; n], vec![0; n]);
            let a = sum_support(&masks, sum, distinct, &mut fast);
            let b = by_enumeration(&masks, sum, distinct, &mut plain);
            assert_eq!((a, &fast), (b, &plain), "masks {masks:?} sum {sum} distinct {distinct}");
        }
    }

    /// [`distinct_support`] against the plain definition: the support as
    /// enumerated, and as required symbols the intersection of the symbol
    /// sets of every assignment (`None` where there is none), on random
    /// cells of every size a killer cage or innie set takes, asked twice
    /// (the second time from the thread's table where the set has 3 to 6
    /// cells).
    #[test]
    fn support_and_required_match_enumeration() {
        fn required_by_enumeration(masks: &[u32], sum: u32) -> Option<u32> {
            fn walk(masks: &[u32], k: usize, used: u32, left: i64, all: &mut Option<u32>) {
                if k == masks.len() {
                    if left == 0 {
                        *all = Some(all.map_or(used, |r| r & used));
                    }
                    return;
                }
                for s in 0..9 {
                    if masks[k] >> s & 1 != 0 && used >> s & 1 == 0 {
                        walk(masks, k + 1, used | 1 << s, left - (s as i64 + 1), all);
                    }
                }
            }
            let mut all = None;
            walk(masks, 0, 0, sum as i64, &mut all);
            all
        }
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(13);
        let questions: Vec<(Vec<u32>, u32)> = (0..20_000)
            .map(|_| {
                let n = rng.random_range(1..=6);
                // Masks of few symbols too, as late in a solve.
                let masks = (0..n).map(|_| rng.random_range(1..512u32) & rng.random_range(1..512u32)).collect();
                (masks, rng.random_range(1..=45))
            })
            .collect();
        let (mut reached, mut tabled) = (0, 0);
        for round in 0..2 {
            for (masks, sum) in &questions {
                let n = masks.len();
                let (mut fast, mut plain) = ([0u32; 9], vec![0; n]);
                let required = distinct_support(masks, *sum, &mut fast[..n]);
                let b = by_enumeration(masks, *sum, true, &mut plain);
                assert_eq!(required.is_some(), b, "round {round}: masks {masks:?} sum {sum}");
                assert_eq!(&fast[..n], &plain[..], "round {round}: masks {masks:?} sum {sum}");
                assert_eq!(required, required_by_enumeration(masks, *sum), "round {round}: masks {masks:?} sum {sum}");
                reached += usize::from(b);
                tabled += usize::from(SupportKey::of(masks, *sum).is_some());
            }
        }
        assert!(reached > 2_000 && tabled > 10_000, "reached {reached}, from the table {tabled}");
    }

    /// The thread's table of answers gives what was computed, asked again
    /// (the same masks, from a slice of another length too) or after other
    /// questions took slots.
    #[test]
    fn a_remembered_support_is_the_support() {
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(11);
        let questions: Vec<(Vec<u32>, u32)> = (0..6000)
            .map(|_| {
                let n = rng.random_range(3..=6);
                ((0..n).map(|_| rng.random_range(1..512u32)).collect(), rng.random_range(6..=45))
            })
            .collect();
        for round in 0..2 {
            for (masks, sum) in &questions {
                let mut remembered = [u32::MAX; 9];
                let mut plain = vec![0; masks.len()];
                let a = sum_support(masks, *sum, true, &mut remembered);
                let b = by_enumeration(masks, *sum, true, &mut plain);
                assert_eq!((a, &remembered[..masks.len()]), (b, &plain[..]), "round {round}: masks {masks:?} sum {sum}");
                assert!(remembered[masks.len()..].iter().all(|&o| o == u32::MAX), "cells past the set are left alone");
            }
        }
    }
}
