use clap::Parser;

fn main() {
    let cli = puzzlebook::cli::Cli::parse();
    if let Err(error) = puzzlebook::cli::run(cli) {
        // A closed pipe (`… | head`) is the reader's choice, not a failure.
        let broken_pipe = error.chain().any(|e| e.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe));
        if broken_pipe {
            std::process::exit(0);
        }
        // `{:#}` prints the context chain on one line ("file: line 3: ...").
        eprintln!("error: {error:#}");
        std::process::exit(1);
    }
}
