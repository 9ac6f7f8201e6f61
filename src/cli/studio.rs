//! `studio`: the web app on the catalog, and its people.

use super::catalog::DbArg;
use crate::store::Role;
use crate::studio::{Options, Studio};

#[derive(clap::Args, Debug)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "Serves the studio at --listen (this machine only by default) until stopped with Ctrl-C.\n\
While the catalog has no user, anyone reaching the studio is admin, so it listens on loopback only; \
make a user first (`puzzlebook studio user add NAME --role admin`) to log in with a token, or to listen beyond this machine.\n\n\
Examples:\n  puzzlebook studio --db output/puzzles.db\n  puzzlebook studio user add ada --role editor\n  puzzlebook studio user list"
)]
pub struct StudioArgs {
    #[command(subcommand)]
    pub command: Option<StudioCommand>,
    /// Address to listen on, host:port (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub listen: String,
    /// Requests served at once.
    #[arg(long, default_value_t = 8)]
    pub workers: usize,
    /// Where books built in the studio are written (named by the studio; nothing is overwritten).
    #[arg(long, value_name = "DIR", default_value = "output/studio")]
    pub out: std::path::PathBuf,
    #[command(flatten)]
    pub db: DbArg,
}

#[derive(clap::Subcommand, Debug)]
pub enum StudioCommand {
    /// The studio's people: add one (a token printed once), or list them.
    #[command(subcommand)]
    User(UserCommand),
}

#[derive(clap::Subcommand, Debug)]
pub enum UserCommand {
    /// Add a user and print their login token (shown this once; only its hash is kept).
    Add {
        name: String,
        /// viewer (reads), editor (also drafts, books, batches) or admin (also people).
        #[arg(long)]
        role: Role,
        #[command(flatten)]
        db: DbArg,
    },
    /// The users, their roles and since when.
    List {
        #[command(flatten)]
        db: DbArg,
    },
}

impl clap::ValueEnum for Role {
    fn value_variants<'a>() -> &'a [Role] {
        &Role::ALL
    }
    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.as_str()))
    }
}

pub fn run(args: StudioArgs) -> anyhow::Result<()> {
    match args.command {
        Some(StudioCommand::User(UserCommand::Add { name, role, db })) => {
            let catalog = crate::cli::open_existing_catalog(&db.db)?;
            let (user, token) = catalog.add_user(&name, role)?;
            println!("added {} ({}) to {}", user.name, user.role, catalog.target);
            println!("token (shown this once; log in with it): {token}");
            Ok(())
        }
        Some(StudioCommand::User(UserCommand::List { db })) => {
            let catalog = crate::cli::open_existing_catalog(&db.db)?;
            let users = catalog.users()?;
            if users.is_empty() {
                println!("no users in {} (add one with `puzzlebook studio user add NAME --role admin`)", catalog.target);
            }
            for u in users {
                println!("{}\t{}\t{}", u.name, u.role, u.created_at);
            }
            Ok(())
        }
        None => {
            let studio = Studio::bind(Options { db: args.db.db, listen: args.listen, workers: args.workers, out: args.out })?;
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            writeln!(out, "studio: http://{}/ (Ctrl-C stops it)", studio.addr)?;
            out.flush()?;
            drop(out);
            studio.run()
        }
    }
}
