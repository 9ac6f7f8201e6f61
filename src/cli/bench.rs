//! `puzzlebook bench`: puzzlebook's side of the speed table (issue 16's
//! "Where it stands"), one thread, in this process: the uniqueness check on
//! the shared data sets, generation, grading, validation and a book.
//! Rates are from the thread's CPU time (steadier on a shared machine),
//! with wall time beside them; benches/README.md says how to set the
//! anchors beside it in one alternated run.

use crate::generate::{Generator, Symmetry};
use crate::layout::Layout;
use crate::level::Level;
use crate::puzzle_file::read_puzzle_lines;
use crate::solver::Solver;
use anyhow::Context;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Folder with 17-clue.txt, top1465.txt, hardest-1106.txt, multi-solution.txt, se-rated.txt.
    #[arg(long, default_value = "../shared/data/sudoku")]
    pub data: PathBuf,
    /// One more file of unique 9×9 puzzles for the count-to-2 rows (e.g. an SE 11+ set).
    #[arg(long)]
    pub extra: Option<PathBuf>,
    /// Seconds to spend on each generation, grading and validation row.
    #[arg(long, default_value_t = 5.0)]
    pub seconds: f64,
    /// Only the variant layouts' generation times (median per puzzle).
    #[arg(long)]
    pub variants: bool,
    /// Only the count-to-2 rows and minimal classic-9 generation.
    #[arg(long)]
    pub solver: bool,
    /// After the table: canonical keys, the grader's calibration against
    /// SE, generation on every core, parity snakes and the variant layouts.
    #[arg(long)]
    pub more: bool,
}

pub fn run(args: BenchArgs) -> anyhow::Result<()> {
    if args.variants {
        return bench_variants(args.seconds);
    }
    println!("puzzlebook's side of the speed table: one thread, rates from CPU time (wall time after the slash)");
    println!();
    println!("| work | puzzlebook | notes |");
    println!("|---|---|---|");
    count_rows(&args)?;
    minimal_row("classic-9", args.seconds, Unit::PerSecond)?;
    if args.solver {
        return Ok(());
    }
    easy_row(args.seconds)?;
    minimal_row("diagonal-9", args.seconds, Unit::Millis)?;
    minimal_row("classic-16", args.seconds, Unit::Millis)?;
    rating_row(args.seconds)?;
    grading_rows(&args.data, args.seconds)?;
    validation_row("classic-16", args.seconds)?;
    book_row()?;
    if args.more {
        let (classic_layout, classic) = Layout::load_cells("classic-9")?;
        println!();
        bench_canonical_keys(&classic, &args.data)?;
        print!("calibration against SE: {}", crate::grade::calibration(&args.data.join("se-rated.txt")));
        bench_parallel_generation(&classic_layout, args.seconds)?;
        bench_snakes();
        bench_variants(args.seconds)?;
    }
    Ok(())
}

/// CPU time of this thread (Linux: the scheduler's count, in ns); `None`
/// where the system does not say.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok().map(Duration::from_nanos)
}

/// A stopwatch for both clocks.
struct Watch {
    wall: Instant,
    cpu: Option<Duration>,
}

impl Watch {
    fn start() -> Watch {
        Watch { wall: Instant::now(), cpu: cpu_time() }
    }

    /// (CPU, wall) seconds since the start; CPU falls back to wall.
    fn read(&self) -> (f64, f64) {
        let wall = self.wall.elapsed().as_secs_f64();
        let cpu = match (self.cpu, cpu_time()) {
            (Some(a), Some(b)) => (b - a).as_secs_f64(),
            _ => wall,
        };
        (cpu, wall)
    }
}

#[derive(Clone, Copy)]
enum Unit {
    PerSecond,
    Millis,
}

/// `n` items in (cpu, wall) seconds, as the row's unit.
fn rate(n: usize, (cpu, wall): (f64, f64), unit: Unit) -> String {
    match unit {
        Unit::PerSecond => format!("{} / {}", per_second(n as f64 / cpu), per_second(n as f64 / wall)),
        Unit::Millis => format!("{:.2} ms / {:.2} ms", cpu * 1e3 / n as f64, wall * 1e3 / n as f64),
    }
}

/// A rate with thousands separators; `—` where the clock read no time
/// (a pass shorter than the CPU clock's step), which is no rate at all.
fn per_second(x: f64) -> String {
    if !x.is_finite() {
        return "—".to_string();
    }
    let whole = x.round() as u64;
    let digits = whole.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    if x < 100.0 { format!("{x:.1}/s") } else { format!("{out}/s") }
}

/// Count-to-2 on the shared sets (and `--extra`): the path callers get
/// (9×9 fast path) and, in the notes, the generic engine on the same model.
fn count_rows(args: &BenchArgs) -> anyhow::Result<()> {
    let (_, classic) = Layout::load_cells("classic-9")?;
    let (fast, generic) = (Solver::new(&classic.model), Solver::generic(&classic.model));
    let mut files: Vec<(PathBuf, bool)> =
        ["17-clue.txt", "top1465.txt", "hardest-1106.txt"].iter().map(|f| (args.data.join(f), true)).collect();
    if let Some(extra) = &args.extra {
        files.push((extra.clone(), true));
    }
    files.push((args.data.join("multi-solution.txt"), false));
    for (path, expect_unique) in files {
        let lines = read_puzzle_lines(&path)?;
        let grids = lines
            .iter()
            .map(|l| classic.model.parse_grid(&l.text).with_context(|| format!("{}: line {}", path.display(), l.line)))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let (times, wrong, nodes) = count_pass(&fast, &grids, expect_unique);
        let (generic_times, generic_wrong, _) = count_pass(&generic, &grids, expect_unique);
        let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        println!(
            "| count-to-2, {name} ({}) | {} | {:.1} nodes a puzzle; wrong verdicts {wrong}; generic engine {} (wrong {generic_wrong}) |",
            grids.len(),
            rate(grids.len(), times, Unit::PerSecond),
            nodes as f64 / grids.len() as f64,
            rate(grids.len(), generic_times, Unit::PerSecond),
        );
    }
    Ok(())
}

/// The best of three passes (the figure should not depend on a cold
/// cache): ((cpu, wall), wrong verdicts, nodes).
fn count_pass(solver: &Solver, grids: &[crate::model::Grid], expect_unique: bool) -> ((f64, f64), usize, u64) {
    let mut best = (f64::MAX, f64::MAX);
    let (mut wrong, mut nodes) = (0, 0);
    for _ in 0..3 {
        let watch = Watch::start();
        (wrong, nodes) = (0, 0);
        for grid in grids {
            let count = solver.count(grid, 2);
            wrong += usize::from((count.solutions == 1) != expect_unique);
            nodes += count.stats.nodes;
        }
        let t = watch.read();
        if t.0 < best.0 {
            best = t;
        }
    }
    (best, wrong, nodes)
}

/// Minimal unique puzzles of `id` (no symmetry), as many as fit in `seconds`:
/// as `generate --no-store` makes them (each with its level, graded as far
/// as the level needs), and in the notes the generation alone.
fn minimal_row(id: &str, seconds: f64, unit: Unit) -> anyhow::Result<()> {
    let layout = Layout::load(id)?;
    let family = crate::family::open(layout.clone());
    let watch = Watch::start();
    let mut made = 0usize;
    while watch.read().1 < seconds || made == 0 {
        made += family.make_printed(made as u64 + 1, None)?.len();
    }
    let printed = rate(made, watch.read(), unit);
    let generator = Generator::new(&layout, Symmetry::None);
    let watch = Watch::start();
    let (mut alone, mut clues) = (0usize, 0usize);
    while watch.read().1 < seconds || alone == 0 {
        clues += generator.puzzle(alone as u64 + 1)?.givens.given_count();
        alone += 1;
    }
    println!(
        "| minimal {id} generation | {printed} | {made} puzzles as `generate --no-store` makes them (each with its level); generation alone {} (mean {:.1} clues) |",
        rate(alone, watch.read(), unit),
        clues as f64 / alone as f64
    );
    Ok(())
}

/// Easy classic-9 puzzles as `generate --difficulty easy --no-store` makes
/// them: steered by the technique grade, kept when easy.
fn easy_row(seconds: f64) -> anyhow::Result<()> {
    let family = crate::family::open(Layout::load("classic-9")?);
    let watch = Watch::start();
    let (mut made, mut attempts) = (0usize, 0u64);
    while watch.read().1 < seconds || made == 0 {
        attempts += 1;
        made += family.make_printed(attempts, Some(Level::Easy))?.len();
    }
    println!(
        "| `--difficulty easy` generation, classic-9 | {} | {made} easy puzzles in {attempts} attempts, as `generate --no-store` makes them |",
        rate(made, watch.read(), Unit::PerSecond)
    );
    Ok(())
}

/// Puzzles of SE 9.0 and up found by the rating search (`generate --rating
/// 9.0..`), one climb a seed, distinct puzzles counted.
fn rating_row(seconds: f64) -> anyhow::Result<()> {
    let generator = Generator::new(&Layout::load("classic-9")?, Symmetry::None);
    let range: crate::level::RatingRange = "9.0..".parse().map_err(|e: String| anyhow::anyhow!(e))?;
    let watch = Watch::start();
    let (mut found, mut climbs) = (std::collections::HashSet::new(), 0u64);
    while watch.read().1 < seconds * 4.0 || climbs == 0 {
        climbs += 1;
        for p in generator.rated_puzzles(climbs, range, None)? {
            found.insert(p.givens.cells);
        }
    }
    let (cpu, wall) = watch.read();
    println!(
        "| SE ≥ 9 puzzles found, classic-9 | {:.2}/s / {:.2}/s | {} distinct in {climbs} climbs of the rating search (`generate --rating 9.0..`) |",
        found.len() as f64 / cpu,
        found.len() as f64 / wall,
        found.len()
    );
    Ok(())
}

/// The grader on se-rated.txt's puzzles rated 2.x and 3.x.
fn grading_rows(data: &Path, seconds: f64) -> anyhow::Result<()> {
    let (_, classic) = Layout::load_cells("classic-9")?;
    let grader = crate::grade::Grader::new(&classic.model).context("classic-9 has a grader")?;
    let path = data.join("se-rated.txt");
    let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut bands: [Vec<crate::model::Grid>; 2] = [Vec::new(), Vec::new()];
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split_whitespace();
        let (Some(puzzle), Some(Ok(rating))) = (fields.next(), fields.next().map(str::parse::<f32>)) else { continue };
        let Ok(grid) = classic.model.parse_grid(puzzle) else { continue };
        match rating {
            r if (2.0..3.0).contains(&r) => bands[0].push(grid),
            r if (3.0..4.0).contains(&r) => bands[1].push(grid),
            _ => {}
        }
    }
    for (name, grids) in ["2.x", "3.x"].iter().zip(&bands) {
        let watch = Watch::start();
        let mut graded = 0;
        while watch.read().1 < seconds / 2.0 || graded == 0 {
            for grid in grids {
                std::hint::black_box(grader.rate(grid));
            }
            graded += grids.len();
        }
        println!(
            "| grading SE {name}, se-rated.txt ({} puzzles) | {} | the SE rating of each, as `grade --file` gives it (the path not written out) |",
            grids.len(),
            rate(graded, watch.read(), Unit::PerSecond)
        );
    }
    Ok(())
}

/// The independent validator on stored-form puzzles of `id`.
fn validation_row(id: &str, seconds: f64) -> anyhow::Result<()> {
    let layout = Layout::load(id)?;
    let family = crate::family::open(layout.clone());
    let rows = (1..=10)
        .map(|seed| {
            let p = family.make(seed, None)?.context("a puzzle without a level asked")?;
            Ok(crate::store::PuzzleRow::for_print(seed as i64, &layout, &p))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let watch = Watch::start();
    let mut checked = 0;
    while watch.read().1 < seconds || checked == 0 {
        for row in &rows {
            family.check(row, false).map_err(|e| anyhow::anyhow!("{id}: {e}"))?;
        }
        checked += rows.len();
    }
    let whole = rate(checked, watch.read(), Unit::PerSecond);
    // The independent counter alone: uniqueness proven from the stored text.
    let model = &layout.cells().context("a cell layout")?.model;
    let grids = rows.iter().map(|r| model.parse_grid(&r.givens)).collect::<Result<Vec<_>, _>>()?;
    let watch = Watch::start();
    let mut counted = 0;
    while watch.read().1 < seconds || counted == 0 {
        for grid in &grids {
            std::hint::black_box(crate::validate::count_solutions(model, grid, 2));
        }
        counted += grids.len();
    }
    println!(
        "| validation, {id} | {whole} | what `validate` does a puzzle: the independent check (own solver) and, where the layout has technique levels, the re-grade; the independent counter alone {}; {} puzzles over and over |",
        rate(counted, watch.read(), Unit::PerSecond),
        rows.len()
    );
    Ok(())
}

/// Renders a book of about 300 pages (one puzzle a page, 6×9 trim).
fn book_row() -> anyhow::Result<()> {
    let layout = Layout::load("classic-9")?;
    let family = crate::family::open(layout.clone());
    let puzzles = 270; // + title, introduction and the answer pages: about 300
    let mut rows = (1..=puzzles)
        .map(|seed| {
            let p = family.make(seed, None)?.context("a puzzle without a level asked")?;
            Ok(crate::store::PuzzleRow::for_print(seed as i64, &layout, &p))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let settings = crate::book::BookSettings {
        per_page: 1,
        trim: "6x9".parse()?,
        ..crate::book::BookSettings::new("Benchmark", vec![layout.id.clone()], rows.len(), crate::score::Level::ALL.to_vec())
    };
    rows.sort_by_key(|r| (r.level.parse::<crate::score::Level>().ok(), r.score));
    let watch = Watch::start();
    let book = crate::book::Book::new(settings, rows, "2026-01-01T00:00:00Z")?;
    let rendered = crate::book::render::render(&book)?;
    let (cpu, wall) = watch.read();
    println!(
        "| book rendering | {cpu:.2} s / {wall:.2} s | {} pages, {} KB PDF, 6×9 trim, one puzzle a page |",
        rendered.pages,
        rendered.bytes.len() / 1024
    );
    Ok(())
}

/// Canonical keys of the 17-clue set (sudoku symmetry group).
fn bench_canonical_keys(classic: &crate::layout::CellLayout, data: &Path) -> anyhow::Result<()> {
    let canon = crate::canon::Canonicalizer::for_cells(classic);
    let lines = read_puzzle_lines(&data.join("17-clue.txt"))?;
    let grids: Vec<_> = lines.iter().filter_map(|l| classic.model.parse_grid(&l.text).ok()).collect();
    let watch = Watch::start();
    let distinct: std::collections::HashSet<String> = grids.iter().map(|g| canon.key(g)).collect();
    println!(
        "canonical keys (sudoku group): {} on 17-clue.txt, {} distinct of {}",
        rate(grids.len(), watch.read(), Unit::PerSecond),
        distinct.len(),
        grids.len()
    );
    Ok(())
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
        "jigsaw-9",
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
    println!("generation, {}, {made} puzzles: {:.1} puzzles/s on {threads} threads, in memory", layout.id, made as f64 / secs);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::per_second;

    #[test]
    fn rates_read_as_written_and_an_unmeasured_pass_is_no_rate() {
        assert_eq!(per_second(1_234_567.4), "1,234,567/s");
        assert_eq!(per_second(5.66), "5.7/s");
        assert_eq!(per_second(f64::INFINITY), "—");
        assert_eq!(per_second(f64::NAN), "—");
    }
}
