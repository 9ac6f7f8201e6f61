//! A fast, honest fill for the scale bench (`puzzlebook bench-fill`, hidden):
//! `generate` makes a classic-9 puzzle in milliseconds, so ten million
//! genuine ones would take hours on two cores. The fill instead generates a
//! few dozen base puzzles with the generator, then makes each bench puzzle
//! from one base by adding 3 to 6 givens of the base's solution (drawn from a
//! seeded hash of the puzzle's number). Each one goes through what `import`
//! does to a puzzle (`Family::admit`): the count-to-2 solver proves it has
//! exactly one solution, the grader grades it, and its score, level and
//! canonical key are computed; it is stored through the catalog's chunk
//! insert (deduplicated by canonical key) at `generate`'s commit cadence, with `minimal` no (a given added
//! to a unique puzzle can always go again). The rows are real, distinct,
//! unique puzzles that `validate` passes; they are easier and less varied
//! than generated ones, which is what a storage bench needs.

use crate::family::Family;
use crate::layout::Layout;
use crate::store::{Catalog, NewPuzzle};
use anyhow::{Context, Result, bail};
use rayon::prelude::*;

/// What a fill did.
#[derive(Clone, Copy, Debug, Default)]
pub struct Filled {
    pub stored: u64,
    pub duplicates: u64,
    pub bases: usize,
}

/// Puzzles made and stored in the first transaction; the later ones are
/// sized to `generate`'s cadence ([`crate::batch::Cadence`]: on SQLite about
/// 40,000 puzzles) unless `commit` says how many puzzles a transaction holds.
pub const FILL_CHUNK: usize = 2000;
/// The most puzzles a transaction of the fill holds.
const FILL_CHUNK_MAX: u64 = 200_000;

fn mix(mut x: u64) -> u64 {
    // splitmix64: a fixed, well-spread hash of the puzzle's number.
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Puzzle `n` of the fill: base `n % bases`, plus 3–6 of its solution's
/// digits in empty cells chosen by `mix(seed + n)`.
fn variant(base: &NewPuzzle, seed: u64, n: u64) -> String {
    let mut givens: Vec<char> = base.givens.chars().collect();
    let solution: Vec<char> = base.solution.chars().collect();
    let empty: Vec<usize> = (0..givens.len()).filter(|&i| !givens[i].is_ascii_alphanumeric() || givens[i] == '0').collect();
    let mut h = mix(seed ^ n.wrapping_mul(0x2545_f491_4f6c_dd1d));
    let extra = 3 + (h % 4) as usize;
    let mut taken = 0;
    while taken < extra.min(empty.len()) {
        h = mix(h);
        let cell = empty[(h % empty.len() as u64) as usize];
        if givens[cell] != solution[cell] {
            givens[cell] = solution[cell];
            taken += 1;
        }
    }
    givens.into_iter().collect()
}

/// Fills `catalog` with `count` new puzzles of `layout` (a sudoku-family
/// layout whose puzzles `import` takes), on `jobs` threads (0: all cores);
/// `on_chunk` hears the running total after each stored chunk.
pub fn fill(
    catalog: &Catalog,
    layout: &Layout,
    count: u64,
    seed: u64,
    jobs: usize,
    commit: Option<u64>,
    mut on_chunk: impl FnMut(u64),
) -> Result<Filled> {
    let family: Box<dyn Family> = crate::family::open(layout.clone());
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    // Enough bases that few variants repeat: a base of 24 givens has
    // C(57, 3) = 29,260 three-given variants alone.
    let wanted = (count / 20_000).clamp(16, 256) as usize;
    let bases: Vec<NewPuzzle> = pool.install(|| {
        (0..wanted as u64 * 4).into_par_iter().filter_map(|i| family.make(seed.wrapping_add(i), None).ok().flatten()).collect::<Vec<_>>()
    });
    let bases: Vec<NewPuzzle> = bases.into_iter().take(wanted).collect();
    if bases.is_empty() {
        bail!("{}: the generator made no base puzzle to fill from", layout.id);
    }
    let mut done = Filled { bases: bases.len(), ..Filled::default() };
    let mut n = 0u64;
    let mut dry = 0;
    let mut chunk = commit.unwrap_or(FILL_CHUNK as u64).max(1);
    while done.stored < count {
        let started = std::time::Instant::now();
        let want = (count - done.stored).min(chunk);
        let made: Vec<NewPuzzle> = pool.install(|| {
            (n..n + want)
                .into_par_iter()
                .filter_map(|i| {
                    let base = &bases[(i % bases.len() as u64) as usize];
                    let mut p = family.admit(&variant(base, seed, i)).ok()?;
                    p.seed = i;
                    p.minimal = Some(false);
                    Some(p)
                })
                .collect()
        });
        n += want;
        let new = catalog
            .store_import(layout, family.name(), "bench-fill", "bench-fill (see src/fill.rs)", &made)
            .with_context(|| format!("storing fill puzzles {}..{}", n - want, n))?
            .1;
        let added = new.iter().filter(|&&b| b).count() as u64;
        done.stored += added;
        done.duplicates += made.len() as u64 - added;
        dry = if added == 0 { dry + 1 } else { 0 };
        if dry >= 5 {
            bail!("the fill makes only duplicates (after {} new puzzles)", done.stored);
        }
        on_chunk(done.stored);
        let took = started.elapsed().as_secs_f64().max(1e-3);
        chunk = match commit {
            Some(n) => n.max(1),
            None => {
                let per_second = added as f64 / took;
                ((want as f64 * crate::batch::Cadence::of(catalog).seconds(per_second) / took) as u64).clamp(1, FILL_CHUNK_MAX)
            }
        };
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fill_stores_distinct_unique_puzzles_that_validate_passes() {
        let place = crate::store::scratch::Scratch::sqlite("fill");
        let catalog = Catalog::open(&place.target).unwrap();
        let layout = Layout::load("classic-4").unwrap();
        let filled = fill(&catalog, &layout, 30, 7, 1, None, |_| {}).unwrap();
        assert_eq!(filled.stored, 30);
        let rows = catalog.puzzles(None, None).unwrap();
        assert_eq!(rows.len(), 30);
        let keys: std::collections::HashSet<_> = rows.iter().map(|r| r.canonical.clone()).collect();
        assert_eq!(keys.len(), 30, "distinct canonical keys");
        let checked = crate::validate::validate_catalog(&catalog, None, true, 1, false, 7, |r, p| panic!("{}: {p}", r.id), |_, _| {});
        assert_eq!(checked.unwrap().passed, 30);
    }
}
