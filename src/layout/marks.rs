//! Cell mark letters: which symbols a marked cell may hold, and the checks
//! that a picture of marks leaves every house fillable.

use crate::model::{Alphabet, House, SymbolSet};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq)]
pub struct MarkKind {
    pub symbols: SymbolSet,
    /// Plural noun phrase for messages: "even digits".
    pub noun: String,
}

/// The built-in marks (E even, O odd, H above 6, L below 5 — Atlantis's
/// marks) plus the layout's own `mark_symbols`.
pub fn mark_kinds(alphabet: &Alphabet, custom: &BTreeMap<char, SymbolSet>) -> BTreeMap<char, MarkKind> {
    let by_value = |keep: &dyn Fn(u32) -> bool| {
        let mut set = SymbolSet::EMPTY;
        for s in 0..alphabet.len() as u8 {
            if alphabet.value_of(s).is_some_and(keep) {
                set.0 |= 1 << s;
            }
        }
        set
    };
    let mut kinds = BTreeMap::new();
    kinds.insert('E', MarkKind { symbols: by_value(&|v| v % 2 == 0), noun: "even digits".into() });
    kinds.insert('O', MarkKind { symbols: by_value(&|v| v % 2 == 1), noun: "odd digits".into() });
    kinds.insert('H', MarkKind { symbols: by_value(&|v| v > 6), noun: "digits above 6".into() });
    kinds.insert('L', MarkKind { symbols: by_value(&|v| v < 5), noun: "digits below 5".into() });
    for (&letter, &symbols) in custom {
        let text: String = symbols.iter().map(|s| alphabet.char_of(s)).collect();
        kinds.insert(letter, MarkKind { symbols, noun: format!("symbols of {text}") });
    }
    kinds
}

/// Hall's condition for one mark at a time: a house cannot have more cells
/// restricted to a mark's symbols than those symbols fill.
pub fn check_houses(houses: &[House], marks: &[Option<char>], kinds: &BTreeMap<char, MarkKind>) -> Result<(), String> {
    for (&letter, kind) in kinds {
        for house in houses {
            let marked = house.cells.iter().filter(|&&c| marks[c] == Some(letter)).count();
            let room: usize = kind.symbols.iter().map(|s| house.counts[s as usize] as usize).sum();
            if marked > room {
                return Err(format!("{} has {marked} cells marked {letter} but only {room} {}", house.name, kind.noun));
            }
        }
    }
    Ok(())
}
