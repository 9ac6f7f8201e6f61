//! Issue 31: the family seam, kept. `family::of` is the one place that asks
//! which family a layout belongs to; code above the families never names
//! one, never matches a layout's `Kind`, never reaches into a family's
//! layout part or engine, and never parses a grader's step text back. And
//! `family/` is a floor: it imports nothing from the layers that use it.
//!
//! Which code is a family's own ("family internals", not scanned for names):
//! `src/family/` (the trait and each family's implementation) and the
//! engines the families are made of, listed in [`INTERNALS`] with why.
//! Everything else under `src/` is scanned. Test code (`tests.rs` files and
//! everything after a file's `#[cfg(test)]`) and comments are not.
//!
//! The tree scanned is this crate's `src/`; `PUZZLEBOOK_SEAM_ROOT` names
//! another checkout's root (to show what an older tree held).

use std::path::{Path, PathBuf};

/// The families' own code, relative to `src/`: what a family is made of.
const INTERNALS: &[(&str, &str)] = &[
    ("family/", "the family trait and each family's implementation"),
    ("slither/", "the Slitherlink engine"),
    ("nonogram/", "the Nonogram engine"),
    ("killer.rs", "the killer cage engine of the cell family"),
    ("layout/", "each family's part of a layout file (the cell reader, the loop board)"),
    ("model.rs", "the cell family's constraint model"),
    ("solver/", "the cell family's solver"),
    ("generate/", "the cell family's generator"),
    ("grade/", "the cell family's technique grader"),
    ("canon/", "the cell family's canonical keys"),
    ("check/", "the cell family's independent checker"),
    ("score.rs", "the cell family's candidate score"),
    ("snake/", "parity snakes on the cell grid"),
    ("twins.rs", "the cell family's twin-grid search"),
    ("fill.rs", "the cell family's bulk fill benchmark"),
    ("formats/", "each family's text codecs (f-puzzles keys, puzz.link)"),
    ("pdf/", "each family's renderer (`pdf/document.rs` is scanned: it is the page back end)"),
    ("cli/bench.rs", "benchmarks of the cell engines themselves (`puzzlebook bench`)"),
    ("cli/loops.rs", "the Slitherlink engine's own command (`puzzlebook loops`)"),
    ("cli/snake.rs", "the snake engine's own command (`puzzlebook snake`)"),
];

/// Files inside an internal folder that are scanned all the same.
const SCANNED_INSIDE: &[&str] = &["pdf/document.rs"];

/// What code above the families must not hold.
const FORKS: &[(&str, &str)] = &[
    ("\"cells\"", "the cell family's catalog name"),
    ("\"loops\"", "Slitherlink's catalog name"),
    ("\"nonogram\"", "Nonogram's name"),
    ("Kind::", "a match on a layout's family part"),
    (".cells()", "a reach into the cell family's layout part"),
    ("load_cells(", "a reach into the cell family's layout part"),
    ("CellLayout", "the cell family's layout part"),
    ("name() == \"", "a family told apart by its name"),
    ("crate::slither", "the Slitherlink engine"),
    ("crate::nonogram", "the Nonogram engine"),
    ("crate::killer", "the killer engine"),
    ("split_once(\" => \")", "a grader step's text parsed back"),
    ("\"hidden single: \"", "a grader step's text parsed back"),
    ("\"full house: \"", "a grader step's text parsed back"),
];

/// Modules `family/` must not import: the layers that use it.
const ABOVE_FAMILY: &[&str] = &["book", "store", "cli", "validate", "batch", "studio", "import", "preflight", "art"];

/// Edges from `family/` to a layer above it that are known and allowed:
/// none (the cell family's hint words, `describe` and `Names`, moved from
/// `book/hints.rs` to `family/hint.rs`).
const KNOWN_EDGES: &[(&str, &str)] = &[];

fn root() -> PathBuf {
    std::env::var_os("PUZZLEBOOK_SEAM_ROOT").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from).join("src")
}

/// Every `.rs` file under `dir`, as (path relative to `src/`, code): test
/// files skipped, test sections and comments cut.
fn sources(src: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "tests") {
                    dirs.push(path);
                }
                continue;
            }
            let name = path.file_name().unwrap().to_string_lossy();
            if !name.ends_with(".rs") || name == "tests.rs" || name.ends_with("_tests.rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap().to_string_lossy().replace('\\', "/");
            out.push((rel, code_of(&std::fs::read_to_string(&path).unwrap())));
        }
    }
    out.sort();
    out
}

/// A file's code without its test module (`#[cfg(test)] mod x { … }`, at
/// the end of the file by the project's custom) and comments.
fn code_of(text: &str) -> String {
    let inline_tests = text.match_indices("#[cfg(test)]").map(|(at, _)| at).find(|&at| {
        let after = text[at + "#[cfg(test)]".len()..].trim_start();
        after.starts_with("mod ") && after.lines().next().is_some_and(|l| l.contains('{'))
    });
    let text = inline_tests.map_or(text, |at| &text[..at]);
    text.lines()
        .map(|line| {
            let trimmed = line.trim_start();
            if trimmed.starts_with("//") {
                return "";
            }
            // A trailing comment starts at ` //` (a URL's `://` has no space).
            line.find(" //").map_or(line, |at| &line[..at])
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `line` holds `fork`, as a whole name where it starts with one
/// (`Kind::` but not `ErrorKind::`).
fn holds(line: &str, fork: &str) -> bool {
    let word = fork.starts_with(|c: char| c.is_ascii_alphanumeric());
    line.match_indices(fork).any(|(at, _)| !word || !line[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
}

fn is_internal(rel: &str) -> bool {
    !SCANNED_INSIDE.contains(&rel) && INTERNALS.iter().any(|(p, _)| if p.ends_with('/') { rel.starts_with(p) } else { rel == *p })
}

/// The top-level modules a file's code names (`crate::x`, `crate::{x, y::z}`).
fn imports(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for part in group[..end].split(',') {
                let name: String = part.trim().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                found.push(name);
            }
        } else {
            found.push(rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect());
        }
    }
    found.retain(|n| !n.is_empty());
    found
}

fn forks_above_family(src: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for (rel, code) in sources(src) {
        if is_internal(&rel) {
            continue;
        }
        for (n, line) in code.lines().enumerate() {
            for (fork, what) in FORKS {
                if holds(line, fork) {
                    found.push(format!("src/{rel}:{}: {what} ({fork}): {}", n + 1, line.trim()));
                }
            }
        }
    }
    found
}

fn family_imports_above(src: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for (rel, code) in sources(src) {
        if !rel.starts_with("family/") {
            continue;
        }
        for module in imports(&code) {
            if ABOVE_FAMILY.contains(&module.as_str()) && !KNOWN_EDGES.contains(&(rel.as_str(), module.as_str())) {
                found.push(format!("src/{rel} imports crate::{module}"));
            }
        }
    }
    found
}

/// Module edges that the seam forbids beside `family/`'s own.
fn other_edges(src: &Path) -> Vec<String> {
    let forbidden: &[(&str, &str)] = &[("store/", "validate"), ("store/", "family"), ("pdf/document.rs", "store"), ("record.rs", "store")];
    let mut found = Vec::new();
    for (rel, code) in sources(src) {
        for (from, to) in forbidden {
            if rel.starts_with(from) && imports(&code).iter().any(|m| m == to) {
                found.push(format!("src/{rel} imports crate::{to}"));
            }
        }
    }
    found
}

#[test]
fn no_family_is_named_above_the_families() {
    let found = forks_above_family(&root());
    assert!(found.is_empty(), "forks above family/ (only `family::of` may tell families apart):\n{}", found.join("\n"));
}

#[test]
fn family_imports_nothing_from_the_layers_above_it() {
    let found = family_imports_above(&root());
    assert!(found.is_empty(), "family/ must be a floor:\n{}", found.join("\n"));
}

#[test]
fn the_catalog_the_checker_and_the_page_back_end_keep_apart() {
    let found = other_edges(&root());
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The scanner itself: it finds what it looks for, and not in comments or tests.
#[test]
fn the_scanner_sees_forks_and_imports_and_skips_comments_and_tests() {
    let code = code_of(
        "#[cfg(test)]\nmod tests;\nuse crate::{book::hints, layout::Kind};\nlet x = crate::store::fingerprint(s); // crate::cli\n// Kind::Cells\nmatch k { Kind::Cells(_) => 1 }\n#[cfg(test)]\nmod tests { \"cells\" }",
    );
    assert_eq!(imports(&code), ["book", "layout", "store"]);
    assert!(code.contains("Kind::Cells(_)") && !code.contains("\"cells\"") && !code.contains("crate::cli"));
    assert!(holds("match k { Kind::Cells(_) }", "Kind::") && !holds("std::io::ErrorKind::BrokenPipe", "Kind::"));
    assert!(
        is_internal("slither/board.rs") && is_internal("family/mod.rs") && !is_internal("pdf/document.rs") && !is_internal("book/front.rs")
    );
}
