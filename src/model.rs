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
}

impl Alphabet {
    /// The default alphabet of `n` symbols: 1–9, then A=10, B=11, …
    pub fn numeric(n: usize) -> Alphabet {
        let chars =
            (1..=n as u32).map(|v| if v <= 9 { char::from_digit(v, 10).unwrap_or('?') } else { (b'A' + (v - 10) as u8) as char }).collect();
        Alphabet { chars }
    }

    pub fn from_chars(chars: Vec<char>) -> Alphabet {
        Alphabet { chars }
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
/// Dynamic programming over the cells in order: the states after k cells
/// are the sets of symbols used so far (`distinct`, at most 512) or the
/// partial sums (otherwise, at most 127); a forward pass finds the states
/// reachable, a backward pass keeps those that still reach the sum, and a
/// cell's symbol is supported where it links two kept states.
pub fn sum_support(masks: &[u32], sum: u32, distinct: bool, out: &mut [u32]) -> bool {
    let n = masks.len();
    out[..n].fill(0);
    if masks.contains(&0) {
        return false;
    }
    if distinct { support_distinct(masks, sum, out) } else { support_repeating(masks, sum, out) }
}

/// 512 bits: one per set of symbols 1–9.
type SetOfSets = [u64; 8];

fn support_distinct(masks: &[u32], sum: u32, out: &mut [u32]) -> bool {
    let n = masks.len();
    if n > 9 {
        return false;
    }
    let value = |set: usize| -> u32 { (0..9).filter(|s| set >> s & 1 != 0).map(|s| s + 1).sum() };
    let has = |t: &SetOfSets, m: usize| t[m >> 6] >> (m & 63) & 1 != 0;
    let put = |t: &mut SetOfSets, m: usize| t[m >> 6] |= 1 << (m & 63);
    let mut layers: Vec<SetOfSets> = vec![[0; 8]; n + 1];
    put(&mut layers[0], 0);
    let mut lists: Vec<Vec<u16>> = vec![vec![0]];
    for k in 0..n {
        let mut next = Vec::new();
        let (done, rest) = layers.split_at_mut(k + 1);
        for &m in &lists[k] {
            let mut options = masks[k] & 0x1ff & !(m as u32);
            while options != 0 {
                let s = options.trailing_zeros();
                options &= options - 1;
                let to = m as usize | 1 << s;
                if !has(&rest[0], to) {
                    put(&mut rest[0], to);
                    next.push(to as u16);
                }
            }
        }
        let _ = done;
        lists.push(next);
    }
    // Backward: keep the states that still reach the sum.
    let mut good: Vec<SetOfSets> = vec![[0; 8]; n + 1];
    let mut any = false;
    for &m in &lists[n] {
        if value(m as usize) == sum {
            put(&mut good[n], m as usize);
            any = true;
        }
    }
    if !any {
        return false;
    }
    for k in (0..n).rev() {
        for &m in &lists[k] {
            let mut options = masks[k] & 0x1ff & !(m as u32);
            while options != 0 {
                let s = options.trailing_zeros();
                options &= options - 1;
                if has(&good[k + 1], m as usize | 1 << s) {
                    out[k] |= 1 << s;
                    put(&mut good[k], m as usize);
                }
            }
        }
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
        let mut chars: Vec<char> = Vec::with_capacity(text.len());
        if text.is_ascii() {
            // The common case, byte by byte (the same whitespace as `char::is_whitespace`).
            chars.extend(text.bytes().filter(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r')).map(char::from));
        } else {
            chars.extend(text.chars().filter(|c| !c.is_whitespace()));
        }
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
                return Err(GridError::Symbol {
                    position: i + 1,
                    cell: self.cell_names[i].clone(),
                    found: c,
                    alphabet: self.alphabet.text(),
                });
            };
            if !self.allowed[i].contains(s) {
                return Err(GridError::Mark { position: i + 1, cell: self.cell_names[i].clone(), found: c });
            }
            cells.push(Some(s));
        }
        Ok(Grid { cells })
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
