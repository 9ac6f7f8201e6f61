use clap::Parser;

fn main() {
    quiet_on_closed_pipe();
    let cli = puzzlebook::cli::Cli::parse();
    if let Err(error) = puzzlebook::cli::run(cli) {
        // A closed pipe (`… | head`) is the reader's choice, not a failure.
        let broken_pipe =
            error.chain().any(|e| e.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe));
        if broken_pipe {
            std::process::exit(0);
        }
        // `{:#}` prints the context chain on one line ("file: line 3: ...").
        eprintln!("error: {error:#}");
        std::process::exit(1);
    }
}

/// `println!` panics when the reader of stdout has gone (`… | head`): leave
/// quietly then, as other command-line tools do; any other panic reports.
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message =
            info.payload().downcast_ref::<String>().map(String::as_str).or_else(|| info.payload().downcast_ref::<&str>().copied());
        if message.is_some_and(|m| m.contains("Broken pipe")) {
            std::process::exit(0);
        }
        default(info);
    }));
}
