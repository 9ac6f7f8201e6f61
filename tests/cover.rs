//! The paperback cover: `book --cover` and `cover ID` write a full wrap
//! whose size follows KDP's formula, with embedded fonts, that passes
//! `qpdf --check` and the cover preflight; defects planted in a cover (text
//! in the barcode area, text on the spine of a thin book) are caught.

mod common;
use common::{ok, run};

use lopdf::content::{Content, Operation};
use lopdf::{Document, Object};
use puzzlebook::book::cover::{CoverGeometry, CoverOptions, Paper, cover_of_stored};
use puzzlebook::preflight::{Check, Rules, preflight};
use std::path::{Path, PathBuf};
use std::process::Command;

fn workdir(name: &str) -> PathBuf {
    common::workdir("cover", name)
}

/// A catalog of 16 validated easy classic-9 puzzles and one 8-puzzle book
/// (6x9, with its cover); returns the catalog and the interior's path.
fn book_with_cover(dir: &Path, extra: &[&str]) -> (String, PathBuf, String) {
    let db = dir.join("puzzles.db").to_str().unwrap().to_string();
    ok(&["generate", "classic-9", "--count", "16", "--difficulty", "easy", "--seed", "5", "--db", &db]);
    ok(&["validate", "--db", &db]);
    let pdf = dir.join("pocket.pdf");
    let mut args = vec![
        "book",
        "Pocket Puzzles",
        "--layout",
        "classic-9",
        "--levels",
        "easy",
        "--count",
        "8",
        "--trim",
        "6x9",
        "--author",
        "A. Setter",
        "--db",
        &db,
        "--out",
        pdf.to_str().unwrap(),
        "--cover",
    ];
    args.extend_from_slice(extra);
    let out = ok(&args);
    (db, pdf, out)
}

fn numbers(obj: &Object) -> Vec<f32> {
    obj.as_array().unwrap().iter().map(|o| o.as_float().unwrap()).collect()
}

/// The first page's MediaBox and TrimBox.
fn boxes(doc: &Document) -> (Vec<f32>, Vec<f32>) {
    let (_, &page) = doc.get_pages().iter().next().unwrap();
    let page = doc.get_dictionary(page).unwrap();
    (numbers(page.get(b"MediaBox").unwrap()), numbers(page.get(b"TrimBox").unwrap()))
}

/// Optional tools: required in CI (PUZZLEBOOK_REQUIRE_POPPLER=1).
fn tool(name: &str) -> bool {
    let found = Command::new(name).arg("--version").output().is_ok();
    assert!(found || std::env::var_os("PUZZLEBOOK_REQUIRE_POPPLER").is_none(), "{name} is required");
    found
}

/// Every font of the document has its program embedded.
fn fonts_embedded(doc: &Document) -> usize {
    let mut descriptors = 0;
    for object in doc.objects.values() {
        if let Ok(dict) = object.as_dict()
            && dict.get(b"Type").and_then(Object::as_name).ok() == Some(b"FontDescriptor")
        {
            descriptors += 1;
            assert!(
                dict.has(b"FontFile2") || dict.has(b"FontFile") || dict.has(b"FontFile3"),
                "a font descriptor without its font program: {dict:?}"
            );
        }
    }
    descriptors
}

#[test]
fn book_cover_writes_a_full_wrap_beside_the_interior() {
    let dir = workdir("cli");
    let (db, pdf, out) = book_with_cover(&dir, &["--paper", "cream"]);
    let cover = dir.join("pocket-cover.pdf");
    assert!(cover.exists(), "{out}");
    let pages = Document::load(&pdf).unwrap().get_pages().len();
    assert!(out.contains(&format!("{pages} pages on cream paper")), "{out}");
    let doc = Document::load(&cover).unwrap();
    assert_eq!(doc.get_pages().len(), 1);
    let (media, trim) = boxes(&doc);
    let spine = pages as f32 * 0.0025;
    let (width, height) = ((0.25 + 12.0 + spine) * 72.0, 9.25 * 72.0);
    assert!((media[2] - media[0] - width).abs() < 0.05 && (media[3] - media[1] - height).abs() < 0.05, "{media:?} for {pages} pages");
    assert!(trim.iter().zip(&media).enumerate().all(|(i, (t, m))| (t - m - if i < 2 { 9.0 } else { -9.0 }).abs() < 0.05), "{trim:?}");
    assert_eq!(fonts_embedded(&doc), 2, "regular and bold");
    if tool("qpdf") {
        let check = Command::new("qpdf").arg("--check").arg(&cover).output().unwrap();
        assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stdout));
    }
    let cover_arg = cover.to_str().unwrap();
    let pages_arg = pages.to_string();
    let checked = ok(&["preflight", cover_arg, "--cover", "--pages", &pages_arg, "--paper", "cream", "--trim", "6x9"]);
    assert!(checked.contains("no findings") && checked.contains("spine 0.06 in"), "{checked}");
    // Told the wrong page count, preflight finds the size off the formula.
    let wrong = run(&["preflight", cover_arg, "--pages", "200", "--paper", "cream", "--trim", "6x9"]);
    let text = String::from_utf8_lossy(&wrong.stdout);
    assert!(!wrong.status.success() && text.contains("MediaBox") && text.contains("should be"), "{text}");
    // A one-page landscape PDF is taken for a cover and needs its page count.
    let asked = run(&["preflight", cover_arg]);
    assert!(!asked.status.success() && String::from_utf8_lossy(&asked.stderr).contains("--pages"));

    // `cover 1` writes the same cover again; never over the interior.
    let again = run(&["cover", "1", "--paper", "cream", "--db", &db]);
    let said = String::from_utf8_lossy(&again.stdout);
    assert!(again.status.success() && said.contains("pocket-cover.pdf (replaced)"), "{said}");
    assert!(String::from_utf8_lossy(&again.stderr).is_empty(), "the paper was given: no note");
    // Without --paper: the paper the book was made for (cream here), as
    // recorded with it; nothing to note.
    let recorded = run(&["cover", "1", "--db", &db, "--out", dir.join("recorded.pdf").to_str().unwrap()]);
    let note = String::from_utf8_lossy(&recorded.stderr);
    assert!(recorded.status.success() && String::from_utf8_lossy(&recorded.stdout).contains("on cream paper"), "{note}");
    assert!(note.is_empty(), "the paper is recorded: no note, got {note}");
    let refused = run(&["cover", "1", "--db", &db, "--out", pdf.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&refused.stderr).contains("is the PDF of book 1"), "{refused:?}");
    // A missing blurb is an error naming the file, before any book is made.
    let missing = dir.join("no-such-blurb.txt");
    let refused = run(&["cover", "1", "--db", &db, "--blurb", missing.to_str().unwrap()]);
    assert!(!refused.status.success() && String::from_utf8_lossy(&refused.stderr).contains("no-such-blurb.txt"));
    let blurb = dir.join("blurb.txt");
    std::fs::write(&blurb, "Short puzzles for long trips.\n\nPencil recommended.").unwrap();
    let guided = dir.join("guided.pdf");
    ok(&["cover", "1", "--db", &db, "--blurb", blurb.to_str().unwrap(), "--guides", "--out", guided.to_str().unwrap()]);
    if tool("pdftotext") {
        let text = Command::new("pdftotext").arg(&guided).arg("-").output().unwrap();
        let text = String::from_utf8_lossy(&text.stdout);
        assert!(text.contains("Short puzzles for long trips.") && text.contains("A. Setter"), "{text}");
    }
}

/// The first text object (BT … ET) of a page, moved to (`x`, `y`) and
/// added to the page again: a defect planted in a good cover.
fn plant_text(bytes: &[u8], x: f32, y: f32) -> Vec<u8> {
    let mut doc = Document::load_mem(bytes).unwrap();
    let (_, &page) = doc.get_pages().iter().next().unwrap();
    let mut content = Content::decode(&doc.get_page_content(page)).unwrap();
    let start = content.operations.iter().position(|op| op.operator == "BT").unwrap();
    let end = start + content.operations[start..].iter().position(|op| op.operator == "ET").unwrap();
    let mut planted: Vec<Operation> = content.operations[start..=end].to_vec();
    for op in &mut planted {
        if op.operator == "Tm" {
            op.operands = [1.0, 0.0, 0.0, 1.0, x, y].iter().map(|&v| Object::Real(v)).collect();
        }
    }
    content.operations.extend(planted);
    doc.change_page_content(page, content.encode().unwrap()).unwrap();
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

#[test]
fn covers_follow_the_formula_and_planted_defects_are_caught() {
    let dir = workdir("lib");
    let (db, _, _) = book_with_cover(&dir, &[]);
    let catalog = puzzlebook::cli::open_existing_catalog(Path::new(&db)).unwrap();
    let stored = catalog.book(1).unwrap();
    let trim = "6x9".parse().unwrap();
    for pages in [24, 100, 300, 600] {
        for paper in [Paper::White, Paper::Cream] {
            // The same book as if it had this many pages.
            let row = puzzlebook::store::BookRow { pages: pages as i64, ..stored.clone() };
            let options = CoverOptions { paper, guides: false, blurb: None };
            let rendered = cover_of_stored(&catalog, &row, &options).unwrap_or_else(|e| panic!("{pages} {paper}: {e:#}"));
            let doc = Document::load_mem(&rendered.bytes).unwrap();
            let (media, _) = boxes(&doc);
            let spine = pages as f64 * if paper == Paper::White { 0.002252 } else { 0.0025 };
            let width = (0.125 + 6.0 + spine + 6.0 + 0.125) * 72.0;
            assert!(((media[2] - media[0]) as f64 - width).abs() < 0.01, "{pages} {paper}: {media:?}, want {width}");
            assert!(((media[3] - media[1]) as f64 - 9.25 * 72.0).abs() < 0.01);
            assert_eq!(fonts_embedded(&doc), 2);
            // The title on the spine from 79 pages on where 7 pt fits
            // between the fold clearances (not on 24 pages, always on 300).
            match pages {
                24 => assert!(!rendered.spine_text && rendered.warnings.is_empty(), "{pages} {paper}"),
                100 => assert!(rendered.spine_text || rendered.warnings.iter().any(|w| w.contains("too narrow")), "{pages} {paper}"),
                _ => assert!(rendered.spine_text, "{pages} {paper}"),
            }
            let geometry = CoverGeometry::new(trim, pages, paper);
            assert!(preflight(&rendered.bytes, &Rules::cover(geometry)).is_clean());
            if pages == 300 && paper == Paper::White {
                std::fs::write(dir.join("cover-300.pdf"), &rendered.bytes).unwrap();
            }
        }
    }

    // 7 pt spine text fits between the fold clearances from 107 pages on
    // white paper and 97 on cream (README); below, the spine stays plain.
    for (pages, paper, lettered) in
        [(106, Paper::White, false), (107, Paper::White, true), (96, Paper::Cream, false), (97, Paper::Cream, true)]
    {
        let row = puzzlebook::store::BookRow { pages, ..stored.clone() };
        let rendered = cover_of_stored(&catalog, &row, &CoverOptions { paper, guides: false, blurb: None }).unwrap();
        assert_eq!(rendered.spine_text, lettered, "{pages} pages on {paper}");
    }

    // A page count KDP does not print on the paper makes no cover.
    let row = puzzlebook::store::BookRow { pages: 800, ..stored.clone() };
    let e = cover_of_stored(&catalog, &row, &CoverOptions { paper: Paper::Cream, guides: false, blurb: None }).err().unwrap();
    assert!(format!("{e:#}").contains("800 pages: a KDP paperback on cream paper has 24 to 776 pages"), "{e:#}");
    assert!(cover_of_stored(&catalog, &row, &CoverOptions { paper: Paper::White, guides: false, blurb: None }).is_ok());

    // Text planted in the barcode area of a 100-page cover.
    let geometry = CoverGeometry::new(trim, 100, Paper::White);
    let row = puzzlebook::store::BookRow { pages: 100, ..stored.clone() };
    let good = cover_of_stored(&catalog, &row, &CoverOptions { paper: Paper::White, guides: false, blurb: None }).unwrap();
    let barcode = geometry.barcode();
    let bad = plant_text(&good.bytes, barcode.x + 20.0, barcode.y + 30.0);
    let report = preflight(&bad, &Rules::cover(geometry));
    let found = report.of(Check::Barcode);
    assert_eq!(found.len(), 1, "{:?}", report.findings);
    assert!(found[0].to_string().contains("barcode area"), "{}", found[0]);
    assert_eq!(report.findings.len(), 1, "only the planted text: {:?}", report.findings);
    let file = dir.join("barcode.pdf");
    std::fs::write(&file, &bad).unwrap();
    let cli = run(&["preflight", file.to_str().unwrap(), "--cover", "--pages", "100", "--trim", "6x9"]);
    assert!(!cli.status.success() && String::from_utf8_lossy(&cli.stdout).contains("barcode area"));

    // Text planted on the spine of a 60-page cover (KDP: none under 79 pages).
    let geometry = CoverGeometry::new(trim, 60, Paper::White);
    let row = puzzlebook::store::BookRow { pages: 60, ..stored };
    let good = cover_of_stored(&catalog, &row, &CoverOptions { paper: Paper::White, guides: true, blurb: None }).unwrap();
    assert!(!good.spine_text);
    let spine = geometry.spine();
    let bad = plant_text(&good.bytes, spine.x, 300.0);
    let report = preflight(&bad, &Rules::cover(geometry));
    let found = report.of(Check::SpineText);
    assert_eq!(found.len(), 1, "{:?}", report.findings);
    assert!(found[0].to_string().contains("60-page book"), "{}", found[0]);
    // Text too near the front's outer edge breaks the safe area.
    let front = geometry.front();
    let bad = plant_text(&good.bytes, front.right() - 12.0, 300.0);
    let report = preflight(&bad, &Rules::cover(geometry));
    assert_eq!(report.of(Check::SafeArea).len(), 1, "{:?}", report.findings);
}

/// A flat-coloured RGB (or RGBA, half transparent) PNG of `w` × `h` pixels.
fn write_png(path: &Path, w: u32, h: u32, alpha: bool) {
    let file = std::fs::File::create(path).unwrap();
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), w, h);
    enc.set_color(if alpha { png::ColorType::Rgba } else { png::ColorType::Rgb });
    enc.set_depth(png::BitDepth::Eight);
    let pixel: &[u8] = if alpha { &[200, 60, 40, 128] } else { &[200, 60, 40] };
    let data: Vec<u8> = pixel.iter().copied().cycle().take((w * h) as usize * pixel.len()).collect();
    enc.write_header().unwrap().write_image_data(&data).unwrap();
}

/// The image XObjects of a cover: (colour space, has a soft mask).
fn images(doc: &Document) -> Vec<(String, bool)> {
    doc.objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| s.dict.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Image"))
        .map(|s| {
            let space = s.dict.get(b"ColorSpace").and_then(Object::as_name).map(|n| String::from_utf8_lossy(n).into_owned());
            (space.unwrap_or_default(), s.dict.has(b"SMask"))
        })
        .collect()
}

#[test]
fn a_cover_image_is_checked_for_300_dpi_embedded_and_found_again() {
    let dir = workdir("image");
    let (db, _, _) = book_with_cover(&dir, &["--theme", "berry"]);
    let small = dir.join("small.png");
    write_png(&small, 600, 400, false);
    let refused = run(&["cover", "1", "--db", &db, "--cover-image", small.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "{said}");
    assert!(said.contains("small.png is 600 × 400 pixels") && said.contains("dpi") && said.contains("needs at least"), "{said}");
    let unreadable = dir.join("notes.png");
    std::fs::write(&unreadable, "not a picture").unwrap();
    let refused = run(&["cover", "1", "--db", &db, "--cover-image", unreadable.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&refused.stderr).contains("notes.png: not a PNG or JPEG"), "{refused:?}");

    // A large enough image, half transparent: flattened, RGB, no soft mask.
    let art = dir.join("art.png");
    write_png(&art, 1800, 1400, true);
    let out = dir.join("with-art.pdf");
    ok(&["cover", "1", "--db", &db, "--cover-image", art.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let doc = Document::load(&out).unwrap();
    assert_eq!(images(&doc), vec![("DeviceRGB".to_string(), false)]);
    let pages = Document::load(dir.join("pocket.pdf")).unwrap().get_pages().len().to_string();
    let checked = ok(&["preflight", out.to_str().unwrap(), "--cover", "--pages", &pages, "--trim", "6x9"]);
    assert!(checked.contains("no findings"), "{checked}");
    if tool("qpdf") {
        assert!(Command::new("qpdf").arg("--check").arg(&out).output().unwrap().status.success());
    }

    // Made with the image, the book keeps it: `cover 2` finds it again,
    // and says so by name when it has gone or changed.
    let second = dir.join("second.pdf");
    let mut args = vec!["book", "With Art", "--layout", "classic-9", "--levels", "easy", "--count", "8", "--trim", "6x9"];
    args.extend(["--allow-reprint", "--cover-image", art.to_str().unwrap(), "--db", &db, "--out", second.to_str().unwrap()]);
    ok(&args);
    let cover = dir.join("second-cover.pdf");
    ok(&["cover", "2", "--db", &db]);
    assert_eq!(images(&Document::load(&cover).unwrap()).len(), 1);
    let moved = dir.join("moved.png");
    std::fs::rename(&art, &moved).unwrap();
    let refused = run(&["cover", "2", "--db", &db]);
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success() && said.contains("art.png is missing"), "{said}");
    write_png(&art, 1800, 1401, true);
    let refused = run(&["cover", "2", "--db", &db]);
    assert!(String::from_utf8_lossy(&refused.stderr).contains("has changed"), "{refused:?}");
    // Without an image, a stored book's cover is its own puzzles' (no image at all).
    ok(&["cover", "1", "--db", &db]);
    assert!(images(&Document::load(dir.join("pocket-cover.pdf")).unwrap()).is_empty());
}
