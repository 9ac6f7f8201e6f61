use crate::generate::{Generator, Symmetry};
use crate::layout::Layout;
use std::io::{BufWriter, Write};

#[derive(clap::Args, Debug)]
#[command(after_help = "Output, one line per puzzle:\n  <givens> <solution> <score> <level> <seed> <effort>\n\
score: candidate-count difficulty score; level: easy/medium/hard/expert by score band;\n\
seed: the puzzle's own seed (`generate LAYOUT --count 1 --seed <seed>` makes it again);\n\
effort: search nodes the solver needed to prove the puzzle unique.")]
pub struct GenerateArgs {
    /// Layout id (see `puzzlebook layouts`) or path to a .toml layout.
    pub layout: String,
    /// Number of puzzles.
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: u64,
    /// Seed of the first puzzle; puzzle i uses seed + i. Random when omitted.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Erase clues in symmetric pairs.
    #[arg(long, value_enum, default_value_t = Symmetry::None)]
    pub symmetry: Symmetry,
}

pub fn run(args: GenerateArgs) -> anyhow::Result<()> {
    let layout = Layout::load(&args.layout)?;
    let generator = Generator::new(&layout, args.symmetry);
    let first_seed = args.seed.unwrap_or_else(clock_seed);
    let mut out = BufWriter::new(std::io::stdout().lock());
    for i in 0..args.count {
        let seed = first_seed.wrapping_add(i);
        let p = generator.puzzle(seed).map_err(|e| anyhow::anyhow!("{}: {e}", layout.path.display()))?;
        writeln!(
            out,
            "{} {} {} {} {} {}",
            layout.model.format_grid(&p.givens),
            layout.model.format_grid(&p.solution),
            p.score,
            p.level,
            p.seed,
            p.effort.nodes
        )?;
        out.flush()?;
    }
    Ok(())
}

fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ ((nanos >> 64) as u64)
}
