//! Hints: a deduction ready to apply, its text, and the batch of extra
//! chain steps applied along with it.

use super::Technique;
use super::board::{Mask, Topology, bits, symbol_char};

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
        Hint { technique, rating, placements: Vec::new(), eliminations: Vec::new(), description: String::new(), focus: Focus::default() }
    }

    /// Records where the pattern lies (see [`Focus`]).
    pub fn focused(mut self, houses: Vec<usize>, acts_on: Vec<usize>, cells: Vec<usize>, digits: Mask) -> Hint {
        self.focus = Focus { houses, acts_on, cells, digits: bits(digits).map(|d| d as u8).collect(), path: Vec::new(), sum: None };
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
            s.push(symbol_char(d as usize));
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

/// "{1,5,7}" for a mask.
pub(crate) fn digit_list(m: Mask) -> String {
    let mut s = String::from("{");
    for (i, d) in bits(m).enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push(symbol_char(d));
    }
    s.push('}');
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
