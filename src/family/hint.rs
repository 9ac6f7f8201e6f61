//! A book's hint for one puzzle, as a family words it (plain data: the
//! book flows and draws it; `Family::hint` returns it, so the family trait
//! speaks no book type).

/// One puzzle's hint, in a reader's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// Stage 1: the technique and where to look ("Look for a naked pair in
    /// row 4."), or that singles solve the whole puzzle.
    pub look: String,
    /// Stage 2: what the step finds ("r4c5 and r4c6 hold only 3 and 7: it
    /// removes 3 and 7 from r4c1 and r4c9."); `None` for singles only.
    pub finds: Option<String>,
    /// How the hint names cells, for the section's introduction ("r4c7 is
    /// row 4, column 7"); `None` when it names none.
    pub naming: Option<String>,
}
