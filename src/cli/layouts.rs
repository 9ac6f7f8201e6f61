use crate::layout::{LANGUAGES, Layout, is_language_code, list_layout_files, missing_words};

#[derive(clap::Args, Debug)]
pub struct LayoutsArgs {
    /// Instead of listing, check that every layout has its reader's name and
    /// rules in these languages (ISO 639-1 codes, comma-separated; without
    /// codes: de, fr, es, it, nl, pt, pl). Names every missing word and fails
    /// if one is missing.
    #[arg(long, value_delimiter = ',', num_args = 0.., value_name = "LANGS")]
    pub words: Option<Vec<String>>,
}

pub fn run(args: LayoutsArgs) -> anyhow::Result<()> {
    let files = list_layout_files();
    if files.is_empty() {
        anyhow::bail!("no layouts found: expected .toml files in ./layouts");
    }
    if let Some(langs) = args.words {
        return check_words(&files, &langs);
    }
    let width = files.iter().filter_map(|p| p.file_stem()).map(|s| s.len()).max().unwrap_or(0);
    for path in files {
        let id = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        match Layout::load(&path.display().to_string()) {
            Ok(layout) => println!("{id:width$}  {}", layout.description),
            Err(e) => println!("{id:width$}  (broken) {e}"),
        }
    }
    Ok(())
}

/// `layouts --words`: every missing word of every layout, or one line
/// saying there is none.
fn check_words(files: &[std::path::PathBuf], langs: &[String]) -> anyhow::Result<()> {
    let langs: Vec<&str> = if langs.is_empty() { LANGUAGES.to_vec() } else { langs.iter().map(|l| l.trim()).collect() };
    if let Some(bad) = langs.iter().find(|l| !is_language_code(l)) {
        anyhow::bail!("--words {bad}: unknown language code (expected two-letter ISO 639-1 codes such as {})", LANGUAGES.join(","));
    }
    let layouts: Vec<Layout> = files.iter().map(|p| Layout::load(&p.display().to_string())).collect::<Result<_, _>>()?;
    let missing = missing_words(&layouts, &langs);
    if !missing.is_empty() {
        let lines: Vec<String> = missing.iter().map(|m| m.to_string()).collect();
        anyhow::bail!("{} word(s) missing:\n{}", missing.len(), lines.join("\n"));
    }
    println!("all {} layouts have their name and rules in {}", layouts.len(), langs.join(", "));
    Ok(())
}
