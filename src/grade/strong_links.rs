//! Strong-linked fish (Sukaku Explainer's "StrongLinks"): X-chains of
//! exactly n strong links of one digit, consecutive links joined by a weak
//! link (all their cells see each other). The digit leaves every cell that
//! sees both ends. With two links these are the skyscraper (SE 4.0), the
//! two-string kite and the turbot fish (4.1), and with an empty rectangle
//! (4.3); three links rate 5.4 - 5.7 and four 5.8 - 6.1 (SE's
//! `StrongLinks(n)`; SE's five and six links are out of its default
//! technique set, so out of ours: docs/grading.md). A chain whose ends
//! share a house is a loop ([`x_loops`](super::x_loops)), searched with the
//! chains of its length and rated as they are.
//!
//! A strong link is a conjugate pair (a house with two places for the
//! digit), or an empty rectangle: a box whose places all lie on one row and
//! one column through a "heart" cell; if none is on the row, one is on the
//! column. Its ends are then groups of cells.
//!
//! The rating follows Sukaku Explainer: links all in parallel lines rate the
//! base; links mixing boxes with both line directions +0.2; anything else
//! +0.1; any empty rectangle +0.3. A pair of cells linked in two houses (a
//! row and a box, say) counts as whichever gives the easier rating.

use super::Technique;
use super::board::{Board, CellSet, Hint, HouseKind, Mask, Topology, bits};

const BOX: u8 = 1;
const ROW: u8 = 2;
const COL: u8 = 4;
/// An empty-rectangle link.
const GROUPED: u8 = 8;
/// A conjugate pair in a variant house (a diagonal, window or asterisk of
/// a grid with rows and columns): SE adds 0.3, as for a grouped link.
const VARIANT: u8 = 16;
/// A grouped link of [`grouped`](super::grouped) (two box segments of a
/// line, two mini-lines of a box): rates as an empty rectangle, +0.3.
const SEGMENTS: u8 = 32;

/// A directed strong link: if no `from` cell holds the digit, a `to` cell
/// does.
#[derive(Clone, Copy)]
pub(super) struct Link {
    pub(super) from: CellSet,
    pub(super) to: CellSet,
    kinds: u8,
}

/// The best chain or loop so far. Its hint is written once the search is
/// over: most chains found are beaten by a later one.
pub(super) struct Found {
    pub(super) rating: u32,
    pub(super) elims: usize,
    pub(super) digit: usize,
    /// Its links, the first `len` of them.
    pub(super) chain: [usize; 4],
    pub(super) len: usize,
    pub(super) victims: CellSet,
    /// An X-loop ([`x_loops`](super::x_loops)), not an open chain.
    pub(super) closed: bool,
}

impl Found {
    pub(super) fn new(rating: u32, digit: usize, chain: &[usize], victims: CellSet, closed: bool) -> Found {
        let mut links = [0; 4];
        links[..chain.len()].copy_from_slice(chain);
        Found { rating, elims: victims.count() as usize, digit, chain: links, len: chain.len(), victims, closed }
    }
}

/// Whether a chain rated at least `rating` and removing at most `elims`
/// could still be kept over `best`: the easiest wins, then the one removing
/// most, then the first found. As the bonus only grows and the victims only
/// shrink with each link added, a chain that cannot goes no further.
pub(super) fn could_beat(best: &Option<Found>, rating: u32, elims: usize) -> bool {
    best.as_ref().is_none_or(|f| (rating, usize::MAX - elims) < (f.rating, usize::MAX - f.elims))
}

/// Cells seeing every cell of a group.
fn seen_by_all(topo: &Topology, g: &CellSet) -> CellSet {
    let mut s = topo.all_cells;
    for c in g.iter() {
        s &= topo.peer_set[c];
    }
    s
}

/// The strong links of digit `d` into `out` (`pairs`: scratch space).
fn links_into(
    topo: &Topology,
    b: &Board,
    d: usize,
    pairs: &mut Vec<(usize, usize, u8)>,
    groups: &mut super::grouped::Groups,
    out: &mut Vec<Link>,
) {
    pairs.clear();
    out.clear();
    let squared = topo.houses.iter().any(|h| h.kind == HouseKind::Row);
    for h in &topo.houses {
        if !h.full {
            continue;
        }
        let pos = h.set & b.dpos[d];
        let n = pos.count();
        if n == 2 {
            let mut it = pos.iter();
            let (Some(a), Some(c)) = (it.next(), it.next()) else { continue };
            let kind = match h.kind {
                HouseKind::Row => ROW,
                HouseKind::Col => COL,
                // Boxes and irregular houses alike; a variant house of a
                // square grid is SE's region type 3 and beyond.
                HouseKind::Other if squared => VARIANT,
                HouseKind::Box | HouseKind::Other => BOX,
            };
            match pairs.iter_mut().find(|p| p.0 == a && p.1 == c) {
                Some(p) => p.2 |= kind,
                None => pairs.push((a, c, kind)),
            }
        } else if h.kind == HouseKind::Box && (3..=5).contains(&n) {
            // Empty rectangle: every place on the row or column of a heart.
            for heart in h.cells.iter().copied() {
                let Some((rh, ch)) = topo.lines_of[heart] else { continue };
                let (row, col) = (topo.houses[rh].set & pos, topo.houses[ch].set & pos);
                if (row | col) != pos {
                    continue;
                }
                for (x, y) in [(row, col), (col, row)] {
                    let to = y.minus(&x);
                    if x.is_empty() || to.is_empty() {
                        continue;
                    }
                    if !out.iter().any(|l: &Link| l.from == x && l.to == to) {
                        out.push(Link { from: x, to, kinds: GROUPED });
                    }
                }
            }
        }
    }
    let rectangles = out.len();
    for &(a, c, kinds) in pairs.iter() {
        out.push(Link { from: CellSet::from_cells(&[a]), to: CellSet::from_cells(&[c]), kinds });
        out.push(Link { from: CellSet::from_cells(&[c]), to: CellSet::from_cells(&[a]), kinds });
    }
    let grouped = out.len();
    groups.links(topo, b, d, |from, to| {
        // A grouped link covers three places or more, a conjugate pair two:
        // only an empty rectangle or another grouped link can be the same.
        let seen = |l: &Link| l.from == from && l.to == to;
        if !out[..rectangles].iter().any(seen) && !out[grouped..].iter().any(seen) {
            out.push(Link { from, to, kinds: GROUPED | SEGMENTS });
        }
    });
}

/// The strong links of each digit and which can follow which, built on first
/// use and kept while the digit's places stay as they were: a digit's links
/// depend on its own places (and the grid's houses) only, so they serve the
/// searches for 2, 3 and 4 links and every later step that leaves the digit
/// alone. An index is made in the memory its thread's last one left (see
/// [`LinkIndex::default`]): a generator grades thousands of puzzles on one
/// grid, and the grouped links' splits and the index's tables cost as much
/// to make as an easy puzzle's links.
pub(crate) struct LinkIndex {
    /// The grid's cells and the houses (cells, kind, full) the links were
    /// found in: another grid's index is emptied before its first use.
    houses: Vec<(CellSet, HouseKind, bool)>,
    /// Whether `houses` was compared with the grid's (an index serves one
    /// grid: once per grading is enough).
    checked: bool,
    /// Per digit, its links on the places they were built for; the memory
    /// stays from step to step.
    digits: Vec<Digit>,
    pairs: Vec<(usize, usize, u8)>,
    groups: super::grouped::Groups,
}

/// What a [`LinkIndex`] leaves its thread's next one.
struct Spare {
    houses: Vec<(CellSet, HouseKind, bool)>,
    digits: Vec<Digit>,
    pairs: Vec<(usize, usize, u8)>,
    groups: super::grouped::Groups,
}

thread_local! {
    /// The link index of the last grading on this thread, kept for the next.
    static SPARE_INDEX: std::cell::Cell<Option<Spare>> = const { std::cell::Cell::new(None) };
}

impl Default for LinkIndex {
    /// In the thread's last index's memory when there is one (its digits'
    /// links stay valid on the same houses: they are checked at first use).
    fn default() -> LinkIndex {
        let Spare { houses, digits, pairs, groups } = SPARE_INDEX.take().unwrap_or_else(|| Spare {
            houses: Vec::new(),
            digits: Vec::new(),
            pairs: Vec::new(),
            groups: super::grouped::Groups::default(),
        });
        LinkIndex { houses, checked: false, digits, pairs, groups }
    }
}

impl Drop for LinkIndex {
    fn drop(&mut self) {
        let spare = Spare {
            houses: std::mem::take(&mut self.houses),
            digits: std::mem::take(&mut self.digits),
            pairs: std::mem::take(&mut self.pairs),
            groups: std::mem::take(&mut self.groups),
        };
        SPARE_INDEX.set(Some(spare));
    }
}

pub(super) struct Digit {
    /// The digit's places these links were found on (`None`: not yet).
    places: Option<CellSet>,
    pub(super) links: Vec<Link>,
    /// Which links can come after which (listed when a chain first reaches
    /// a link).
    follow: Follow,
    /// Cells seeing all of a link's start (`from`) and end (`to`) groups.
    pub(super) seen_from: Vec<CellSet>,
    pub(super) seen_to: Vec<CellSet>,
    /// The links starting at one cell (a conjugate pair's), as (cell,
    /// link) sorted by cell, and those cells; the links starting at a group
    /// (an empty rectangle's).
    single_from: Vec<(usize, usize)>,
    starts: CellSet,
    grouped_from: Vec<usize>,
}

/// The links that can follow each link, worked out on first use. Up to 128
/// links (any 9×9 grid in practice) as bit masks, bit j for link j, so
/// followers come in link order without a list or a sort.
enum Follow {
    Narrow {
        /// By cell, the links starting there (one cell each).
        by_cell: Vec<u128>,
        /// By cell, the links starting at a group whose first cell it is,
        /// and those cells: a group lies where a link's end is seen only if
        /// its first cell does.
        grouped_by_cell: Vec<u128>,
        grouped_starts: CellSet,
        masks: Vec<std::cell::Cell<u128>>,
        /// Per link, the cells seeing all of the end of some link that can
        /// follow it: a chain's last link can only remove the digit there.
        reach: Vec<std::cell::Cell<CellSet>>,
        known: std::cell::Cell<u128>,
    },
    Wide(Vec<std::cell::OnceCell<Vec<usize>>>),
}

impl Digit {
    fn empty() -> Digit {
        Digit {
            places: None,
            links: Vec::new(),
            follow: Follow::Wide(Vec::new()),
            seen_from: Vec::new(),
            seen_to: Vec::new(),
            single_from: Vec::new(),
            starts: CellSet::EMPTY,
            grouped_from: Vec::new(),
        }
    }

    /// The links of digit `d` on board `b`, in this digit's memory.
    fn rebuild(&mut self, topo: &Topology, b: &Board, d: usize, pairs: &mut Vec<(usize, usize, u8)>, groups: &mut super::grouped::Groups) {
        self.places = Some(b.dpos[d]);
        links_into(topo, b, d, pairs, groups, &mut self.links);
        let links = &self.links;
        // The next link starts at cells that all see the end of this one.
        self.seen_to.clear();
        self.seen_to.extend(links.iter().map(|l| seen_by_all(topo, &l.to)));
        self.seen_from.clear();
        self.seen_from.extend(links.iter().map(|l| seen_by_all(topo, &l.from)));
        self.single_from.clear();
        self.grouped_from.clear();
        self.starts = CellSet::EMPTY;
        for (j, l) in links.iter().enumerate() {
            match l.from.first() {
                Some(c) if l.from.count() == 1 => {
                    self.single_from.push((c, j));
                    self.starts.insert(c);
                }
                _ => self.grouped_from.push(j),
            }
        }
        self.single_from.sort_unstable();
        if links.len() <= 128 {
            // The masks' memory is kept where the digit had them before.
            let (mut by_cell, mut grouped_by_cell, mut masks, mut reach) =
                match std::mem::replace(&mut self.follow, Follow::Wide(Vec::new())) {
                    Follow::Narrow { by_cell, grouped_by_cell, masks, reach, .. } => (by_cell, grouped_by_cell, masks, reach),
                    Follow::Wide(_) => (Vec::new(), Vec::new(), Vec::new(), Vec::new()),
                };
            by_cell.clear();
            by_cell.resize(topo.n_cells, 0);
            for &(c, j) in &self.single_from {
                by_cell[c] |= 1 << j;
            }
            grouped_by_cell.clear();
            grouped_by_cell.resize(topo.n_cells, 0);
            let mut grouped_starts = CellSet::EMPTY;
            for &j in &self.grouped_from {
                if let Some(c) = links[j].from.first() {
                    grouped_by_cell[c] |= 1 << j;
                    grouped_starts.insert(c);
                }
            }
            masks.clear();
            masks.resize_with(links.len(), || std::cell::Cell::new(0));
            reach.clear();
            reach.resize_with(links.len(), || std::cell::Cell::new(CellSet::EMPTY));
            let known = std::cell::Cell::new(0);
            self.follow = Follow::Narrow { by_cell, grouped_by_cell, grouped_starts, masks, reach, known };
        } else {
            self.follow = Follow::Wide((0..links.len()).map(|_| std::cell::OnceCell::new()).collect());
        }
    }

    /// Whether link `j`, starting at a group, can follow a link ending at
    /// `to`, whose every cell `seen` sees.
    fn group_follows(&self, j: usize, to: &CellSet, seen: &CellSet) -> bool {
        (self.links[j].from & *to).is_empty() && self.links[j].from.minus(seen).is_empty()
    }

    /// The links that can follow link `i`, as a mask (bit j for link j),
    /// worked out on first use; `None` past 128 links.
    fn follower_mask(&self, i: usize) -> Option<u128> {
        let Follow::Narrow { by_cell, grouped_by_cell, grouped_starts, masks, reach, known } = &self.follow else { return None };
        if known.get() >> i & 1 == 1 {
            return Some(masks[i].get());
        }
        let (to, seen) = (self.links[i].to, self.seen_to[i]);
        let mut m = (seen & self.starts).iter().fold(0, |m, c| m | by_cell[c]);
        let mut g = (seen & *grouped_starts).iter().fold(0, |m, c| m | grouped_by_cell[c]);
        while g != 0 {
            let j = g.trailing_zeros() as usize;
            g &= g - 1;
            if self.group_follows(j, &to, &seen) {
                m |= 1 << j;
            }
        }
        let (mut ends, mut rest) = (CellSet::EMPTY, m);
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            ends |= self.seen_to[j];
        }
        masks[i].set(m);
        reach[i].set(ends);
        known.set(known.get() | 1 << i);
        Some(m)
    }

    /// Cells where a chain going on from link `i` with one more link could
    /// remove the digit (all cells past 128 links).
    fn reach_after(&self, i: usize) -> CellSet {
        match (self.follower_mask(i), &self.follow) {
            (Some(_), Follow::Narrow { reach, .. }) => reach[i].get(),
            _ => CellSet([u64::MAX; 4]),
        }
    }

    /// Calls `each` on the links that can follow link `i`, in link order:
    /// those starting where every cell sees all of its end (no cell is its
    /// own peer, so such a start never overlaps the end). A chain step costs
    /// its few followers, not every link.
    pub(super) fn for_each_follower(&self, i: usize, mut each: impl FnMut(usize)) {
        if let Some(mut m) = self.follower_mask(i) {
            while m != 0 {
                let j = m.trailing_zeros() as usize;
                m &= m - 1;
                each(j);
            }
            return;
        }
        if let Follow::Wide(lists) = &self.follow {
            let (to, seen) = (self.links[i].to, self.seen_to[i]);
            let list = lists[i].get_or_init(|| {
                let mut out = Vec::new();
                for c in (seen & self.starts).iter() {
                    let first = self.single_from.partition_point(|&(x, _)| x < c);
                    out.extend(self.single_from[first..].iter().take_while(|&&(x, _)| x == c).map(|&(_, j)| j));
                }
                out.extend(self.grouped_from.iter().copied().filter(|&j| self.group_follows(j, &to, &seen)));
                out.sort_unstable();
                out
            });
            list.iter().for_each(|&j| each(j));
        }
    }
}

impl LinkIndex {
    /// Digit `d`'s links on board `b` (an index serves one topology).
    fn digit(&mut self, topo: &Topology, b: &Board, d: usize) -> &Digit {
        let same = |(h, k): (&super::board::House, &(CellSet, HouseKind, bool))| (h.set, h.kind, h.full) == *k;
        let checked = std::mem::replace(&mut self.checked, true);
        if !checked
            && (self.houses.len() != topo.houses.len() + 1
                || self.houses[0].0 != topo.all_cells
                || !topo.houses.iter().zip(&self.houses[1..]).all(same))
        {
            // The grid's cells first, then its houses.
            self.houses.clear();
            self.houses.push((topo.all_cells, HouseKind::Other, false));
            self.houses.extend(topo.houses.iter().map(|h| (h.set, h.kind, h.full)));
            self.digits.clear();
            self.groups = super::grouped::Groups::default();
        }
        if self.digits.len() < topo.n_sym {
            self.digits.resize_with(topo.n_sym, Digit::empty);
        }
        if self.digits[d].places != Some(b.dpos[d]) {
            self.digits[d].rebuild(topo, b, d, &mut self.pairs, &mut self.groups);
        }
        &self.digits[d]
    }
}

/// The best chain of `n` strong links over `digits` (the others are known
/// to give nothing: a digit's chains depend on its own places only), among
/// those rated `limit` (tenths) or less. The ladder passes its ceiling only
/// where nothing after this search comes in under it: there a chain rated
/// above the ceiling ends the rating as surely as finding none.
pub(crate) fn strong_links(topo: &Topology, b: &Board, index: &mut LinkIndex, n: usize, digits: Mask, limit: u32) -> Option<Hint> {
    // SE's `StrongLinksHint.baseRatings`.
    let base = match n {
        2 => 40,
        3 => 54,
        4 => 58,
        _ => return None,
    };
    let room = limit.checked_sub(base)?;
    let mut best: Option<Found> = None;
    for d in bits(digits) {
        let digit = index.digit(topo, b, d);
        if digit.links.len() < n {
            continue;
        }
        let mut chain: Vec<usize> = Vec::with_capacity(n);
        for i in 0..digit.links.len() {
            // Candidates that could go: they see the chain's start.
            let victims = digit.seen_from[i] & b.dpos[d];
            if victims.is_empty() {
                continue;
            }
            chain.push(i);
            let cells = digit.links[i].from | digit.links[i].to;
            if !hopeless(digit, &chain, n, (base, room), &best, victims.minus(&cells)) {
                extend(d, n, (base, room), digit, &mut chain, cells, victims, &mut best);
            }
            chain.pop();
        }
        super::x_loops::best_loop(b, d, n, (base, room), digit, &mut best);
    }
    let f = best?;
    let digit = &index.digits[f.digit];
    let chain = &f.chain[..f.len];
    Some(if f.closed {
        super::x_loops::loop_hint(topo, digit, f.digit, chain, f.rating, f.victims)
    } else {
        chain_hint(topo, digit, f.digit, chain, (base, f.rating), f.victims)
    })
}

#[allow(clippy::too_many_arguments)]
fn extend(
    d: usize,
    n: usize,
    (base, room): (u32, u32),
    digit: &Digit,
    chain: &mut Vec<usize>,
    cells: CellSet,
    victims: CellSet,
    best: &mut Option<Found>,
) {
    let links = &digit.links;
    let victims = victims.minus(&cells);
    if victims.is_empty() {
        return;
    }
    if chain.len() == n {
        let start = links[chain[0]].from;
        let end = links[chain[n - 1]].to;
        // Each chain is also found reversed; keep one orientation. Ends
        // that share a house close a loop: SE takes it as one
        // (`x_loops`), with the eliminations of every weak link.
        if start.first() > end.first() || closes(digit, chain) {
            return;
        }
        let victims = victims & digit.seen_to[chain[n - 1]];
        if victims.is_empty() {
            return;
        }
        let rating = base + chain_bonus(links, chain);
        if could_beat(best, rating, victims.count() as usize) {
            *best = Some(Found::new(rating, d, chain, victims, false));
        }
        return;
    }
    let last = chain[chain.len() - 1];
    let closing = chain.len() + 1 == n;
    digit.for_each_follower(last, |i| {
        let l = links[i];
        if !(cells & (l.from | l.to)).is_empty() {
            return;
        }
        // The chain's last link: what the call would test first, here,
        // before a call per follower (most end there).
        if closing && (victims.minus(&(l.from | l.to)) & digit.seen_to[i]).is_empty() {
            return;
        }
        chain.push(i);
        let cells = cells | l.from | l.to;
        if !hopeless(digit, chain, n, (base, room), best, victims.minus(&cells)) {
            extend(d, n, (base, room), digit, chain, cells, victims, best);
        }
        chain.pop();
    });
}

/// Whether every chain of `n` links starting with `chain` removes nothing,
/// rates past the ceiling (`base` + `room`), or could not be kept over
/// `best`, with `victims` the places left that see its start: the
/// link-type bonus only grows as links are added, and the victims only
/// shrink; one link short of `n`, the last link's end has to see one.
fn hopeless(digit: &Digit, chain: &[usize], n: usize, (base, room): (u32, u32), best: &Option<Found>, victims: CellSet) -> bool {
    // The bonus first: the reach needs the last link's followers listed.
    if room < 3 || best.is_some() {
        let bonus = chain_bonus(&digit.links, chain);
        if bonus > room || !could_beat(best, base + bonus, victims.count() as usize) {
            return true;
        }
    }
    chain.len() + 1 == n && (victims & digit.reach_after(chain[chain.len() - 1])).is_empty()
}

/// The step an open chain of `n` links of digit `d` makes, rated `rating`
/// (`base` its technique's base).
fn chain_hint(topo: &Topology, digit: &Digit, d: usize, chain: &[usize], (base, rating): (u32, u32), victims: CellSet) -> Hint {
    let (links, n) = (&digit.links, chain.len());
    let tech = technique_of(links, chain, rating - base);
    let path = chain.iter().flat_map(|&i| links[i].from.iter().chain(links[i].to.iter()));
    let mut hint = Hint::new(tech, rating)
        .focused(Vec::new(), Vec::new(), Vec::new(), 1 << d)
        .through(path)
        .with_pattern(|p| chain_pattern(p, links, chain, d));
    hint.eliminations.extend(victims.iter().map(|c| (c, d as u8)));
    let grouped = matches!(tech, Technique::GroupedTurbotFish | Technique::GroupedStrongLinks);
    hint.finish_with(topo, |s| {
        if grouped {
            s.push_str(if n == 2 { "grouped turbot fish" } else { "grouped " });
        }
        if !grouped || n > 2 {
            s.push_str(if !grouped { tech.name() } else { plain_technique(n).name() });
        }
        s.push_str(": ");
        write_links(s, topo, links, chain);
        s.push_str(" on ");
        s.push_str(topo.sym(d));
    })
}

/// The technique a chain of these links is, `bonus` its rating above the
/// base: with a grouped link (two box segments of a line, two mini-lines
/// of a box), a grouped turbot fish or grouped strong-linked fish (SE's
/// "Grouped Skyscraper", "Grouped 2-String Kite", "Grouped 3-String
/// Kite"...); else two links with an empty rectangle, an empty rectangle;
/// else by the houses of its links.
fn technique_of(links: &[Link], chain: &[usize], bonus: u32) -> Technique {
    let any = |kind: u8| chain.iter().any(|&i| links[i].kinds & kind != 0);
    match chain.len() {
        2 if any(SEGMENTS) => Technique::GroupedTurbotFish,
        2 if any(GROUPED) => Technique::EmptyRectangle,
        2 if bonus == 0 => Technique::Skyscraper,
        2 if !any(BOX | VARIANT) => Technique::TwoStringKite,
        2 => Technique::TurbotFish,
        _ if any(SEGMENTS) => Technique::GroupedStrongLinks,
        n => plain_technique(n),
    }
}

/// The strong-linked fish of `n` (3 or 4) links.
fn plain_technique(n: usize) -> Technique {
    if n == 3 { Technique::StrongLinks3 } else { Technique::StrongLinks4 }
}

/// Whether the chain's last link ends in cells that all see every cell of
/// its first link's start (they share a house): a loop.
pub(super) fn closes(digit: &Digit, chain: &[usize]) -> bool {
    let (first, last) = (chain[0], chain[chain.len() - 1]);
    digit.links[first].from.minus(&digit.seen_to[last]).is_empty()
}

/// `A=B - C=D - ...`: each link's start `=` its end, ` - ` between links.
pub(super) fn write_links(s: &mut String, topo: &Topology, links: &[Link], chain: &[usize]) {
    for (k, &i) in chain.iter().enumerate() {
        if k > 0 {
            s.push_str(" - ");
        }
        s.push_str(&group_name(topo, &links[i].from));
        s.push('=');
        s.push_str(&group_name(topo, &links[i].to));
    }
}

/// The chain as data: each link's start (false) and end (true), a strong
/// link within each link, a weak one between links.
pub(super) fn chain_pattern(p: &mut super::Pattern, links: &[Link], chain: &[usize], d: usize) {
    use super::hint::{ChainNode, Link as L};
    let mut nodes = Vec::with_capacity(2 * chain.len());
    for (k, &i) in chain.iter().enumerate() {
        for (group, on) in [(&links[i].from, false), (&links[i].to, true)] {
            let cells: Vec<usize> = group.iter().collect();
            for &c in &cells {
                p.candidate(c, d);
            }
            let link = match (k, on) {
                (0, false) => L::Start,
                (_, false) => L::Weak,
                _ => L::Strong,
            };
            nodes.push(ChainNode { cells, digit: d as u8, on, link });
        }
    }
    p.chains.push(nodes);
}

pub(super) fn group_name(topo: &Topology, g: &CellSet) -> String {
    let names: Vec<&str> = g.iter().map(|c| topo.names[c].as_str()).collect();
    if names.len() == 1 { names[0].to_string() } else { format!("({})", names.join(",")) }
}

/// The tenths a chain (or loop) of these links rates above its base: 3
/// with a grouped link, else [`modifier`].
pub(super) fn chain_bonus(links: &[Link], chain: &[usize]) -> u32 {
    let mut kinds = [0u8; 4];
    for (k, &i) in chain.iter().enumerate() {
        kinds[k] = links[i].kinds;
    }
    let kinds = &kinds[..chain.len()];
    // A link only a variant house makes (no row, column or box holds the
    // pair) rates as SE's region types 3 and up: +0.3.
    let variant_only = |k: &u8| k & VARIANT != 0 && k & (ROW | COL | BOX) == 0;
    if kinds.iter().any(|k| k & GROUPED != 0 || variant_only(k)) { 3 } else { modifier(kinds) }
}

/// Sukaku Explainer's link-type bonus, taking the easiest reading of links
/// that lie in two houses.
fn modifier(kinds: &[u8]) -> u32 {
    if kinds.iter().all(|k| k & ROW != 0) || kinds.iter().all(|k| k & COL != 0) {
        return 0;
    }
    for pair in [BOX | ROW, BOX | COL, ROW | COL] {
        if kinds.iter().all(|k| k & pair != 0) {
            return 1;
        }
    }
    2
}

#[cfg(test)]
mod tests {
    use crate::generate::{Generator, Symmetry};
    use crate::grade::{Grader, Technique};
    use crate::layout::Layout;
    use crate::model::Grid;

    /// A grading's path, as the steps' techniques and words.
    fn path(layout: &Layout, givens: &Grid) -> Vec<(Technique, String)> {
        let grader = Grader::new(&layout.cells().unwrap().model).unwrap();
        grader.grade(givens).unwrap().steps.into_iter().map(|s| (s.technique, s.description)).collect()
    }

    /// The link index a thread keeps from one grading to the next changes
    /// no path: classic, jigsaw and diagonal puzzles (the jigsaw of as many
    /// houses and cells as the classic grid) graded in turn on one thread
    /// take the paths each takes on a thread of its own, where the index
    /// starts empty.
    #[test]
    fn an_index_kept_from_another_grid_grades_alike() {
        let layouts = ["classic-9", "jigsaw-9", "diagonal-9"].map(|id| Layout::load(id).unwrap());
        let generators: Vec<Generator> = layouts.iter().map(|l| Generator::new(l, Symmetry::None)).collect();
        let mut puzzles = Vec::new();
        for seed in 1..=8 {
            for (i, g) in generators.iter().enumerate() {
                puzzles.push((i, g.puzzle(seed).unwrap().givens));
            }
        }
        let alone: Vec<_> =
            puzzles.iter().map(|(i, givens)| std::thread::scope(|s| s.spawn(|| path(&layouts[*i], givens)).join().unwrap())).collect();
        let in_turn: Vec<_> = puzzles.iter().map(|(i, givens)| path(&layouts[*i], givens)).collect();
        assert_eq!(alone, in_turn);
        let linked = |t: &Technique| {
            matches!(t, Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish | Technique::EmptyRectangle)
        };
        let with_links = in_turn.iter().filter(|p| p.iter().any(|(t, _)| linked(t))).count();
        assert!(with_links >= 3, "only {with_links} of {} paths use strong links", in_turn.len());
    }
}
