//! `puzzlebook art`: one file per puzzle (and answer) drawn by the books'
//! renderers, with a JSON sidecar; existing files are never replaced
//! without --force; bad options are refused with the reason.

mod common;
use common::{ok, run};

use std::path::PathBuf;
use std::process::Command;

fn workdir(name: &str) -> PathBuf {
    common::workdir("art", name)
}

#[test]
fn art_files_show_the_stored_puzzle_and_are_never_overwritten_silently() {
    let dir = workdir("files");
    let db = dir.join("a.db");
    let db = db.to_str().unwrap();
    ok(&["generate", "atlantis-random-9", "--count", "2", "--seed", "9", "--db", db]);
    let out = dir.join("art");
    let out_s = out.to_str().unwrap();
    let said = ok(&["art", "--layout", "atlantis-random-9", "--format", "svg", "--answer", "--size", "80mm", "--db", db, "--out", out_s]);
    assert_eq!(said.trim(), format!("wrote 6 files for 2 puzzles to {out_s}"));

    let conn = rusqlite::Connection::open(db).unwrap();
    let rows: Vec<(i64, String, String)> = conn
        .prepare("SELECT id, givens, canonical FROM puzzles ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for (id, givens, canonical) in &rows {
        let svg = std::fs::read_to_string(out.join(format!("atlantis-random-9-{id}.svg"))).unwrap();
        // Text elements in drawing order: the marks (this puzzle's own), then the givens in reading order.
        let texts: Vec<&str> = svg.split("<text ").skip(1).map(|t| t.split('>').nth(1).unwrap().split('<').next().unwrap()).collect();
        let digits: Vec<&str> = texts.iter().copied().filter(|t| t.len() == 1 && t.chars().all(|c| c.is_ascii_digit())).collect();
        let expected: Vec<String> = givens.chars().filter(|c| c.is_ascii_digit() && *c != '0').map(String::from).collect();
        assert_eq!(digits, expected, "puzzle {id}");
        assert!(texts.iter().any(|t| ["E", "O", "&gt;6", "&lt;5"].contains(t)), "puzzle {id}: its marks print");
        assert!(svg.contains(r#"width="226.772pt""#), "80 mm wide");
        let answer = std::fs::read_to_string(out.join(format!("atlantis-random-9-{id}-answer.svg"))).unwrap();
        assert_eq!(answer.matches("<text ").count(), 81, "an answer shows every digit and no marks");
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join(format!("atlantis-random-9-{id}.json"))).unwrap()).unwrap();
        assert_eq!(json["id"], *id);
        assert_eq!(json["canonical"], canonical.as_str());
        assert_eq!(json["givens"], givens.as_str());
    }

    // Again into the same folder: refused, nothing touched; --force replaces.
    let first = out.join(format!("atlantis-random-9-{}.svg", rows[0].0));
    let before = std::fs::metadata(&first).unwrap().modified().unwrap();
    let again = run(&["art", "--layout", "atlantis-random-9", "--db", db, "--out", out_s]);
    assert!(!again.status.success());
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(err.contains(&format!("{} exists (and 1 more of the files to write): nothing written", first.display())), "{err}");
    assert_eq!(std::fs::metadata(&first).unwrap().modified().unwrap(), before);
    // Another format beside them: the sidecars are the same, so no conflict.
    ok(&["art", "--layout", "atlantis-random-9", "--db", db, "--out", out_s, "--format", "eps"]);
    ok(&["art", &rows[0].0.to_string(), "--db", db, "--out", out_s, "--force", "--format", "png", "--dpi", "100"]);
    let png = std::fs::read(out.join(format!("atlantis-random-9-{}.png", rows[0].0))).unwrap();
    assert_eq!(&png[1..4], b"PNG");

    // `export` writes the same art.
    let exported = dir.join("exported");
    let said = ok(&[
        "export",
        "--format",
        "svg",
        "--size",
        "80mm",
        "--layout",
        "atlantis-random-9",
        "--db",
        db,
        "--out",
        exported.to_str().unwrap(),
    ]);
    assert_eq!(said.trim(), format!("wrote 4 files for 2 puzzles to {}", exported.display()));
    let id = rows[0].0;
    let same = std::fs::read(exported.join(format!("atlantis-random-9-{id}.svg"))).unwrap()
        == std::fs::read(out.join(format!("atlantis-random-9-{id}.svg"))).unwrap();
    assert!(same, "export --format svg draws what art draws");

    for (args, reason) in [
        (vec!["export", "--format", "png", "--db", db], "--format png writes one file a puzzle: give the folder with --out DIR"),
        (vec!["art", "--db", db], "name the puzzles: ids (e.g. `puzzlebook art 12 13`) or --layout LAYOUT [--level LEVEL]"),
        (vec!["art", "1", "--size", "3", "--db", db], "'3' needs a unit: mm, cm, in or pt"),
        (vec!["art", "1", "--format", "tiff", "--db", db], "unknown art format 'tiff': svg, png, pdf or eps"),
        (
            vec!["art", "1", "--format", "png", "--dpi", "5", "--force", "--out", out_s, "--db", db],
            "5 dpi: a PNG is rendered at 72 to 2400 dpi",
        ),
        (vec!["art", "--layout", "classic-9", "--db", db], "no puzzles of layout 'classic-9'"),
    ] {
        let out = run(&args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(reason), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A PNG beyond the pixel limit (40 in at 2400 dpi, inside the --size and
/// --dpi ranges: 9.2 gigapixels) is refused before anything is written or
/// allocated, naming what to lower.
#[test]
fn a_png_past_the_pixel_limit_is_refused_with_what_to_lower() {
    let dir = workdir("pixels");
    let db = dir.join("a.db");
    let db = db.to_str().unwrap();
    ok(&["generate", "classic-9", "--count", "1", "--seed", "3", "--db", db]);
    let out = dir.join("art");
    let out_s = out.to_str().unwrap();
    let refused = run(&["art", "1", "--format", "png", "--dpi", "2400", "--size", "40in", "--db", db, "--out", out_s]);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{err}");
    assert!(err.contains("puzzle 1 (classic-9): nothing written") && err.contains("at most 64 megapixels"), "{err}");
    assert!(err.contains("lower --dpi to 200 or less (at this size), or --size to 3.3in or less (at 2400 dpi)"), "{err}");
    assert!(!out.exists(), "nothing written");
    // (That the advised --dpi and --size fit is src/art/tests.rs's; rendering
    // 64 megapixels takes a minute in a debug build.)
    let _ = std::fs::remove_dir_all(&dir);
}

/// Reads every QR code on page `page` of `pdf` (rendered at 300 dpi), or
/// `None` when zbarimg or pdftoppm is missing (CI installs and insists).
fn qr_codes(pdf: &std::path::Path, page: usize) -> Option<Vec<String>> {
    let have = |tool: &str| Command::new(tool).arg("--version").output().is_ok();
    if !have("zbarimg") || !have("pdftoppm") {
        assert!(std::env::var_os("PUZZLEBOOK_REQUIRE_POPPLER").is_none(), "zbarimg and pdftoppm are required");
        return None;
    }
    let png = pdf.with_extension(format!("p{page}"));
    let p = page.to_string();
    let status =
        Command::new("pdftoppm").args(["-r", "300", "-png", "-singlefile", "-f", &p, "-l", &p]).arg(pdf).arg(&png).status().unwrap();
    assert!(status.success());
    let out = Command::new("zbarimg").args(["-q", "--raw"]).arg(png.with_extension(format!("p{page}.png"))).output().unwrap();
    Some(String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect())
}

#[test]
fn book_qr_codes_open_each_puzzle_and_layouts_without_a_link_are_refused() {
    let dir = workdir("qr");
    let db = dir.join("q.db");
    let db = db.to_str().unwrap();
    ok(&["generate", "classic-9", "--count", "2", "--difficulty", "hard", "--seed", "2", "--db", db]);
    ok(&["generate", "slitherlink-10x10", "--count", "2", "--difficulty", "hard", "--seed", "2", "--db", db]);
    ok(&["generate", "pie-12", "--count", "1", "--seed", "2", "--db", db]);
    ok(&["validate", "--db", db]);
    let pdf = dir.join("qr.pdf");
    ok(&[
        "book",
        "QR",
        "--layout",
        "classic-9,slitherlink-10x10",
        "--count",
        "4",
        "--levels",
        "hard",
        "--qr",
        "--db",
        db,
        "--out",
        pdf.to_str().unwrap(),
    ]);
    let conn = rusqlite::Connection::open(db).unwrap();
    let ids: Vec<i64> = conn
        .prepare("SELECT puzzle_id FROM book_puzzles WHERE book_id = 1 ORDER BY number")
        .and_then(|mut st| st.query_map([], |r| r.get(0))?.collect())
        .unwrap();
    assert_eq!(ids.len(), 4);
    // Two puzzles a page from page 4 (title, copyright, introduction first).
    let mut read = Vec::new();
    for page in [4, 5] {
        let Some(codes) = qr_codes(&pdf, page) else { return };
        read.extend(codes);
    }
    let links: Vec<String> = ids.iter().map(|id| ok(&["link", &id.to_string(), "--db", db]).trim().to_string()).collect();
    read.sort();
    let mut expected = links.clone();
    expected.sort();
    assert_eq!(read, expected, "each puzzle's code opens that puzzle");
    let out = run(&["book", "Pie", "--layout", "pie-12", "--count", "1", "--qr", "--allow-reprint", "--db", db]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("--qr prints a play link beside each puzzle") && err.contains("pie-12"), "{err}");
}

/// `--lang` puts the words a page prints beside the puzzle (its name, rules
/// and level) into the sidecar in that language, from the layout file's
/// own words; a layout without them is refused by name before any file
/// is written.
#[test]
fn art_sidecars_carry_the_reader_words_in_the_asked_language() {
    let dir = workdir("lang");
    let db = dir.join("a.db");
    let db = db.to_str().unwrap();
    ok(&["generate", "classic-9", "--count", "1", "--seed", "5", "--difficulty", "hard", "--db", db]);
    let out = dir.join("fr");
    ok(&["art", "1", "--lang", "fr", "--db", db, "--out", out.to_str().unwrap()]);
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("classic-9-1.json")).unwrap()).unwrap();
    let layout: toml::Value =
        toml::from_str(&std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts/classic-9.toml")).unwrap())
            .unwrap();
    let fr = &layout["words"]["fr"];
    assert_eq!(json["words"]["lang"], "fr");
    assert_eq!(json["words"]["name"], fr["name"].as_str().unwrap());
    assert_eq!(json["words"]["rules"], fr["rules"].as_str().unwrap());
    assert_eq!(json["words"]["level"], "difficile", "the level in French");
    assert_eq!(json["level"], "hard", "the stored level stays the catalog's word");
    // English by default: the layout file's own name and rules.
    let en = dir.join("en");
    ok(&["art", "1", "--db", db, "--out", en.to_str().unwrap()]);
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(en.join("classic-9-1.json")).unwrap()).unwrap();
    assert_eq!(json["words"]["rules"], layout["rules"].as_str().unwrap());
    assert_eq!(json["words"]["level"], "hard");

    // A publisher's layout with no German words: refused by layout, key
    // and language, and no file written.
    let source = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts/classic-9.toml")).unwrap();
    let own: String = source.lines().filter(|l| !l.starts_with("words.")).map(|l| format!("{l}\n")).collect();
    let own = own.replace("name = \"Sudoku\"", "name = \"House Sudoku\"");
    let file = dir.join("house-9.toml");
    std::fs::write(&file, own).unwrap();
    ok(&["generate", file.to_str().unwrap(), "--count", "1", "--seed", "5", "--db", db]);
    let de = dir.join("de");
    let refused = run(&["art", "2", "--lang", "de", "--db", db, "--out", de.to_str().unwrap()]);
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("puzzle 2") && err.contains("words.de.name") && err.contains("house-9"), "{err}");
    assert!(!de.exists(), "nothing written");
}
