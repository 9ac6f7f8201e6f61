use clap::Parser;

fn main() {
    let cli = puzzlebook::cli::Cli::parse();
    if let Err(error) = puzzlebook::cli::run(cli) {
        // `{:#}` prints the context chain on one line ("file: line 3: ...").
        eprintln!("error: {error:#}");
        std::process::exit(1);
    }
}
