//! Hints: a deduction ready to apply, its text, and the batch of extra
//! chain steps applied along with it.

use super::Technique;
use super::board::{Mask, Topology, bits};

/// A deduction found by a technique, ready to apply.
#[derive(Clone, Debug)]
pub(crate) struct Hint {
    pub technique: Technique,
    /// SE rating in tenths (23 = 2.3).
    pub rating: u32,
    pub placements: Vec<(usize, u8)>,
    pub eliminations: Vec<(usize, u8)>,
    pub description: String,
    /// Where the pattern lies, for a reader's hint (empty where a technique
    /// does not say).
    pub focus: Focus,
    /// The pattern as data (only while steps are described; completed from
    /// `focus` where a technique leaves parts out: see [`Pattern::complete`]).
    pub pattern: Pattern,
}

/// The pattern a step stands on, as data a reader's view can draw: its
/// houses and cells with the part each plays, the candidates (cell,
/// 0-based symbol) that form it as they were before the step, and for a
/// chain its nodes with their links (one chain; a forcing step's branches,
/// one chain each from its source).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pattern {
    pub houses: Vec<PatternHouse>,
    pub cells: Vec<PatternCell>,
    pub candidates: Vec<(usize, u8)>,
    pub chains: Vec<Vec<ChainNode>>,
}

/// A house of a pattern: its part, its name ("row 4") and its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternHouse {
    pub part: Part,
    pub name: String,
    pub cells: Vec<usize>,
}

/// A cell of a pattern and the part it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternCell {
    pub part: Part,
    pub cell: usize,
}

/// The part a house or cell plays in a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// A fish's base line; the house a subset, intersection or set lies in.
    Base,
    /// A fish's cover line; the house an intersection clears.
    Cover,
    /// A fish's fin (a cell of the base outside the cover).
    Fin,
    /// A wing's pivot.
    Pivot,
    /// A wing's pincer (the cells the eliminations must see).
    Pincer,
    /// A cell of a subset, an almost locked set or an intersection.
    Member,
    /// A corner of a unique rectangle or loop; a BUG's cell.
    Corner,
    /// Where a forcing chain starts (a cell, or the places of a digit).
    Source,
    /// The cells of a killer sum.
    Sum,
    /// A cell filled from the solution (a guess) or by a single.
    Placed,
}

/// One node of a chain: a candidate (or a group of cells for one digit),
/// whether the chain makes it true (`on`) or false, and the link that
/// leads to it from the node before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainNode {
    pub cells: Vec<usize>,
    pub digit: u8,
    pub on: bool,
    pub link: Link,
}

/// How a chain node follows the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// The first node.
    Start,
    /// If the node before is false, this one is true (a conjugate pair, a
    /// bivalue cell): written `=`.
    Strong,
    /// If the node before is true, this one is false (they see each other,
    /// or share a cell): written `-`.
    Weak,
    /// An implication of a forcing chain that leans on earlier nodes of its
    /// branch (a single left once they are set): written `->`.
    Forced,
}

impl Link {
    /// The link from a node of truth `from` to one of truth `to` in an
    /// implication chain (on then off: weak; off then on: strong).
    pub fn between(from: bool, to: bool) -> Link {
        match (from, to) {
            (true, false) => Link::Weak,
            (false, true) => Link::Strong,
            _ => Link::Forced,
        }
    }

    pub fn sign(self) -> &'static str {
        match self {
            Link::Start => "",
            Link::Strong => "=",
            Link::Weak => "-",
            Link::Forced => "->",
        }
    }
}

impl Pattern {
    pub fn is_empty(&self) -> bool {
        self.houses.is_empty() && self.cells.is_empty() && self.candidates.is_empty() && self.chains.is_empty()
    }

    pub(crate) fn house(&mut self, topo: &Topology, part: Part, h: usize) {
        self.houses.push(PatternHouse { part, name: topo.houses[h].name.clone(), cells: topo.houses[h].cells.clone() });
    }

    pub(crate) fn cell(&mut self, part: Part, cell: usize) {
        self.cells.push(PatternCell { part, cell });
    }

    /// Adds a candidate once.
    pub(crate) fn candidate(&mut self, cell: usize, d: usize) {
        if !self.candidates.contains(&(cell, d as u8)) {
            self.candidates.push((cell, d as u8));
        }
    }

    /// Adds every candidate of `mask` in `cell`.
    pub(crate) fn candidates_of(&mut self, cell: usize, mask: Mask) {
        for d in bits(mask) {
            self.candidate(cell, d);
        }
    }

    /// An implication chain of node ids (`(cell * ns + digit) * 2 + on`),
    /// its candidates added.
    pub(crate) fn implications(&mut self, ns: usize, nodes: &[u32], forced: bool) {
        let mut chain: Vec<ChainNode> = Vec::with_capacity(nodes.len());
        for &n in nodes {
            let ci = (n >> 1) as usize;
            let (c, d, on) = (ci / ns, ci % ns, n & 1 == 1);
            let link = match chain.last() {
                None => Link::Start,
                Some(prev) => match Link::between(prev.on, on) {
                    Link::Strong if forced => Link::Forced,
                    link => link,
                },
            };
            self.candidate(c, d);
            chain.push(ChainNode { cells: vec![c], digit: d as u8, on, link });
        }
        self.chains.push(chain);
    }

    /// Completes a pattern from a hint's [`Focus`] where the technique left
    /// parts out (houses, cells, candidates): the focus's houses as bases,
    /// the houses it acts on as covers, its cells as members, a sum's cells;
    /// the candidates of the pattern's digits in its cells and houses (all
    /// of them without digits), never one the step removes; a step with
    /// no pattern at all (a single, a guess) stands on what it places.
    pub(crate) fn complete(&mut self, topo: &Topology, hint: &Hint, candidates: &[u32]) {
        let focus = &hint.focus;
        if self.houses.is_empty() {
            for &h in &focus.houses {
                self.house(topo, Part::Base, h);
            }
            for &h in &focus.acts_on {
                self.house(topo, Part::Cover, h);
            }
        }
        if self.cells.is_empty() {
            for &c in &focus.cells {
                self.cell(Part::Member, c);
            }
            if focus.sum.is_some() {
                for &c in &focus.path {
                    self.cell(Part::Sum, c);
                }
            }
        }
        if self.candidates.is_empty() {
            let digits: u32 = if focus.digits.is_empty() { u32::MAX } else { focus.digits.iter().fold(0, |m, &d| m | 1 << d) };
            let mut cells: Vec<usize> = focus.cells.clone();
            if focus.sum.is_some() {
                cells.extend(focus.path.iter().copied());
            }
            if !focus.digits.is_empty() {
                for &h in &focus.houses {
                    cells.extend(topo.houses[h].cells.iter().copied().filter(|&c| candidates.get(c).is_some_and(|m| m & digits != 0)));
                }
            }
            cells.sort_unstable();
            cells.dedup();
            for c in cells {
                let mask = candidates.get(c).copied().unwrap_or(0) & digits;
                for d in (0..32u8).filter(|d| mask & (1 << d) != 0) {
                    if !hint.eliminations.contains(&(c, d)) {
                        self.candidate(c, d as usize);
                    }
                }
            }
        }
        if self.is_empty() {
            for &(c, d) in &hint.placements {
                self.cell(Part::Placed, c);
                self.candidate(c, d as usize);
            }
        }
    }
}

/// The pattern behind a deduction, in the layout's terms: the houses to
/// look at, the houses it acts on, its cells and its digits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Focus {
    /// Houses to look at (the box of a pointing pair, a fish's base lines).
    pub houses: Vec<usize>,
    /// Houses the deduction acts on (the line a pointing pair clears, a
    /// fish's cover lines).
    pub acts_on: Vec<usize>,
    /// The pattern's cells (a subset's cells, a wing's pivot first).
    pub cells: Vec<usize>,
    /// The pattern's digits, 0-based.
    pub digits: Vec<u8>,
    /// The cells a chain or a one-digit pattern (skyscraper, kite, X-chain)
    /// runs through, in its order, for a reader's hint; kept apart from
    /// `cells`, whose candidates a step's `uses` lists.
    pub path: Vec<usize>,
    /// The sum a killer step stands on (a cage's, or the rule of 45's
    /// cells'), its cells in `path`.
    pub sum: Option<u32>,
}

impl Hint {
    pub fn new(technique: Technique, rating: u32) -> Hint {
        Hint {
            technique,
            rating,
            placements: Vec::new(),
            eliminations: Vec::new(),
            description: String::new(),
            focus: Focus::default(),
            pattern: Pattern::default(),
        }
    }

    /// Records where the pattern lies (see [`Focus`]).
    pub fn focused(mut self, houses: Vec<usize>, acts_on: Vec<usize>, cells: Vec<usize>, digits: Mask) -> Hint {
        self.focus = Focus { houses, acts_on, cells, digits: bits(digits).map(|d| d as u8).collect(), path: Vec::new(), sum: None };
        self
    }

    /// Records the pattern as data (see [`Pattern`]); `build` is only called
    /// when steps are described.
    pub fn with_pattern(mut self, build: impl FnOnce(&mut Pattern)) -> Hint {
        if DESCRIBING.get() {
            build(&mut self.pattern);
        }
        self
    }

    /// Records the cells of a sum and the sum (see [`Focus::sum`]).
    pub fn summing(mut self, cells: &[usize], sum: u32) -> Hint {
        self.focus.path = cells.to_vec();
        self.focus.sum = Some(sum);
        self
    }

    /// Records the cells a chain runs through (see [`Focus::path`]).
    /// Only when steps are described: a rating alone never reads it, and the
    /// path is not walked (a lazy iterator costs nothing untouched).
    pub fn through(mut self, path: impl IntoIterator<Item = usize>) -> Hint {
        if !DESCRIBING.get() {
            return self;
        }
        for c in path {
            if !self.focus.path.contains(&c) {
                self.focus.path.push(c);
            }
        }
        self
    }

    /// The description: `head()`, then " => r1c2=5" / " => r1c2<>5,
    /// r3c4<>5". `head` is only called when steps are described (a rating
    /// alone throws the text away).
    pub fn finish(self, topo: &Topology, head: impl FnOnce() -> String) -> Hint {
        self.finish_with(topo, |s| s.push_str(&head()))
    }

    /// [`Hint::finish`] with the head written piece by piece straight into
    /// the description.
    pub fn finish_with(mut self, topo: &Topology, head: impl FnOnce(&mut String)) -> Hint {
        if !DESCRIBING.get() {
            return self;
        }
        let mut s = String::with_capacity(48 + 16 * (self.placements.len() + self.eliminations.len()));
        head(&mut s);
        s.push_str(" => ");
        // Pushed piece by piece: the easy steps are most of a grading's
        // steps, and `write!` costs more than finding them.
        let placed = self.placements.iter().map(|&p| (p, "="));
        for (i, ((c, d), sign)) in placed.chain(self.eliminations.iter().map(|&e| (e, "<>"))).enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            s.push_str(&topo.names[c]);
            s.push_str(sign);
            s.push_str(topo.sym(d as usize));
        }
        self.description = s;
        self
    }
}

thread_local! {
    /// Whether hints get their text: a rating alone needs none, and the
    /// text of the easy steps costs more than finding them. Set for one
    /// grading at a time by [`Describing::set`]; on (the default) elsewhere.
    static DESCRIBING: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Whether steps are being described (see [`Hint::with_pattern`]).
pub(crate) fn describing() -> bool {
    DESCRIBING.get()
}

/// Describes hints (or not) until dropped, then restores the setting.
pub(crate) struct Describing(bool);

impl Describing {
    pub fn set(describe: bool) -> Describing {
        Describing(DESCRIBING.replace(describe))
    }
}

impl Drop for Describing {
    fn drop(&mut self) {
        DESCRIBING.set(self.0);
    }
}

/// Houses in few words: "rows 2,7" when they are all numbered houses of
/// one kind ("row 2", "row 7"), else their names ("row 2, region 5").
pub(crate) fn house_group(topo: &Topology, houses: &[usize]) -> String {
    let names: Vec<&str> = houses.iter().map(|&h| topo.houses[h].name.as_str()).collect();
    let split: Vec<Option<(&str, &str)>> =
        names.iter().map(|n| n.rsplit_once(' ').filter(|(_, k)| !k.is_empty() && k.chars().all(|c| c.is_ascii_digit()))).collect();
    match split.first().copied().flatten() {
        Some((kind, _)) if names.len() > 1 && split.iter().all(|s| s.is_some_and(|(k, _)| k == kind)) => {
            let numbers: Vec<&str> = split.iter().flatten().map(|(_, n)| *n).collect();
            format!("{kind}s {}", numbers.join(","))
        }
        _ => names.join(", "),
    }
}

/// "r1c2,r1c5" for a list of cells.
pub(crate) fn cell_list(topo: &Topology, cells: impl IntoIterator<Item = usize>) -> String {
    let mut s = String::new();
    for (i, c) in cells.into_iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&topo.names[c]);
    }
    s
}

/// What a hint does: its placements and eliminations.
type Effect = (Vec<(usize, u8)>, Vec<(usize, u8)>);

/// Steps that lost to the chosen one in an exhaustive search but are no
/// harder than the grade after it. They are valid deductions on the same
/// grid, so the grader applies them at once: SE would mostly take them one
/// by one in the next searches, and they cannot raise the grade. This saves
/// most of the repeated chain searches on hard puzzles.
#[derive(Default)]
pub(crate) struct Batch {
    extras: Vec<(u32, Hint)>,
    ready: Vec<Hint>,
    chosen: Option<Effect>,
}

impl Batch {
    pub fn clear(&mut self) {
        self.extras.clear();
        self.ready.clear();
        self.chosen = None;
    }

    pub fn offer(&mut self, rating: u32, hint: Hint) {
        self.extras.push((rating, hint));
    }

    /// The search returns `chosen`; keep the extras no harder than `limit`.
    pub fn settle(&mut self, limit: u32, chosen: &Hint) {
        let mut seen = vec![(chosen.placements.clone(), chosen.eliminations.clone())];
        for (r, h) in std::mem::take(&mut self.extras) {
            let key = (h.placements.clone(), h.eliminations.clone());
            if r <= limit && !seen.contains(&key) {
                seen.push(key);
                self.ready.push(h);
            }
        }
        self.chosen = Some((chosen.placements.clone(), chosen.eliminations.clone()));
    }

    /// The extras to apply with `chosen` (none if another search found it).
    pub fn take(&mut self, chosen: &Hint, limit: u32) -> Vec<Hint> {
        let mut ready = std::mem::take(&mut self.ready);
        let ours = self.chosen.take().is_some_and(|(p, e)| p == chosen.placements && e == chosen.eliminations);
        if !ours {
            ready.clear();
        }
        ready.retain(|h| h.rating <= limit);
        ready
    }
}
