use super::*;
use crate::family;
use crate::layout::Layout;

/// A classic puzzle (`../shared/data/sudoku/17-clue.txt`'s first kind: 17
/// givens) and its solution.
const GIVENS: &str = "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
const SOLUTION: &str = "693784512487512936125963874932651487568247391741398625319475268856129743274836159";

fn classic() -> Box<dyn Family> {
    family::open(Layout::load("classic-9").unwrap())
}

fn givens_in_order() -> Vec<String> {
    GIVENS.chars().filter(|&c| c != '0').map(String::from).collect()
}

#[test]
fn the_solution_is_right() {
    assert_eq!(classic().solve(GIVENS, None).unwrap(), family::Answer::Unique(SOLUTION.into()));
}

#[test]
fn a_figure_shows_the_givens_in_reading_order_and_an_answer_every_digit() {
    let fonts = Fonts::unembedded().unwrap();
    let options = ArtOptions::default();
    let f = figure(&*classic(), GIVENS, None, &options, &fonts);
    assert_eq!(f.texts(), givens_in_order());
    assert_eq!(f.width, 288.0);
    assert!((f.height - 288.0).abs() < 0.01, "a square grid makes a square figure: {}", f.height);
    // Everything lies on the sheet.
    for item in &f.items {
        let points: Vec<(f32, f32)> = match item {
            Item::Line { points, .. } | Item::Polygon { points, .. } => points.clone(),
            Item::Text { x, y, .. } => vec![(*x, *y)],
        };
        assert!(points.iter().all(|&(x, y)| (0.0..=f.width).contains(&x) && (0.0..=f.height).contains(&y)), "{item:?}");
    }
    let answer = figure(&*classic(), GIVENS, Some(SOLUTION), &options, &fonts);
    assert_eq!(answer.texts().concat(), SOLUTION);
}

/// The texts of an SVG's `<text>` elements, in order (or of its outline
/// paths' labels).
fn svg_texts(svg: &str, tag: &str) -> Vec<String> {
    svg.split(tag)
        .skip(1)
        .map(|rest| match tag {
            "<text " => rest.split('>').nth(1).unwrap().split('<').next().unwrap().to_string(),
            _ => rest.split('"').nth(1).unwrap().to_string(),
        })
        .collect()
}

#[test]
fn svgs_parse_and_hold_the_givens_in_order_as_text_or_outlines() {
    let fonts = Fonts::unembedded().unwrap();
    for (mode, tag) in [(SvgText::Embedded, "<text "), (SvgText::Outlines, "<path aria-label")] {
        let options = ArtOptions { svg_text: mode, ..ArtOptions::default() };
        let f = figure(&*classic(), GIVENS, None, &options, &fonts);
        let bytes = encode(&f, ArtFormat::Svg, &options, &fonts, "classic-9 #1 & co", "D:20261123000000Z").unwrap();
        let svg = String::from_utf8(bytes).unwrap();
        let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).expect("a valid SVG");
        // 288 pt, which SVG renderers count as 384 px.
        assert!((tree.size().width() - 384.0).abs() < 0.5, "the figure is 288 pt wide: {}", tree.size().width());
        assert!(svg.contains("<title>classic-9 #1 &amp; co</title>"));
        assert_eq!(svg_texts(&svg, tag), givens_in_order(), "{mode:?}");
        match mode {
            SvgText::Embedded => assert!(svg.contains("@font-face") && !svg.contains("<path")),
            SvgText::Outlines => assert!(!svg.contains("<text") && !svg.contains("@font-face")),
        }
    }
}

#[test]
fn png_eps_and_pdf_have_the_figure_size() {
    let fonts = Fonts::unembedded().unwrap();
    let options = ArtOptions { width: parse_length("2in").unwrap(), dpi: 150, ..ArtOptions::default() };
    let f = figure(&*classic(), GIVENS, None, &options, &fonts);
    let date = "D:20261123000000Z";

    let png = encode(&f, ArtFormat::Png, &options, &fonts, "t", date).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let (w, h) = (u32::from_be_bytes(png[16..20].try_into().unwrap()), u32::from_be_bytes(png[20..24].try_into().unwrap()));
    assert_eq!((w, h), (300, 300), "2 in at 150 dpi");
    assert_eq!(&png[37..41], b"pHYs");
    assert_eq!(u32::from_be_bytes(png[41..45].try_into().unwrap()), 5906, "150 dpi in pixels per metre");
    // Ink: the grid lines make dark pixels (the image is not blank).
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert!(pixmap.pixels().iter().filter(|p| p.red() < 64).count() > 1000);

    let eps = String::from_utf8(encode(&f, ArtFormat::Eps, &options, &fonts, "t", date).unwrap()).unwrap();
    assert!(eps.starts_with("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 144 144\n"), "{}", &eps[..80]);
    let glyphs: Vec<&str> = eps.lines().filter_map(|l| l.strip_prefix("% ")).collect();
    assert_eq!(glyphs, givens_in_order());
    assert!(eps.trim_end().ends_with("%%EOF"));

    let pdf = encode(&f, ArtFormat::Pdf, &options, &fonts, "t", date).unwrap();
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    assert_eq!(doc.get_pages().len(), 1);
    let page = doc.get_object(*doc.get_pages().values().next().unwrap()).unwrap().as_dict().unwrap();
    let media: Vec<f32> = page.get(b"MediaBox").unwrap().as_array().unwrap().iter().map(|o| o.as_float().unwrap()).collect();
    assert_eq!(media, vec![0.0, 0.0, 144.0, 144.0]);
}

#[test]
fn lengths_and_formats_parse_or_say_why_not() {
    assert!((parse_length("80mm").unwrap() - 226.77).abs() < 0.01);
    assert_eq!(parse_length("3in").unwrap(), 216.0);
    assert_eq!(parse_length("216pt").unwrap(), 216.0);
    assert_eq!(parse_length("8").unwrap_err(), "'8' needs a unit: mm, cm, in or pt");
    assert_eq!(parse_length("3ft").unwrap_err(), "unknown unit 'ft' in '3ft': mm, cm, in or pt");
    assert_eq!(parse_length("0.1in").unwrap_err(), "0.1in is out of range: a figure is 0.5 to 40 inches wide");
    assert_eq!("SVG".parse::<ArtFormat>(), Ok(ArtFormat::Svg));
    assert_eq!("tiff".parse::<ArtFormat>().unwrap_err(), "unknown art format 'tiff': svg, png, pdf or eps");
}
