use crate::layout::{Layout, list_layout_files};

pub fn run() -> anyhow::Result<()> {
    let files = list_layout_files();
    if files.is_empty() {
        anyhow::bail!("no layouts found: expected .toml files in ./layouts");
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
