//! The grader's hot-path representation: cell bitsets, the precomputed house
//! topology of a [`Problem`], and the candidate board the techniques read.
//!
//! Candidates are kept twice and in sync: cell-major (`cand`, one `Mask` per
//! cell) for cell questions, digit-major (`dpos`, one `CellSet` per digit) for
//! house questions ("where can 7 go in row 3" is one AND and a popcount).

use super::Problem;
pub(crate) use super::hint::{Batch, Hint, cell_list};

/// Candidate digits of one cell, bit `d` for symbol `d` (0-based).
pub(crate) type Mask = u16;

/// Up to 256 cells (16x16 grids).
pub(crate) const MAX_CELLS: usize = 256;
/// Up to 16 symbols, so a cell's candidates fit a `Mask`.
pub(crate) const MAX_SYMBOLS: usize = 16;

#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub(crate) struct CellSet(pub [u64; 4]);

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; 4]);

    #[inline]
    pub fn insert(&mut self, c: usize) {
        self.0[c >> 6] |= 1u64 << (c & 63);
    }
    #[inline]
    pub fn remove(&mut self, c: usize) {
        self.0[c >> 6] &= !(1u64 << (c & 63));
    }
    #[inline]
    pub fn contains(&self, c: usize) -> bool {
        (self.0[c >> 6] >> (c & 63)) & 1 != 0
    }
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline]
    pub fn minus(&self, o: &CellSet) -> CellSet {
        CellSet([self.0[0] & !o.0[0], self.0[1] & !o.0[1], self.0[2] & !o.0[2], self.0[3] & !o.0[3]])
    }
    #[inline]
    pub fn first(&self) -> Option<usize> {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }
    #[inline]
    pub fn iter(&self) -> CellIter {
        CellIter { words: self.0, word: 0 }
    }
    pub fn from_cells(cells: &[usize]) -> CellSet {
        let mut s = CellSet::EMPTY;
        for &c in cells {
            s.insert(c);
        }
        s
    }
}

impl std::ops::BitAnd for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitand(self, o: CellSet) -> CellSet {
        CellSet([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2], self.0[3] & o.0[3]])
    }
}
impl std::ops::BitOr for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitor(self, o: CellSet) -> CellSet {
        CellSet([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2], self.0[3] | o.0[3]])
    }
}
impl std::ops::BitAndAssign for CellSet {
    #[inline]
    fn bitand_assign(&mut self, o: CellSet) {
        for i in 0..4 {
            self.0[i] &= o.0[i];
        }
    }
}
impl std::ops::BitOrAssign for CellSet {
    #[inline]
    fn bitor_assign(&mut self, o: CellSet) {
        for i in 0..4 {
            self.0[i] |= o.0[i];
        }
    }
}

pub(crate) struct CellIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for CellIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

/// Iterate the set bits of a mask, lowest first.
#[inline]
pub(crate) fn bits(m: Mask) -> impl Iterator<Item = usize> {
    let mut m = m as u32;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(d)
        }
    })
}

/// The display character of a 0-based symbol: 1-9, then A, B, ...
pub(crate) fn symbol_char(d: usize) -> char {
    if d < 9 { (b'1' + d as u8) as char } else { (b'A' + (d - 9) as u8) as char }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum HouseKind {
    Row,
    Col,
    Box,
    Other,
}

pub(crate) struct House {
    pub cells: Vec<usize>,
    pub set: CellSet,
    pub kind: HouseKind,
    /// A full house holds every symbol exactly once; smaller houses only
    /// forbid repeats, so they give weak links but never hidden singles.
    pub full: bool,
    /// Region type for unique loops: consecutive loop cells must change type.
    pub type_id: usize,
    pub name: String,
}

/// Locked candidates: a digit of `base` confined to `base ∩ other` leaves
/// `other \ base`.
pub(crate) struct Intersection {
    pub base: usize,
    pub other: usize,
    pub common: CellSet,
    pub rest: CellSet,
    /// `rest` as a mask over the other's cell list (the coordinates of
    /// [`Board::hpos`]).
    pub rest_in_other: u16,
    /// For SE's direct forms: the other houses of the base's family that
    /// cross `other`, each with `other`'s cells as a mask over its list.
    pub crossings: Vec<(usize, u16)>,
    /// `common` is segment `segment` of [`Topology::segments`]; the rest of
    /// the base is these segments and these cells (a box beside a row: the
    /// two other row segments), so the digits locked in `common` are read
    /// from a few segment unions instead of cell by cell.
    pub segment: usize,
    pub base_rest_segments: Vec<usize>,
    pub base_rest_cells: Vec<usize>,
    /// `rest` (the other house outside the base) the same way: the digits
    /// with candidates there are the only ones the intersection can clear.
    pub rest_segments: Vec<usize>,
    pub rest_cells: Vec<usize>,
}

/// What the locked-candidates scan reads of an [`Intersection`] before it
/// finds a digit locked there: 16 bytes, so that the scan over every
/// intersection stays in a few cache lines.
#[derive(Clone, Copy)]
pub(crate) struct LockScan {
    /// [`Intersection::segment`].
    pub segment: u32,
    /// [`Intersection::base_rest_segments`], when they are the whole rest of the base.
    pub base_rest: Option<Segments>,
    /// [`Intersection::rest_segments`], when they are the whole rest.
    pub rest: Option<Segments>,
}

/// Up to two segments (numbered within `u16`) that cover a set of cells
/// (the base's rest: two row segments beside a box). A missing second
/// segment is the number one past the last segment, whose union
/// [`SegmentUnions`](super::intersections::SegmentUnions) keeps empty, so
/// the union is two reads without a branch.
#[derive(Clone, Copy)]
pub(crate) struct Segments {
    ids: [u16; 2],
}

impl Segments {
    /// `None` when `cells` are left over or the segments do not fit;
    /// `none`: the number of segments (the empty slot).
    fn of(segments: &[usize], cells: &[usize], none: usize) -> Option<Segments> {
        let none = u16::try_from(none).ok()?;
        let mut ids = [none; 2];
        if !cells.is_empty() || segments.len() > ids.len() {
            return None;
        }
        for (id, &g) in ids.iter_mut().zip(segments) {
            *id = u16::try_from(g).ok()?;
        }
        Some(Segments { ids })
    }

    /// The candidates of the segments, from the board's segment unions
    /// (one past the last segment: none).
    #[inline]
    pub fn union(&self, unions: &[Mask]) -> Mask {
        unions[usize::from(self.ids[0])] | unions[usize::from(self.ids[1])]
    }
}

impl LockScan {
    /// `segments`: how many there are.
    fn of(ix: &Intersection, segments: usize) -> LockScan {
        let segment = u32::try_from(ix.segment).expect("segments are house pairs, far fewer than 2^32");
        LockScan {
            segment,
            base_rest: Segments::of(&ix.base_rest_segments, &ix.base_rest_cells, segments),
            rest: Segments::of(&ix.rest_segments, &ix.rest_cells, segments),
        }
    }
}

/// Everything about the layout that does not change while solving.
pub(crate) struct Topology {
    pub n_cells: usize,
    pub n_sym: usize,
    /// The candidates each cell starts with (static marks narrow them).
    pub initial_cand: Vec<Mask>,
    pub all_cells: CellSet,
    pub houses: Vec<House>,
    /// Houses of each cell in SE's region order (box, row, column, other).
    pub cell_houses: Vec<Vec<usize>>,
    pub peers: Vec<Vec<usize>>,
    pub peer_set: Vec<CellSet>,
    pub names: Vec<String>,
    /// How each symbol (0-based) is written: what the page prints for it
    /// (1-9, A, B, ... unless the problem names its symbols).
    pub symbols: Vec<String>,
    /// SE's region order: boxes, rows, columns, then the rest.
    pub se_order: Vec<usize>,
    /// The full houses (those that hold every digit) in SE's region order.
    pub full_se_order: Vec<usize>,
    /// SE's order for subsets: boxes, columns, rows, then the rest.
    pub subset_order: Vec<usize>,
    /// Families: sets of full houses partitioning the grid (rows, columns, ...).
    pub families: Vec<Vec<usize>>,
    /// cover_index[f][cell] = index within family f of the house holding cell.
    pub cover_index: Vec<Vec<u8>>,
    /// Fish searches as (base family, cover family), in SE order.
    pub fish_pairs: Vec<(usize, usize)>,
    /// Per fish pair: every base house lists its cells in cover order (a
    /// column top to bottom against rows), so its places in
    /// [`Board::hpos`] are already the cover mask.
    pub fish_aligned: Vec<bool>,
    pub intersections: Vec<Intersection>,
    /// Per intersection, what the locked-candidates scan reads first.
    pub lock_scan: Vec<LockScan>,
    /// The cells two houses share where an intersection has them (each set
    /// once), as cell lists.
    pub segments: Vec<Vec<usize>>,
    /// Per full house, the cells outside it a generalized intersection may
    /// clear (see `generalized::seers`); all empty on classic grids.
    pub seers: Vec<Vec<(usize, u16)>>,
    /// The row and column of each cell, on square grids.
    pub lines_of: Vec<Option<(usize, usize)>>,
    /// Killer cages, then the sums the rule of 45 gives.
    pub sums: Vec<crate::model::SumSet>,
    /// Per sum set, the house of exactly its cells where there is one (a
    /// cage of two cells or more): its change stamp says whether anything
    /// the set's sum reads has changed.
    pub sum_house: Vec<Option<usize>>,
    /// Where each cell sits in its houses, shared with every board.
    pub slots: std::sync::Arc<Slots>,
}

/// For each cell, (house, the cell's bit in the house's cell list): what a
/// board updates in [`Board::hpos`] when the cell loses a candidate.
pub(crate) struct Slots {
    start: Vec<u32>,
    entries: Vec<(u32, u16)>,
}

impl Slots {
    fn new(n_cells: usize, houses: &[House]) -> Slots {
        let mut of: Vec<Vec<(u32, u16)>> = vec![Vec::new(); n_cells];
        for (h, house) in houses.iter().enumerate() {
            for (i, &c) in house.cells.iter().enumerate() {
                of[c].push((h as u32, 1 << i));
            }
        }
        let mut start = vec![0u32];
        let mut entries = Vec::new();
        for list in of {
            entries.extend(list);
            start.push(entries.len() as u32);
        }
        Slots { start, entries }
    }

    #[inline]
    fn of(&self, c: usize) -> &[(u32, u16)] {
        &self.entries[self.start[c] as usize..self.start[c + 1] as usize]
    }
}

impl Topology {
    pub fn new(p: &Problem) -> Topology {
        let n = p.n_cells;
        let ns = p.n_symbols;
        let mut kinds = vec![HouseKind::Other; p.houses.len()];
        let mut house_names: Vec<String> = (0..p.houses.len()).map(|h| format!("house {}", h + 1)).collect();
        if let Some(sq) = &p.square {
            for (i, &h) in sq.rows.iter().enumerate() {
                kinds[h] = HouseKind::Row;
                house_names[h] = format!("row {}", i + 1);
            }
            for (i, &h) in sq.cols.iter().enumerate() {
                kinds[h] = HouseKind::Col;
                house_names[h] = format!("column {}", i + 1);
            }
            for (i, &h) in sq.boxes.iter().enumerate() {
                kinds[h] = HouseKind::Box;
                house_names[h] = format!("box {}", i + 1);
            }
        }
        let houses: Vec<House> = p
            .houses
            .iter()
            .enumerate()
            .map(|(h, cells)| House {
                cells: cells.clone(),
                set: CellSet::from_cells(cells),
                kind: kinds[h],
                full: cells.len() == ns,
                type_id: match kinds[h] {
                    HouseKind::Row => 0,
                    HouseKind::Col => 1,
                    HouseKind::Box => 2,
                    HouseKind::Other => 3 + h,
                },
                name: house_names[h].clone(),
            })
            .collect();

        let order_of = |k: HouseKind| -> usize {
            match k {
                HouseKind::Box => 0,
                HouseKind::Row => 1,
                HouseKind::Col => 2,
                HouseKind::Other => 3,
            }
        };
        let mut se_order: Vec<usize> = (0..houses.len()).collect();
        se_order.sort_by_key(|&h| (order_of(houses[h].kind), h));
        let mut subset_order: Vec<usize> = (0..houses.len()).collect();
        subset_order.sort_by_key(|&h| {
            let k = match houses[h].kind {
                HouseKind::Box => 0,
                HouseKind::Col => 1,
                HouseKind::Row => 2,
                HouseKind::Other => 3,
            };
            (k, h)
        });

        let mut cell_houses = vec![Vec::new(); n];
        for &h in &se_order {
            for &c in &houses[h].cells {
                cell_houses[c].push(h);
            }
        }
        let mut peers = vec![Vec::new(); n];
        let mut peer_set = vec![CellSet::EMPTY; n];
        for c in 0..n {
            for &h in &cell_houses[c] {
                for &o in &houses[h].cells {
                    if o != c && !peer_set[c].contains(o) {
                        peer_set[c].insert(o);
                        peers[c].push(o);
                    }
                }
            }
        }
        let mut all_cells = CellSet::EMPTY;
        for c in 0..n {
            all_cells.insert(c);
        }

        // Families of full houses that partition the grid.
        let mut families: Vec<Vec<usize>> = Vec::new();
        if let Some(sq) = &p.square {
            for fam in [&sq.rows, &sq.cols, &sq.boxes] {
                if partitions(&houses, fam, &all_cells) {
                    families.push(fam.clone());
                }
            }
        } else {
            let mut used = vec![false; houses.len()];
            for h in 0..houses.len() {
                if used[h] || !houses[h].full {
                    continue;
                }
                let mut fam = vec![h];
                let mut covered = houses[h].set;
                for h2 in h + 1..houses.len() {
                    if !used[h2] && houses[h2].full && (covered & houses[h2].set).is_empty() {
                        covered |= houses[h2].set;
                        fam.push(h2);
                    }
                }
                if covered == all_cells {
                    for &x in &fam {
                        used[x] = true;
                    }
                    families.push(fam);
                }
            }
        }
        // Fish keep a family's houses in 16-bit masks.
        families.retain(|f| f.len() <= MAX_SYMBOLS);
        let mut family_of = vec![None; houses.len()];
        let mut cover_index = Vec::new();
        for (f, fam) in families.iter().enumerate() {
            let mut idx = vec![0u8; n];
            for (i, &h) in fam.iter().enumerate() {
                family_of[h] = Some(f);
                for &c in &houses[h].cells {
                    idx[c] = i as u8;
                }
            }
            cover_index.push(idx);
        }
        // Fish: SE uses columns as base first, then rows, and never boxes.
        let mut fish_pairs = Vec::new();
        if p.square.is_some() {
            let fam_kind = |k: HouseKind| families.iter().position(|fam| fam.first().is_some_and(|&h| houses[h].kind == k));
            if let (Some(r), Some(c)) = (fam_kind(HouseKind::Row), fam_kind(HouseKind::Col)) {
                fish_pairs.push((c, r));
                fish_pairs.push((r, c));
            }
        } else {
            for a in 0..families.len() {
                for b in 0..families.len() {
                    if a != b {
                        fish_pairs.push((a, b));
                    }
                }
            }
        }

        let fish_aligned = fish_pairs
            .iter()
            .map(|&(bf, cf)| {
                families[bf].iter().all(|&h| houses[h].cells.iter().enumerate().all(|(i, &c)| cover_index[cf][c] as usize == i))
            })
            .collect();

        // Locked candidates in SE order: (box, column), (box, row), (column,
        // box), (row, box), then every other overlapping pair.
        let mut intersections = Vec::new();
        let nh = houses.len();
        let mut seen = vec![false; nh * nh];
        let kind_pairs = [
            (HouseKind::Box, HouseKind::Col),
            (HouseKind::Box, HouseKind::Row),
            (HouseKind::Col, HouseKind::Box),
            (HouseKind::Row, HouseKind::Box),
        ];
        let mut push = |a: usize, b: usize, out: &mut Vec<Intersection>| {
            if a == b || !houses[a].full || seen[a * nh + b] {
                return;
            }
            seen[a * nh + b] = true;
            let common = houses[a].set & houses[b].set;
            if common.count() < 2 {
                return;
            }
            let rest = houses[b].set.minus(&houses[a].set);
            if rest.is_empty() {
                return;
            }
            let within = |h: usize, cells: &CellSet| -> u16 {
                houses[h].cells.iter().enumerate().filter(|&(_, &c)| cells.contains(c)).fold(0, |m, (i, _)| m | 1 << i)
            };
            let crossings = match family_of[a] {
                Some(f) => families[f]
                    .iter()
                    .copied()
                    .filter(|&h3| h3 != a && !(houses[h3].set & houses[b].set).is_empty())
                    .map(|h3| (h3, within(h3, &houses[b].set)))
                    .collect(),
                None => Vec::new(),
            };
            let rest_in_other = within(b, &rest);
            out.push(Intersection {
                base: a,
                other: b,
                common,
                rest,
                rest_in_other,
                crossings,
                segment: 0,
                base_rest_segments: Vec::new(),
                base_rest_cells: Vec::new(),
                rest_segments: Vec::new(),
                rest_cells: Vec::new(),
            });
        };
        for (ka, kb) in kind_pairs {
            for a in 0..houses.len() {
                if houses[a].kind != ka {
                    continue;
                }
                for b in 0..houses.len() {
                    if houses[b].kind == kb {
                        push(a, b, &mut intersections);
                    }
                }
            }
        }
        for &a in &se_order {
            for &b in &se_order {
                push(a, b, &mut intersections);
            }
        }

        let segments = segment_intersections(&houses, &mut intersections);
        let lock_scan = intersections.iter().map(|ix| LockScan::of(ix, segments.len())).collect();
        let seers = super::generalized::seers(&houses, &cell_houses, &peer_set);

        let lines_of = (0..n)
            .map(|c| {
                let row = cell_houses[c].iter().copied().find(|&h| houses[h].kind == HouseKind::Row)?;
                let col = cell_houses[c].iter().copied().find(|&h| houses[h].kind == HouseKind::Col)?;
                Some((row, col))
            })
            .collect();
        let names = p.cell_names.clone();
        let symbols = (0..ns).map(|d| p.symbol_names.get(d).cloned().unwrap_or_else(|| symbol_char(d).to_string())).collect();
        let slots = std::sync::Arc::new(Slots::new(n, &houses));
        let full_se_order = se_order.iter().copied().filter(|&h| houses[h].full).collect();
        let sum_house = p
            .sums
            .iter()
            .map(|set| {
                let cells = CellSet::from_cells(&set.cells);
                houses.iter().position(|h| h.cells.len() == set.cells.len() && h.set == cells)
            })
            .collect();
        Topology {
            n_cells: n,
            n_sym: ns,
            initial_cand: match &p.allowed {
                Some(masks) => masks.iter().map(|&m| m & ((1u32 << ns) - 1) as Mask).collect(),
                None => vec![((1u32 << ns) - 1) as Mask; n],
            },
            all_cells,
            houses,
            cell_houses,
            peers,
            peer_set,
            names,
            symbols,
            full_se_order,
            se_order,
            subset_order,
            families,
            cover_index,
            fish_pairs,
            fish_aligned,
            intersections,
            lock_scan,
            segments,
            seers,
            lines_of,
            sums: p.sums.clone(),
            sum_house,
            slots,
        }
    }

    /// How symbol `d` (0-based) is written in a step (see [`Topology::symbols`]).
    pub fn sym(&self, d: usize) -> &str {
        self.symbols.get(d).map_or("?", String::as_str)
    }

    /// "{1,5,7}" for a mask, in the symbols' own names.
    pub fn digit_list(&self, m: Mask) -> String {
        let mut s = String::from("{");
        for (i, d) in bits(m).enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.push_str(self.sym(d));
        }
        s.push('}');
        s
    }

    /// Houses shared by two cells.
    pub fn common_houses(&self, a: usize, b: usize) -> impl Iterator<Item = usize> + '_ {
        self.cell_houses[a].iter().copied().filter(move |&h| self.houses[h].set.contains(b))
    }
}

/// Numbers the distinct `common` sets of the intersections (segments) and
/// covers the rest of each intersection's base with the base's other
/// segments lying wholly outside `common` (largest first), plus the cells
/// no segment covers; and the intersection's `rest` likewise.
fn segment_intersections(houses: &[House], intersections: &mut [Intersection]) -> Vec<Vec<usize>> {
    let mut ids: std::collections::HashMap<CellSet, usize> = std::collections::HashMap::new();
    let mut segments: Vec<CellSet> = Vec::new();
    for ix in intersections.iter_mut() {
        ix.segment = *ids.entry(ix.common).or_insert_with(|| {
            segments.push(ix.common);
            segments.len() - 1
        });
    }
    // The segments inside each house, in order: a segment inside cells of
    // one house is among that house's.
    let within: Vec<Vec<usize>> =
        houses.iter().map(|h| (0..segments.len()).filter(|&g| segments[g].minus(&h.set).is_empty()).collect()).collect();
    // Segments lying wholly inside `cells` (cells of `house`), largest
    // first, and the cells they leave.
    let cover = |cells: &CellSet, house: usize| -> (Vec<usize>, Vec<usize>) {
        let mut inside: Vec<usize> = within[house].iter().copied().filter(|&g| segments[g].minus(cells).is_empty()).collect();
        inside.sort_by_key(|&g| std::cmp::Reverse(segments[g].count()));
        let mut covered = CellSet::EMPTY;
        let mut chosen = Vec::new();
        for g in inside {
            if !segments[g].minus(&covered).is_empty() {
                covered |= segments[g];
                chosen.push(g);
            }
        }
        (chosen, cells.minus(&covered).iter().collect())
    };
    for ix in intersections.iter_mut() {
        (ix.base_rest_segments, ix.base_rest_cells) = cover(&houses[ix.base].set.minus(&ix.common), ix.base);
        (ix.rest_segments, ix.rest_cells) = cover(&ix.rest, ix.other);
    }
    segments.iter().map(|s| s.iter().collect()).collect()
}

fn partitions(houses: &[House], fam: &[usize], all: &CellSet) -> bool {
    let mut covered = CellSet::EMPTY;
    for &h in fam {
        if !houses[h].full || !(covered & houses[h].set).is_empty() {
            return false;
        }
        covered |= houses[h].set;
    }
    covered == *all
}

pub(crate) const NO_VALUE: u8 = u8::MAX;

/// Per house, the digits with exactly one, two and three places in it:
/// three 16-bit digit masks in one word (bits 0, 16 and 32 up), so that
/// filing a digit is one read and one write of the word.
#[derive(Clone, Copy, Default)]
pub(crate) struct Few(u64);

/// A digit's bit in each of the three masks.
const FEW_LANES: u64 = 1 | 1 << 16 | 1 << 32;
/// Where a digit with n places is filed (0 or more than 3: nowhere), for
/// every count a 16-cell house can give.
const FEW_FILED: [u64; 17] = {
    let mut t = [0; 17];
    (t[1], t[2], t[3]) = (1, 1 << 16, 1 << 32);
    t
};

impl Few {
    /// A house's digits filed by their places (`places[d]` for digit d),
    /// in registers and stored once.
    #[inline]
    fn of(places: &[u16]) -> Few {
        Few(places.iter().enumerate().fold(0, |w, (d, &p)| w | FEW_FILED[p.count_ones() as usize] << d))
    }

    /// Files digit d under its number of places `p`.
    #[inline]
    fn file(&mut self, d: usize, p: u16) {
        self.0 = (self.0 & !(FEW_LANES << d)) | FEW_FILED[p.count_ones() as usize] << d;
    }

    /// The digits with one place.
    #[inline]
    pub fn one(&self) -> Mask {
        self.0 as Mask
    }

    /// The digits with two places.
    #[inline]
    pub fn two(&self) -> Mask {
        (self.0 >> 16) as Mask
    }

    /// The digits with three places.
    #[inline]
    pub fn three(&self) -> Mask {
        (self.0 >> 32) as Mask
    }

    /// The digits with 1 to `most` places (at most 3; more: `None`).
    #[inline]
    pub fn up_to(&self, most: usize) -> Option<Mask> {
        match most {
            1 => Some(self.one()),
            2 => Some(self.one() | self.two()),
            3 => Some(self.one() | self.two() | self.three()),
            _ => None,
        }
    }
}

/// Digit d leaves the cell at `bit` of house h: its places and, with them,
/// whether it is a hidden single there (and how few its places are).
#[inline]
fn lose_place(hpos: &mut [u16], few: &mut [Few], ns: usize, h: usize, d: usize, bit: u16) {
    let p = hpos[h * ns + d] & !bit;
    hpos[h * ns + d] = p;
    few[h].file(d, p);
}

/// The solving state: values and candidates.
#[derive(Clone)]
pub(crate) struct Board {
    pub cand: Vec<Mask>,
    pub value: Vec<u8>,
    /// dpos[d]: unsolved cells that still have candidate d.
    pub dpos: Vec<CellSet>,
    /// placed[d]: cells whose value is d.
    pub placed: Vec<CellSet>,
    pub unsolved: CellSet,
    /// Set when the givens themselves clash.
    pub clash: bool,
    /// hpos[h * n_sym + d]: the places of digit d in house h (`houses[h].set
    /// & dpos[d]`) as a mask over the house's cell list, kept in step with
    /// `dpos`: the house techniques ask it on every step of the ladder.
    pub hpos: Vec<u16>,
    /// Per house: its unsolved cells, as a mask over its cell list.
    pub hfree: Vec<u16>,
    /// Per house: the digits with one, two and three places, kept with
    /// `hpos`, so that hidden singles (asked before every step) are a scan
    /// of one mask per house, and hidden subsets' first filter one more.
    pub hfew: Vec<Few>,
    /// Change stamps: every change of the board ticks `clock`; `dgen[d]`
    /// is the tick at which digit d's places last changed, `hgen[h]` the
    /// tick at which house h's cells last lost a candidate, so a search can
    /// skip what has not changed since it last found nothing there
    /// ([`super::memo::Memo`] keeps one tick).
    pub clock: u32,
    pub dgen: Vec<u32>,
    pub hgen: Vec<u32>,
    n_sym: usize,
    slots: std::sync::Arc<Slots>,
}

impl Board {
    /// The board of the givens, built in one pass: each empty cell starts
    /// with its static candidates less the givens of its houses — what
    /// placing the givens one by one leaves, at a fraction of the cost.
    pub fn new(topo: &Topology, givens: &[Option<u8>]) -> Board {
        let (n, ns, nh) = (topo.n_cells, topo.n_sym, topo.houses.len());
        let mut board = Board {
            cand: vec![0; n],
            value: vec![NO_VALUE; n],
            dpos: vec![CellSet::EMPTY; ns],
            placed: vec![CellSet::EMPTY; ns],
            unsolved: CellSet::EMPTY,
            clash: false,
            hpos: vec![0; nh * ns],
            hfree: vec![0; nh],
            hfew: vec![Few::default(); nh],
            clock: 0,
            dgen: vec![0; ns],
            hgen: vec![0; nh],
            n_sym: ns,
            slots: topo.slots.clone(),
        };
        board.start(topo, givens);
        board
    }

    /// [`Board::new`] in this board's memory, when it was made for a
    /// topology of the same size (a grader reuses one board for every
    /// puzzle); a new board otherwise.
    pub fn renew(mut self, topo: &Topology, givens: &[Option<u8>]) -> Board {
        let fits = self.cand.len() == topo.n_cells && self.n_sym == topo.n_sym && self.hfree.len() == topo.houses.len();
        if !fits || !std::sync::Arc::ptr_eq(&self.slots, &topo.slots) {
            return Board::new(topo, givens);
        }
        self.start(topo, givens);
        self
    }

    /// Clears the board and sets it up for `givens`, in one pass: each
    /// empty cell starts with its static candidates less the givens of its
    /// houses.
    fn start(&mut self, topo: &Topology, givens: &[Option<u8>]) {
        let ns = topo.n_sym;
        let Board { cand, value, dpos, placed, unsolved, clash, hpos, hfree, hfew, clock, dgen, hgen, .. } = self;
        cand.fill(0);
        value.fill(NO_VALUE);
        dpos.fill(CellSet::EMPTY);
        placed.fill(CellSet::EMPTY);
        *unsolved = topo.all_cells;
        *clash = false;
        hpos.fill(0);
        hfree.fill(0);
        *clock = 0;
        dgen.fill(0);
        hgen.fill(0);
        // Slices: their bounds stay in registers while the loops store.
        let (cand, value, dpos, placed, hpos, hfree) =
            (&mut cand[..], &mut value[..], &mut dpos[..], &mut placed[..], &mut hpos[..], &mut hfree[..]);
        let mut used_stack = [0 as Mask; 64];
        let mut used_heap = Vec::new();
        let used: &mut [Mask] = match topo.houses.len() {
            n if n <= used_stack.len() => &mut used_stack[..n],
            n => {
                used_heap.resize(n, 0);
                &mut used_heap
            }
        };
        for (c, g) in givens.iter().enumerate() {
            if let Some(d) = *g {
                let bit = 1 << d;
                // A given its cell's marks forbid, or one repeating a given
                // of its houses.
                *clash |= topo.initial_cand[c] & bit == 0;
                for &(h, _) in topo.slots.of(c) {
                    *clash |= used[h as usize] & bit != 0;
                    used[h as usize] |= bit;
                }
                value[c] = d;
                placed[d as usize].insert(c);
                unsolved.remove(c);
            }
        }
        for c in unsolved.iter() {
            let taken = topo.slots.of(c).iter().fold(0, |m, &(h, _)| m | used[h as usize]);
            let m = topo.initial_cand[c] & !taken;
            cand[c] = m;
            // Every digit, not the cell's candidates only: a loop of fixed
            // length, where a loop over the candidates mispredicted its end.
            let (word, shift) = (c >> 6, c & 63);
            for (d, places) in dpos.iter_mut().enumerate() {
                places.0[word] |= u64::from(m >> d & 1) << shift;
            }
            for &(h, bit) in topo.slots.of(c) {
                hfree[h as usize] |= bit;
                for (d, places) in hpos[h as usize * ns..(h as usize + 1) * ns].iter_mut().enumerate() {
                    *places |= if m >> d & 1 != 0 { bit } else { 0 };
                }
            }
        }
        for (few, places) in hfew.iter_mut().zip(hpos.chunks(ns)) {
            *few = Few::of(places);
        }
    }

    pub fn place(&mut self, topo: &Topology, c: usize, d: usize) {
        let ns = self.n_sym;
        let Board { cand, value, dpos, placed, unsolved, hpos, hfree, hfew, clock, dgen, hgen, slots, .. } = self;
        // Slices: their bounds stay in registers while the loops store.
        let (cand, dpos, hpos, hfree, hfew, dgen, hgen) =
            (&mut cand[..], &mut dpos[..], &mut hpos[..], &mut hfree[..], &mut hfew[..], &mut dgen[..], &mut hgen[..]);
        *clock += 1;
        let now = *clock;
        for &(h, bit) in slots.of(c) {
            for x in bits(cand[c]) {
                lose_place(hpos, hfew, ns, h as usize, x, bit);
            }
            hfree[h as usize] &= !bit;
            hgen[h as usize] = now;
        }
        for x in bits(cand[c]) {
            dpos[x].remove(c);
            dgen[x] = now;
        }
        // `placed[d]` changes even where d was no candidate (a clash).
        dgen[d] = now;
        cand[c] = 0;
        value[c] = d as u8;
        placed[d].insert(c);
        unsolved.remove(c);
        let hit = topo.peer_set[c] & dpos[d];
        for p in hit.iter() {
            cand[p] &= !(1 << d);
            for &(h, bit) in slots.of(p) {
                lose_place(hpos, hfew, ns, h as usize, d, bit);
                hgen[h as usize] = now;
            }
        }
        dpos[d] = dpos[d].minus(&hit);
    }

    /// Remove candidate d from c; returns whether it was there.
    #[inline]
    pub fn eliminate(&mut self, c: usize, d: usize) -> bool {
        if self.cand[c] >> d & 1 == 0 {
            return false;
        }
        self.cand[c] &= !(1 << d);
        self.dpos[d].remove(c);
        self.clock += 1;
        self.dgen[d] = self.clock;
        for &(h, bit) in self.slots.of(c) {
            lose_place(&mut self.hpos, &mut self.hfew, self.n_sym, h as usize, d, bit);
            self.hgen[h as usize] = self.clock;
        }
        true
    }

    #[inline]
    pub fn has(&self, c: usize, d: usize) -> bool {
        self.cand[c] >> d & 1 != 0
    }

    /// Places of digit d in house h as a mask over the house's cell list.
    #[inline]
    pub fn local_positions(&self, h: usize, d: usize) -> u32 {
        self.hpos[h * self.n_sym + d] as u32
    }

    /// A contradiction: an empty cell without candidates, or a full house
    /// that can no longer hold some digit.
    pub fn broken(&self, topo: &Topology) -> bool {
        if self.clash {
            return true;
        }
        if self.unsolved.iter().any(|c| self.cand[c] == 0) {
            return true;
        }
        for h in &topo.houses {
            if !h.full {
                continue;
            }
            for d in 0..topo.n_sym {
                if (h.set & self.dpos[d]).is_empty() && (h.set & self.placed[d]).is_empty() {
                    return true;
                }
            }
        }
        false
    }
}
