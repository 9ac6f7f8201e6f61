//! `puzzlebook bench`: puzzles/second for the uniqueness check on the shared
//! data sets and for minimal-puzzle generation, single thread.

use crate::generate::{Generator, Symmetry};
use crate::layout::Layout;
use crate::puzzle_file::read_puzzle_lines;
use crate::solver::Solver;
use anyhow::Context;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Folder with 17-clue.txt, top1465.txt, hardest-1106.txt, multi-solution.txt.
    #[arg(long, default_value = "../shared/data/sudoku")]
    pub data: PathBuf,
    /// Seconds to spend generating each layout.
    #[arg(long, default_value_t = 5.0)]
    pub seconds: f64,
    /// Only the variant layouts' generation times (median per puzzle).
    #[arg(long)]
    pub variants: bool,
    /// Only the count-to-2 figures and classic-9 generation.
    #[arg(long)]
    pub solver: bool,
}

pub fn run(args: BenchArgs) -> anyhow::Result<()> {
    if args.variants {
        return bench_variants(args.seconds);
    }
    let (classic_layout, classic) = Layout::load_cells("classic-9")?;
    // The solver callers get (the 9×9 fast path here) and, for comparison,
    // the generic engine on the same model.
    let solvers = [("", Solver::new(&classic.model)), (" generic", Solver::generic(&classic.model))];
    println!("count-to-2 (uniqueness check), one thread{}:", if solvers[0].1.is_fast() { ", 9×9 fast path" } else { "" });
    for (file, expect_unique) in [("17-clue.txt", true), ("top1465.txt", true), ("hardest-1106.txt", true), ("multi-solution.txt", false)] {
        let path = args.data.join(file);
        let lines = read_puzzle_lines(&path)?;
        let grids = lines
            .iter()
            .map(|l| classic.model.parse_grid(&l.text).with_context(|| format!("{}: line {}", path.display(), l.line)))
            .collect::<anyhow::Result<Vec<_>>>()?;
        for (label, solver) in &solvers {
            // Best of three passes: the figure should not depend on a cold cache.
            let mut best = Duration::MAX;
            let (mut wrong, mut nodes) = (0, 0);
            for _ in 0..3 {
                let start = Instant::now();
                (wrong, nodes) = (0, 0);
                for grid in &grids {
                    let count = solver.count(grid, 2);
                    wrong += usize::from((count.solutions == 1) != expect_unique);
                    nodes += count.stats.nodes;
                }
                best = best.min(start.elapsed());
            }
            let name = format!("{file}{label}");
            println!(
                "  {name:28} {:6} puzzles  {:>10.0} puzzles/s  {:>8.2} µs/puzzle  {:>7.1} nodes/puzzle  wrong verdicts: {wrong}",
                grids.len(),
                grids.len() as f64 / best.as_secs_f64(),
                best.as_secs_f64() * 1e6 / grids.len() as f64,
                nodes as f64 / grids.len() as f64
            );
        }
    }
    let canon = crate::canon::Canonicalizer::for_cells(&classic);
    let lines = read_puzzle_lines(&args.data.join("17-clue.txt"))?;
    let grids: Vec<_> = lines.iter().filter_map(|l| classic.model.parse_grid(&l.text).ok()).collect();
    let start = Instant::now();
    let distinct: std::collections::HashSet<String> = grids.iter().map(|g| canon.key(g)).collect();
    let secs = start.elapsed().as_secs_f64();
    println!(
        "canonical keys (sudoku group): {:.0} puzzles/s on 17-clue.txt, {} distinct of {}",
        grids.len() as f64 / secs,
        distinct.len(),
        grids.len()
    );
    println!("generation of minimal unique puzzles, one thread, {} s each:", args.seconds);
    let ids: &[&str] = if args.solver { &["classic-9"] } else { &["classic-9", "classic-16"] };
    for &id in ids {
        let layout = Layout::load(id)?;
        let generator = Generator::new(&layout, Symmetry::None);
        let start = Instant::now();
        let (mut made, mut clues) = (0u64, 0usize);
        while start.elapsed().as_secs_f64() < args.seconds || made == 0 {
            let p = generator.puzzle(made + 1)?;
            clues += p.givens.given_count();
            made += 1;
        }
        let secs = start.elapsed().as_secs_f64();
        println!("  {id:20} {made:6} puzzles  {:>10.1} puzzles/s  mean clues {:.1}", made as f64 / secs, clues as f64 / made as f64);
    }
    if args.solver {
        return Ok(());
    }
    bench_parallel_generation(&classic_layout, args.seconds)?;
    bench_grading(&classic, &args.data)?;
    bench_snakes();
    bench_variants(args.seconds)?;
    bench_book(&classic_layout)
}

/// The variant layouts: time to generate one minimal unique puzzle, median
/// and worst over as many seeds as fit in `seconds` (at least 11). Goals:
/// samurai ≤ 2 s median, pie-12 and stars-stripes-12 ≤ 0.5 s.
fn bench_variants(seconds: f64) -> anyhow::Result<()> {
    println!("variant layouts, one minimal unique puzzle, one thread (median / 90th percentile / worst):");
    let ids = [
        "atlantis-9",
        "islands-9",
        "trividoku-9",
        "stars-stripes-12",
        "pie-12",
        "twodoku",
        "sudoku-mix",
        "triathlon",
        "butterfly",
        "flower",
        "samurai",
        "sohei",
        "windmill",
        "tridoku",
    ];
    for id in ids {
        let layout = Layout::load(id)?;
        let generator = Generator::new(&layout, Symmetry::None);
        let start = Instant::now();
        let mut times = Vec::new();
        while start.elapsed().as_secs_f64() < seconds || times.len() < 11 {
            let one = Instant::now();
            generator.puzzle(times.len() as u64 + 1)?;
            times.push(one.elapsed().as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize] * 1e3;
        println!("  {id:20} {:5} puzzles  {:>9.1} ms  {:>9.1} ms  {:>9.1} ms", times.len(), at(0.5), at(0.9), at(1.0));
    }
    Ok(())
}

/// The technique grader: speed by Sudoku Explainer band (issue goals:
/// ≥ 2,000/s at SE ≤ 4.5, ≥ 100/s at SE ≥ 7) and the calibration figures.
fn bench_grading(classic: &crate::layout::CellLayout, data: &std::path::Path) -> anyhow::Result<()> {
    let path = data.join("se-rated.txt");
    let grader = crate::grade::Grader::new(&classic.model).context("classic-9 has a grader")?;
    let mut bands: [(&str, Vec<crate::model::Grid>); 2] = [("SE <= 4.5", Vec::new()), ("SE >= 7.0", Vec::new())];
    let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split_whitespace();
        let (Some(puzzle), Some(Ok(rating))) = (fields.next(), fields.next().map(str::parse::<f32>)) else { continue };
        let Ok(grid) = classic.model.parse_grid(puzzle) else { continue };
        match rating {
            r if r <= 4.5 => bands[0].1.push(grid),
            r if r >= 7.0 => bands[1].1.push(grid),
            _ => {}
        }
    }
    println!("technique grading, one thread, se-rated.txt:");
    for (name, grids) in &bands {
        let start = Instant::now();
        for grid in grids {
            std::hint::black_box(grader.grade(grid));
        }
        let secs = start.elapsed().as_secs_f64();
        println!("  {name:20} {:6} puzzles  {:>10.0} puzzles/s", grids.len(), grids.len() as f64 / secs);
    }
    print!("calibration against SE: {}", crate::grade::calibration(&path));
    Ok(())
}

/// The exact parity-snake enumeration (variants.md §2), best of three.
fn bench_snakes() {
    use crate::snake::{Options, enumerate};
    for options in [Options::default(), Options { no_diagonal_touch: true }] {
        let mut best = Duration::MAX;
        let mut count = 0;
        for _ in 0..3 {
            let start = Instant::now();
            count = enumerate(&options).len();
            best = best.min(start.elapsed());
        }
        let rule = if options.no_diagonal_touch { "no diagonal touching" } else { "diagonal touching allowed" };
        println!("parity snakes ({rule}): {count} in {:.0} ms, one thread", best.as_secs_f64() * 1000.0);
    }
}

/// Generation on every core in memory (rayon, as `generate --jobs` uses it
/// but without the catalog): what a batch's storage overhead is measured against.
fn bench_parallel_generation(layout: &Layout, seconds: f64) -> anyhow::Result<()> {
    use rayon::prelude::*;
    let generator = Generator::new(layout, Symmetry::None);
    let threads = rayon::current_num_threads();
    let start = Instant::now();
    let mut made = 0u64;
    while start.elapsed().as_secs_f64() < seconds || made == 0 {
        let chunk = 256 * threads as u64;
        let results: Vec<_> = (made..made + chunk).into_par_iter().map(|seed| generator.puzzle(seed + 1).map(|_| ())).collect();
        results.into_iter().collect::<Result<Vec<_>, _>>()?;
        made += chunk;
    }
    let secs = start.elapsed().as_secs_f64();
    println!("  {:20} {made:6} puzzles  {:>10.1} puzzles/s  on {threads} threads, in memory", layout.id, made as f64 / secs);
    Ok(())
}

/// Renders a book of about 300 pages (one puzzle a page, 6×9 trim) and times it.
fn bench_book(layout: &Layout) -> anyhow::Result<()> {
    let family = crate::family::open(layout.clone());
    let puzzles = 270; // + title, introduction and the answer pages: about 300
    let rows = (1..=puzzles)
        .map(|seed| {
            let p = family.make(seed, None)?.context("a puzzle without a level asked")?;
            Ok(crate::store::PuzzleRow::for_print(seed as i64, layout, &p))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let settings = crate::book::BookSettings {
        per_page: 1,
        trim: "6x9".parse()?,
        ..crate::book::BookSettings::new("Benchmark", vec![layout.id.clone()], rows.len(), crate::score::Level::ALL.to_vec())
    };
    let mut rows = rows;
    rows.sort_by_key(|r| (r.level.parse::<crate::score::Level>().ok(), r.score));
    let start = Instant::now();
    let book = crate::book::Book::new(settings, rows, "2026-01-01T00:00:00Z")?;
    let rendered = crate::book::render::render(&book)?;
    println!("book rendering: {} pages in {:.2} s ({} KB PDF)", rendered.pages, start.elapsed().as_secs_f64(), rendered.bytes.len() / 1024);
    Ok(())
}
