use crate::layout::Layout;

#[derive(clap::Args, Debug)]
#[command(after_help = "Prints the quartiles of the candidate scores of a sample of generated puzzles and the \
`levels = [...]` line that makes each level a quarter of what the generator yields; put it in the layout file.")]
pub struct LevelsArgs {
    /// Layout id (see `puzzlebook layouts`) or path to a .toml layout.
    pub layout: String,
    /// Number of puzzles in the sample.
    #[arg(long, default_value_t = 400)]
    pub sample: u64,
    /// Seed of the first puzzle of the sample.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: LevelsArgs) -> anyhow::Result<()> {
    anyhow::ensure!(args.sample >= 4, "--sample must be at least 4");
    let family = crate::family::open(Layout::load(&args.layout)?);
    let crate::family::SampleBands { scores, bands, current } = family.sample_bands(args.sample, args.seed)?;
    println!(
        "{}: {} puzzles, scores {}–{}, quartiles {} / {} / {} (current levels {:?})",
        family.layout().id,
        scores.len(),
        scores[0],
        scores[scores.len() - 1],
        bands[0],
        bands[1],
        bands[2],
        current
    );
    println!("levels = [{}, {}, {}]", bands[0], bands[1], bands[2]);
    Ok(())
}
