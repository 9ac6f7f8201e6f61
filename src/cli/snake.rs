//! `snake`: the parity snakes of variants.md §2 — counts, lists, export.

use crate::snake::{Options, enumerate, explain_published, export_layout_toml, render_snake, report};
use anyhow::bail;
use std::io::Write;
use std::time::Instant;

#[derive(clap::Args, Debug)]
#[command(long_about = "Finds every unambiguous parity snake on a 9×9 sudoku (variants.md §2): an orthogonal \
path touching itself only between consecutive cells (S1, S2), alternating even and odd (S3), whose every other \
orthogonal neighbour has its cell's parity, head and tail included (S4), visiting all nine boxes (S5), whose forced \
pattern completes to four even cells in every row, column and box (S6).\n\n\
Snakes are numbered shortest first (then by cells), a stable number per snake. Without options: the counts, \
histograms, and how the published figure (3,241) arises from its own conventions.")]
pub struct SnakeArgs {
    /// Also forbid diagonal contact between snake cells more than two apart.
    #[arg(long)]
    pub no_diagonal_touch: bool,
    /// List the snakes (as E/O grids: capitals on the snake, small letters forced neighbours).
    #[arg(long)]
    pub list: bool,
    /// With --list: only snakes of this many cells.
    #[arg(long, requires = "list")]
    pub length: Option<usize>,
    /// Write snake number N as a layout file to stdout (e.g. > layouts/snake-N.toml).
    #[arg(long, value_name = "N", conflicts_with = "list")]
    pub export: Option<usize>,
}

/// Puzzles generated to set an exported layout's level bands.
const LEVEL_SAMPLE: u64 = 200;

pub fn run(args: SnakeArgs) -> anyhow::Result<()> {
    let options = Options { no_diagonal_touch: args.no_diagonal_touch };
    let started = Instant::now();
    let snakes = enumerate(&options);
    let took = started.elapsed();
    let mut out = std::io::stdout().lock();
    if let Some(number) = args.export {
        let Some(snake) = number.checked_sub(1).and_then(|i| snakes.get(i)) else {
            bail!("--export {number}: snakes are numbered 1 to {}", snakes.len());
        };
        let toml = export_layout_toml(snake, number);
        // Marks raise the candidate score: give the layout its own level bands.
        let layout = crate::layout::Layout::from_source(std::path::Path::new(&format!("snake-{number}.toml")), toml.clone())?;
        let bands = crate::family::open(layout).sample_bands(LEVEL_SAMPLE, 1)?.bands;
        write!(
            out,
            "{toml}# Score limits of easy / medium / hard: quartiles of {LEVEL_SAMPLE} generated puzzles.\nlevels = [{}, {}, {}]\n",
            bands[0], bands[1], bands[2]
        )?;
        return Ok(());
    }
    if args.list {
        let mut shown = 0;
        for (i, snake) in snakes.iter().enumerate().filter(|(_, s)| args.length.is_none_or(|l| s.len() == l)) {
            writeln!(
                out,
                "snake {} ({} cells, head {} at r{}c{})",
                i + 1,
                snake.len(),
                if snake.first_even { "even" } else { "odd" },
                snake.cells[0] / 9 + 1,
                snake.cells[0] % 9 + 1
            )?;
            writeln!(out, "{}", render_snake(snake))?;
            shown += 1;
        }
        if shown == 0 {
            bail!(
                "no snake has {} cells (lengths run {}–{})",
                args.length.unwrap_or(0),
                snakes.first().map_or(0, |s| s.len()),
                snakes.last().map_or(0, |s| s.len())
            );
        }
        return Ok(());
    }
    let rule = if args.no_diagonal_touch { "no diagonal touching" } else { "diagonal touching allowed" };
    writeln!(out, "parity snakes on a 9×9 sudoku ({rule}), found in {:.0} ms:", took.as_secs_f64() * 1000.0)?;
    writeln!(out, "{}", report(&snakes))?;
    if !args.no_diagonal_touch {
        // The published search allowed diagonal touching.
        writeln!(out, "{}", explain_published())?;
    }
    Ok(())
}
