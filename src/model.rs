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

#[derive(Clone, Debug)]
pub struct Model {
    pub alphabet: Alphabet,
    /// Name of each cell for messages, e.g. "r3c5".
    pub cell_names: Vec<String>,
    pub houses: Vec<House>,
    /// Static marks: the symbols each cell may hold.
    pub allowed: Vec<SymbolSet>,
    pub conflicts: Vec<Conflict>,
}

impl Model {
    pub fn cell_count(&self) -> usize {
        self.cell_names.len()
    }

    pub fn symbol_count(&self) -> usize {
        self.alphabet.len()
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
