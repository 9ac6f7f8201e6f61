//! Preflight: a book printed by the binary is checked as it comes out today
//! (its structure must pass; what it breaks is printed), and hand-built
//! PDFs show that every check catches its defect: small text, text in the
//! gutter, a short odd book, unembedded fonts (simple and Type0), thin
//! lines, light greys, wrong or missing page boxes, annotations,
//! transparency, an empty PDF/X marker, encryption. A clean hand-built
//! book passes, so each defect is what is found.

mod common;
use common::{ok, run};

use lopdf::{Dictionary, Document, Object, Stream, dictionary};
use puzzlebook::page::Trim;
use puzzlebook::preflight::{Check, Report, Rules, SheetError, page_setup, preflight};
use std::path::PathBuf;

// ------------------------------------------------------ hand-built PDFs

const LETTER: (f32, f32) = (612.0, 792.0);

#[derive(Clone, Copy, PartialEq)]
enum FontKind {
    /// A TrueType font with its program (FontFile2).
    Embedded,
    /// Helvetica by name only.
    Standard14,
    /// A Type0 font whose descendant CID font has a descriptor but no program.
    Type0WithoutProgram,
}

fn font(doc: &mut Document, kind: FontKind) -> Object {
    let program = doc.add_object(Stream::new(Dictionary::new(), b"not really a font program".to_vec()));
    let descriptor = |with_program: bool| {
        let mut d = dictionary! {
            "Type" => "FontDescriptor", "FontName" => "Test", "Flags" => 32, "Ascent" => 900, "Descent" => -200,
            "CapHeight" => 700, "ItalicAngle" => 0, "StemV" => 80,
            "FontBBox" => vec![0.into(), (-200).into(), 1000.into(), 900.into()],
        };
        if with_program {
            d.set("FontFile2", program);
        }
        d
    };
    let dict = match kind {
        FontKind::Embedded => {
            let descriptor = doc.add_object(descriptor(true));
            dictionary! {
                "Type" => "Font", "Subtype" => "TrueType", "BaseFont" => "Test", "FirstChar" => 32, "LastChar" => 126,
                "Widths" => (32..=126).map(|_| Object::Integer(600)).collect::<Vec<_>>(), "FontDescriptor" => descriptor,
            }
        }
        FontKind::Standard14 => dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica" },
        FontKind::Type0WithoutProgram => {
            let descriptor = doc.add_object(descriptor(false));
            let cid = doc.add_object(dictionary! {
                "Type" => "Font", "Subtype" => "CIDFontType2", "BaseFont" => "Test", "DW" => 600, "FontDescriptor" => descriptor,
                "CIDSystemInfo" => dictionary! { "Registry" => Object::string_literal("Adobe"), "Ordering" => Object::string_literal("Identity"), "Supplement" => 0 },
            });
            dictionary! { "Type" => "Font", "Subtype" => "Type0", "BaseFont" => "Test", "Encoding" => "Identity-H", "DescendantFonts" => vec![cid.into()] }
        }
    };
    doc.add_object(dict).into()
}

/// Text at `size` with its baseline starting at (x, y).
fn text(s: &str, x: f32, y: f32, size: f32) -> String {
    format!("BT /F1 {size} Tf 1 0 0 1 {x} {y} Tm ({s}) Tj ET\n")
}

/// What a clean letter page holds well inside the live area: a label, a
/// 1 pt line, a grey box and the page number.
fn clean_page(number: usize) -> String {
    text("Puzzle 1", 100.0, 600.0, 10.0)
        + "1 w 0 G 100 300 m 300 300 l S\n0.8 g 100 100 50 50 re f\n0 g\n"
        + &text(&number.to_string(), 300.0, 40.0, 9.0)
}

/// A letter book of `pages` pages (MediaBox = TrimBox), every page's content from `content`.
fn book(pages: usize, kind: FontKind, content: impl Fn(usize) -> String) -> Document {
    let mut doc = Document::with_version("1.7");
    let pages_id = doc.new_object_id();
    let font = font(&mut doc, kind);
    let resources = doc.add_object(dictionary! { "Font" => dictionary! { "F1" => font } });
    let page_box = || vec![0.into(), 0.into(), LETTER.0.into(), LETTER.1.into()];
    let kids: Vec<Object> = (1..=pages)
        .map(|n| {
            let content = doc.add_object(Stream::new(Dictionary::new(), content(n).into_bytes()));
            doc.add_object(dictionary! {
                "Type" => "Page", "Parent" => pages_id, "Contents" => content, "Resources" => resources,
                "MediaBox" => page_box(), "TrimBox" => page_box(),
            })
            .into()
        })
        .collect();
    doc.objects.insert(pages_id, Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => kids, "Count" => pages as i64 }));
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    doc
}

fn bytes(doc: &mut Document) -> Vec<u8> {
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

fn letter() -> Rules {
    Rules::new(Trim { width: 8.5, height: 11.0 }, false, false)
}

fn check(doc: &mut Document, rules: &Rules) -> Report {
    let report = preflight(&bytes(doc), rules);
    for f in &report.findings {
        println!("{f}");
    }
    println!("{}", report.summary());
    report
}

fn checks(report: &Report) -> Vec<Check> {
    let mut c: Vec<Check> = report.findings.iter().map(|f| f.check).collect();
    c.dedup();
    c
}

/// The page and printed line of the only finding of `check`.
fn only(report: &Report, check: Check) -> (Option<usize>, String) {
    assert_eq!(checks(report), [check], "only {check:?} expected: {:#?}", report.findings);
    let f = &report.findings[0];
    (f.page, f.to_string())
}

fn page_page(n: usize, on: usize, defect: &str) -> String {
    clean_page(n) + if n == on { defect } else { "" }
}

#[test]
fn a_clean_hand_built_book_passes() {
    let report = check(&mut book(24, FontKind::Embedded, clean_page), &letter());
    assert!(report.is_clean(), "{:#?}", report.findings);
    assert_eq!((report.pages, report.gutter_in), (24, 0.375));
    assert!(report.summary().ends_with("no findings"), "{}", report.summary());
}

#[test]
fn small_text_is_caught() {
    let report = check(&mut book(24, FontKind::Embedded, |n| page_page(n, 3, &text("E", 200.0, 500.0, 5.0))), &letter());
    let (page, line) = only(&report, Check::TextSize);
    assert_eq!(page, Some(3));
    assert!(line.starts_with("page 3: text 'E' 5.0 pt at (200.0, 500.0)") && line.ends_with("under the 7 pt minimum"), "{line}");
    // 6.9 pt too; 7 pt passes.
    let report = check(&mut book(24, FontKind::Embedded, |n| page_page(n, 4, &text("ok", 200.0, 500.0, 7.0))), &letter());
    assert!(report.is_clean());
    let report = check(&mut book(24, FontKind::Embedded, |n| page_page(n, 4, &text("no", 200.0, 500.0, 6.9))), &letter());
    assert_eq!(only(&report, Check::TextSize).0, Some(4));
    // Text scaled down by the transformation matrix is small text too.
    let scaled = format!("q 0.5 0 0 0.5 0 0 cm {}Q\n", text("half", 400.0, 800.0, 10.0));
    let report = check(&mut book(24, FontKind::Embedded, |n| page_page(n, 5, &scaled)), &letter());
    assert!(only(&report, Check::TextSize).1.contains("'half' 5.0 pt at (200.0, 400.0)"));
}

#[test]
fn large_print_asks_14_pt() {
    let mut rules = letter();
    rules = Rules { large_print: true, ..Rules::new(rules.trim, false, true) };
    let report = check(
        &mut book(24, FontKind::Embedded, |n| text("Puzzle 1", 100.0, 600.0, 16.0) + &text(&n.to_string(), 300.0, 40.0, 14.0)),
        &rules,
    );
    assert!(report.is_clean(), "{:#?}", report.findings);
    let report = check(&mut book(24, FontKind::Embedded, clean_page), &rules);
    assert!(report.of(Check::TextSize).len() >= 24, "the 10 pt labels and 9 pt folios of every page");
    assert!(report.findings[0].to_string().contains("under the 14 pt minimum of a large-print book"), "{}", report.findings[0]);
}

#[test]
fn text_in_the_gutter_or_margins_is_caught() {
    // Page 3 is a right-hand page: its gutter (0.375 in = 27 pt) is on the left.
    let report = check(&mut book(24, FontKind::Embedded, |n| page_page(n, 3, &text("Gutter", 20.0, 400.0, 10.0))), &letter());
    let (page, line) = only(&report, Check::LiveArea);
    assert_eq!(page, Some(3));
    assert!(
        line.contains("text 'Gutter' 10.0 pt")
            && line.contains("in the gutter (left) margin: 0.278 in from the trim edge, the margin is 0.375 in"),
        "{line}"
    );
    // The same place on a left-hand page is in the 0.25 in outside margin: fine.
    let report = check(&mut book(24, FontKind::Embedded, |n| page_page(n, 4, &text("Outside", 20.0, 400.0, 10.0))), &letter());
    assert!(report.is_clean(), "{:#?}", report.findings);
    // Its gutter is on the right: a word ending 20 pt from the right edge.
    let report =
        check(&mut book(24, FontKind::Embedded, |n| page_page(n, 4, &text("Edge", 612.0 - 20.0 - 4.0 * 6.0, 400.0, 10.0))), &letter());
    assert!(only(&report, Check::LiveArea).1.contains("in the gutter (right) margin"));
    // A glyph's box counts, descender and ascender too: a baseline 17 pt
    // up puts the 10 pt type's descent (2 pt) in the 18 pt bottom margin.
    let report = check(&mut book(24, FontKind::Embedded, |n| page_page(n, 6, &text("low", 300.0, 19.0, 10.0))), &letter());
    assert!(only(&report, Check::LiveArea).1.contains("in the bottom margin"));
    // A line into the top margin.
    let report = check(&mut book(24, FontKind::Embedded, |n| page_page(n, 8, "1 w 100 700 m 100 780 l S\n")), &letter());
    assert!(only(&report, Check::LiveArea).1.contains("a line of width 1.00 pt") && report.findings[0].to_string().contains("top margin"));
}

#[test]
fn a_short_odd_book_is_caught() {
    let report = check(&mut book(21, FontKind::Embedded, clean_page), &letter());
    let lines: Vec<String> = report.of(Check::PageCount).iter().map(|f| f.to_string()).collect();
    assert_eq!(
        lines,
        ["document: 21 pages: fewer than the 24-page minimum", "document: 21 pages: an odd page count (must be even)"],
        "{:#?}",
        report.findings
    );
    assert_eq!(checks(&report), [Check::PageCount]);
    assert_eq!(check(&mut book(25, FontKind::Embedded, clean_page), &letter()).of(Check::PageCount).len(), 1);
}

#[test]
fn unembedded_fonts_are_caught() {
    let report = check(&mut book(24, FontKind::Standard14, clean_page), &letter());
    let (page, line) = only(&report, Check::FontEmbedding);
    assert_eq!(page, Some(1));
    assert!(line.contains("font /F1 (Helvetica): not embedded"), "{line}");
    assert_eq!(report.findings.len(), 1, "one finding per font, not per page");

    let report = check(&mut book(24, FontKind::Type0WithoutProgram, |_| "BT /F1 10 Tf 100 600 Td <00410042> Tj ET\n".into()), &letter());
    let (_, line) = only(&report, Check::FontEmbedding);
    assert!(line.contains("descendant font Test") && line.contains("no FontFile, FontFile2 or FontFile3"), "{line}");
}

#[test]
fn thin_lines_and_light_greys_are_caught() {
    let report =
        check(&mut book(24, FontKind::Embedded, |n| page_page(n, 7, "0.4 w 100 200 m 200 200 l 100 210 m 200 210 l S\n")), &letter());
    let (page, line) = only(&report, Check::LineWidth);
    assert_eq!(page, Some(7));
    assert!(line.contains("a stroked line of width 0.40 pt") && line.ends_with("under the 0.75 pt minimum"), "{line}");
    // A 1 pt line scaled by a half is a half-point line.
    let report =
        check(&mut book(24, FontKind::Embedded, |n| page_page(n, 7, "q 0.5 0 0 0.5 0 0 cm 1 w 200 400 m 400 400 l S Q\n")), &letter());
    assert!(only(&report, Check::LineWidth).1.contains("width 0.50 pt"));

    let report = check(&mut book(24, FontKind::Embedded, |n| page_page(n, 9, "0.95 g 100 400 40 40 re f 0 g\n")), &letter());
    let (page, line) = only(&report, Check::LightGrey);
    assert_eq!(page, Some(9));
    assert!(line.contains("a fill of grey level 0.950 (5.0 % ink)") && line.ends_with("lighter than the 10 % minimum"), "{line}");
    // 10 % exactly, and white, pass; light grey text is caught.
    let report =
        check(&mut book(24, FontKind::Embedded, |n| page_page(n, 9, "0.9 g 100 400 40 40 re f 1 g 100 450 40 40 re f 0 g\n")), &letter());
    assert!(report.is_clean(), "{:#?}", report.findings);
    let faint = format!("0 0 0 0.05 k {}0 g\n", text("faint", 300.0, 500.0, 12.0));
    assert!(
        only(&check(&mut book(24, FontKind::Embedded, |n| page_page(n, 2, &faint)), &letter()), Check::LightGrey)
            .1
            .contains("text of grey level 0.950")
    );
}

fn first_page(doc: &mut Document) -> &mut Dictionary {
    let id = *doc.get_pages().values().next().unwrap();
    doc.get_dictionary_mut(id).unwrap()
}

#[test]
fn page_boxes_are_checked() {
    let mut doc = book(24, FontKind::Embedded, clean_page);
    first_page(&mut doc).remove(b"TrimBox");
    let (page, line) = only(&check(&mut doc, &letter()), Check::PageBoxes);
    assert_eq!(page, Some(1));
    assert!(line.contains("TrimBox: missing"), "{line}");
    // A letter book checked as 6x9: every page's boxes are wrong.
    let six_by_nine = Rules::new(Trim { width: 6.0, height: 9.0 }, false, false);
    let report = preflight(&bytes(&mut book(24, FontKind::Embedded, clean_page)), &six_by_nine);
    assert_eq!(report.of(Check::PageBoxes).len(), 48, "MediaBox and TrimBox of 24 pages");
    // With bleed the sheet is 0.125 in wider and 0.25 in taller.
    let bled = Rules::new(Trim { width: 8.5, height: 11.0 }, true, false);
    let report = preflight(&bytes(&mut book(24, FontKind::Embedded, clean_page)), &bled);
    assert!(report.of(Check::PageBoxes)[0].to_string().contains("should be 621.00 × 810.00 pt for 8.5x11 in with bleed"));
}

/// A bled letter book: sheets 621 × 810 pt, the trim flush with the spine.
fn bled_book(content: impl Fn(usize) -> String) -> Document {
    let mut doc = book(24, FontKind::Embedded, content);
    let ids: Vec<_> = doc.get_pages().into_values().collect();
    for (i, id) in ids.into_iter().enumerate() {
        let x = if i % 2 == 0 { 0.0 } else { 9.0 };
        let page = doc.get_dictionary_mut(id).unwrap();
        page.set("MediaBox", vec![0.into(), 0.into(), 621.0.into(), 810.0.into()]);
        page.set("TrimBox", vec![x.into(), 9.0.into(), (x + 612.0).into(), 801.0.into()]);
    }
    doc
}

#[test]
fn bleed_fills_pass_and_margins_widen() {
    let bled = Rules::new(Trim { width: 8.5, height: 11.0 }, true, false);
    let bytes_of = |mut doc: Document| bytes(&mut doc);
    assert_eq!(page_setup(&bytes_of(bled_book(clean_page))).unwrap(), (Trim { width: 8.5, height: 11.0 }, true));
    let report = preflight(&bytes_of(bled_book(clean_page)), &bled);
    assert!(report.is_clean(), "{:#?}", report.findings);
    // A band off the outside edge bleeds; one stopping in the margin does not.
    let band = |x: f32| format!("0.5 g {x} 300 100 20 re f 0 g\n");
    let report = preflight(&bytes_of(bled_book(|n| page_page(n, 3, &band(540.0)))), &bled);
    assert!(report.is_clean(), "{:#?}", report.findings);
    let report = preflight(&bytes_of(bled_book(|n| page_page(n, 3, &band(500.0)))), &bled);
    let (page, line) = only(&report, Check::LiveArea);
    assert_eq!(page, Some(3));
    assert!(line.contains("outside (right) margin") && line.contains("the margin is 0.375 in"), "{line}");
    // Text 20 pt inside the trim is in a bled book's 27 pt margin.
    let report = preflight(&bytes_of(bled_book(|n| page_page(n, 4, &text("x", 300.0, 9.0 + 792.0 - 25.0, 10.0)))), &bled);
    assert!(only(&report, Check::LiveArea).1.contains("top margin"));
}

#[test]
fn annotations_transparency_pdfx_and_encryption_are_caught() {
    let mut doc = book(24, FontKind::Embedded, clean_page);
    let link =
        doc.add_object(dictionary! { "Type" => "Annot", "Subtype" => "Link", "Rect" => vec![0.into(), 0.into(), 10.into(), 10.into()] });
    first_page(&mut doc).set("Annots", vec![link.into()]);
    let (page, line) = only(&check(&mut doc, &letter()), Check::Annotation);
    assert_eq!(page, Some(1));
    assert!(line.contains("a /Link annotation"), "{line}");

    let mut doc = book(24, FontKind::Embedded, |n| page_page(n, 2, "q /A1 gs 100 400 40 40 re f Q\n"));
    let alpha = doc.add_object(dictionary! { "Type" => "ExtGState", "ca" => 0.5 });
    let resources = first_page(&mut doc).get(b"Resources").unwrap().as_reference().unwrap();
    doc.get_dictionary_mut(resources).unwrap().set("ExtGState", dictionary! { "A1" => alpha });
    let (page, line) = only(&check(&mut doc, &letter()), Check::Transparency);
    assert_eq!(page, Some(2));
    assert!(line.contains("graphics state /A1: uses transparency (/ca 0.5)"), "{line}");

    let mut doc = book(24, FontKind::Embedded, clean_page);
    let info = doc.add_object(dictionary! { "Title" => Object::string_literal("T"), "GTS_PDFXVersion" => Object::string_literal("") });
    doc.trailer.set("Info", info);
    let (page, line) = only(&check(&mut doc, &letter()), Check::PdfX);
    assert_eq!(page, None);
    assert!(line.starts_with("document: /GTS_PDFXVersion"), "{line}");

    let mut doc = book(24, FontKind::Embedded, clean_page);
    let encrypt = doc.add_object(dictionary! {
        "Filter" => "Standard", "V" => 1, "R" => 2, "P" => -4,
        "O" => Object::string_literal(vec![0u8; 32]), "U" => Object::string_literal(vec![1u8; 32]),
    });
    doc.trailer.set("Encrypt", encrypt);
    doc.trailer.set("ID", vec![Object::string_literal(vec![2u8; 16]), Object::string_literal(vec![2u8; 16])]);
    let report = check(&mut doc, &letter());
    assert!(!report.of(Check::Encryption).is_empty(), "{:#?}", report.findings);
}

#[test]
fn three_blank_pages_in_a_row_are_caught() {
    let report =
        check(&mut book(24, FontKind::Embedded, |n| if (10..=12).contains(&n) { String::new() } else { clean_page(n) }), &letter());
    let (page, line) = only(&report, Check::BlankPages);
    assert_eq!(page, Some(12));
    assert!(line.contains("pages 10–12"), "{line}");
    let report =
        check(&mut book(24, FontKind::Embedded, |n| if (10..=11).contains(&n) { String::new() } else { clean_page(n) }), &letter());
    assert!(report.is_clean());
}

// --------------------------------------------- books made by the binary

fn workdir(name: &str) -> PathBuf {
    common::workdir("preflight", name)
}

/// A classic-9 book of 48 easy puzzles as the binary prints it today. Its
/// structure passes (page boxes, embedded fonts, margins, annotations,
/// encryption, transparency); what it breaks today is printed, not hidden:
/// on 2026-11-23 that was an odd page count (29 pages) and the empty
/// /GTS_PDFXVersion printpdf writes in the document information. The command prints one line a finding and a
/// summary and fails when anything is found; the library says the same.
#[test]
fn a_printed_book_is_preflighted() {
    let dir = workdir("classic");
    let db = dir.join("p.db");
    let db = db.to_str().unwrap();
    ok(&["generate", "classic-9", "--count", "48", "--difficulty", "easy", "--seed", "7", "--db", db]);
    ok(&["validate", "--db", db]);
    let pdf = dir.join("book.pdf");
    ok(&["book", "Preflight", "--layout", "classic-9", "--levels", "easy", "--count", "48", "--db", db, "--out", pdf.to_str().unwrap()]);

    let bytes = std::fs::read(&pdf).unwrap();
    let (trim, bleed) = page_setup(&bytes).unwrap();
    assert_eq!((trim, bleed), (Trim { width: 8.5, height: 11.0 }, false), "read from the first page");
    let report = preflight(&bytes, &Rules::new(trim, bleed, false));
    for f in &report.findings {
        println!("today: {f}");
    }
    println!("today: {}", report.summary());
    for structural in [
        Check::Unreadable,
        Check::PageBoxes,
        Check::FontEmbedding,
        Check::LiveArea,
        Check::Annotation,
        Check::Encryption,
        Check::Transparency,
    ] {
        assert!(report.of(structural).is_empty(), "{structural:?}: {:#?}", report.of(structural));
    }

    let out = run(&["preflight", pdf.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), report.findings.len() + 1, "{stdout}");
    assert!(lines.last().unwrap().contains(&report.summary()), "{stdout}");
    assert_eq!(out.status.success(), report.is_clean(), "exit status 1 exactly when something is found");

    // Checked as a 6x9 book every page's boxes are wrong; as large print its 10 pt labels are small.
    let out = run(&["preflight", pdf.to_str().unwrap(), "--trim", "6x9", "--large-print"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(stdout.contains("page 1: MediaBox [0.00 0.00 612.00 792.00]"), "{stdout}");
    // (Puzzle 1 stands after the title, copyright and introduction pages.)
    assert!(stdout.lines().any(|l| l.starts_with("page 4: text 'Puzzle 1'") && l.contains("under the 14 pt minimum")), "{stdout}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_command_fails_on_a_planted_defect() {
    let dir = workdir("planted");
    let pdf = dir.join("small.pdf");
    std::fs::write(&pdf, bytes(&mut book(24, FontKind::Embedded, |n| page_page(n, 3, &text("E", 200.0, 500.0, 5.0))))).unwrap();
    let out = run(&["preflight", pdf.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout.starts_with("page 3: text 'E' 5.0 pt at (200.0, 500.0) in font /F1 (Test): under the 7 pt minimum\n"), "{stdout}");
    assert!(stdout.contains("1 finding(s): text size 1 on 1 page(s)"), "{stdout}");
    std::fs::write(&pdf, bytes(&mut book(24, FontKind::Embedded, clean_page))).unwrap();
    let out = run(&["preflight", pdf.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    let _ = std::fs::remove_dir_all(dir);
}

/// A one-page sheet `width` × `height` inches, empty: the shape of a cover.
fn sheet_pdf(path: &std::path::Path, width: f32, height: f32) {
    let mut doc = book(1, FontKind::Embedded, |_| String::new());
    let media: Vec<Object> = vec![0.into(), 0.into(), (width * 72.0).into(), (height * 72.0).into()];
    first_page(&mut doc).set("MediaBox", media);
    std::fs::write(path, bytes(&mut doc)).unwrap();
}

/// `--pages` outside KDP's range for the paper, a trim read from the sheet
/// that no paperback has, and a --min-text that is no size are refused,
/// saying why (they once passed: `--pages 0`, `--pages 100000` read a
/// −104 in trim from the sheet, `--min-text NaN` switched the check off).
#[test]
fn impossible_cover_options_are_refused() {
    let dir = workdir("options");
    let cover = dir.join("cover.pdf");
    sheet_pdf(&cover, 12.31, 9.25);
    let file = cover.to_str().unwrap();
    for (args, reason) in [
        (vec!["--pages", "0"], "cover.pdf: --pages 0: 0 pages: a KDP paperback on white paper has 24 to 828 pages"),
        (vec!["--pages", "100000"], "--pages 100000: 100000 pages: a KDP paperback on white paper has 24 to 828 pages"),
        (vec!["--pages", "800", "--paper", "cream"], "800 pages: a KDP paperback on cream paper has 24 to 776 pages"),
        (vec!["--pages", "23", "--paper", "color"], "23 pages: a KDP paperback on color paper has 24 to 828 pages"),
        (vec!["--pages", "24", "--min-text", "NaN"], "NaN pt: the smallest text allowed is given in points, 1 to 72"),
        (vec!["--pages", "24", "--min-text", "inf"], "inf pt: the smallest text allowed is given in points, 1 to 72"),
        (vec!["--pages", "24", "--min-text", "0"], "0 pt: the smallest text allowed"),
        (vec!["--pages", "24", "--min-text=-7"], "-7 pt: the smallest text allowed"),
    ] {
        let out = run(&[&["preflight", file][..], &args].concat());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(reason), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing checked");
    }
    // Pages the sheet cannot hold: a 9 in sheet with an 828-page spine
    // (1.865 in) leaves 3.443 in a side, under KDP's 4 in.
    sheet_pdf(&cover, 9.0, 9.25);
    let out = run(&["preflight", file, "--pages", "828"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success()
            && err.contains(
                "a 9x9.25 in sheet with a spine of 1.865 in (828 pages on white paper) leaves a trim of 3.443x9 in, which no paperback has"
            ),
        "{err}"
    );
    assert!(err.contains("check --pages and --paper, or give --trim"), "{err}");
    // In range, the sheet is checked (24 pages: a 4.348 in trim).
    let out = run(&["preflight", file, "--pages", "24", "--min-text", "9"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("trim 4.348x9 in, read from the sheet") && said.contains("text ≥ 9 pt"), "{said}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A check's answer is its exit status, however its output ends: a reader
/// that leaves after the first line (`preflight … | head -1`) still sees
/// status 1 when anything was found (it was 0), and nothing panics.
#[test]
fn findings_fail_the_command_when_the_reader_leaves_early() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let dir = workdir("pipe");
    let pdf = dir.join("small.pdf");
    // 24 pages of 40 different small texts: 960 lines, more than a pipe holds.
    let small = |n: usize| (0..40).map(|i| text(&format!("n{n}x{i}"), 100.0, 100.0 + 12.0 * i as f32, 5.0)).collect::<String>();
    std::fs::write(&pdf, bytes(&mut book(24, FontKind::Embedded, |n| clean_page(n) + &small(n)))).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlebook"))
        .args(["preflight", pdf.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    // The reader is gone (dropped): every later write fails with EPIPE.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(first.starts_with("page 1: text 'n1x0' 5.0 pt"), "{first}");
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("small.pdf: 960 finding(s)") && !err.contains("panicked"), "{err}");
    // Standard output closed before the start: the same answer.
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlebook")).args(["preflight", pdf.to_str().unwrap()]).stdout(Stdio::null()).output();
    assert_eq!(out.unwrap().status.code(), Some(1));
    let _ = std::fs::remove_dir_all(dir);
}

/// An encrypted PDF is said to be encrypted (it was "a PDF with no
/// pages"), and a file that is no PDF is named as such, without advice to
/// give --trim.
#[test]
fn encrypted_pdfs_and_files_that_are_no_pdf_are_named_for_what_they_are() {
    let dir = workdir("kinds");
    let mut doc = book(24, FontKind::Embedded, clean_page);
    let encrypt = doc.add_object(dictionary! {
        "Filter" => "Standard", "V" => 1, "R" => 2, "P" => -4,
        "O" => Object::string_literal(vec![0u8; 32]), "U" => Object::string_literal(vec![1u8; 32]),
    });
    doc.trailer.set("Encrypt", encrypt);
    doc.trailer.set("ID", vec![Object::string_literal(vec![2u8; 16]), Object::string_literal(vec![2u8; 16])]);
    let encrypted = bytes(&mut doc);
    assert_eq!(page_setup(&encrypted).unwrap_err(), SheetError::Encrypted);
    let pdf = dir.join("locked.pdf");
    std::fs::write(&pdf, &encrypted).unwrap();
    let out = run(&["preflight", pdf.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("locked.pdf: the PDF is encrypted"), "{err}");
    assert!(!err.contains("no pages"), "{err}");

    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "Puzzle notes\n").unwrap();
    let out = run(&["preflight", notes.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("notes.txt: not a PDF (a PDF file starts with %PDF-; this one starts \"Puzzle notes.\")"),
        "{err}"
    );
    assert!(!err.contains("--trim"), "{err}");
    assert!(matches!(page_setup(b"Puzzle notes\n"), Err(SheetError::NotPdf(_))));
    let _ = std::fs::remove_dir_all(dir);
}
