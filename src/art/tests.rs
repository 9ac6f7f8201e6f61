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
            Item::TextDown { x, top, .. } => vec![(*x, *top)],
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

#[test]
fn every_svg_element_sets_its_fill_and_stroke() {
    // Renderers differ in their defaults: ImageMagick's own strokes a
    // polygon or a glyph that does not say `stroke="none"`.
    let fonts = Fonts::unembedded().unwrap();
    for mode in [SvgText::Embedded, SvgText::Outlines] {
        let options = ArtOptions { svg_text: mode, ..ArtOptions::default() };
        let mut polygons = false;
        // Windoku shades its windows (polygons); even-odd prints marks.
        let figures = ["windoku-9", "even-odd-9", "classic-9"]
            .map(|id| figure(&*family::open(Layout::load(id).unwrap()), GIVENS, None, &options, &fonts));
        for fig in figures {
            let svg = String::from_utf8(encode(&fig, ArtFormat::Svg, &options, &fonts, "t", "D:20261123000000Z").unwrap()).unwrap();
            let mut drawn = 0;
            for tag in ["<polyline ", "<polygon ", "<text ", "<path "] {
                for element in svg.split(tag).skip(1) {
                    let attributes = element.split('>').next().unwrap();
                    assert!(attributes.contains(" fill=\"") && attributes.contains(" stroke=\""), "{mode:?}: {tag}{attributes}");
                    drawn += 1;
                }
            }
            assert!(drawn > 20, "{mode:?}: the figure draws something");
            assert!(svg.contains("<polyline ") && (svg.contains("<text ") || svg.contains("<path ")), "{mode:?}");
            polygons |= svg.contains("<polygon ");
        }
        assert!(polygons, "windoku's windows are filled polygons");
    }
}

#[test]
fn a_png_past_the_pixel_limit_is_refused_before_any_image_is_made() {
    let fonts = Fonts::unembedded().unwrap();
    // 40 in at 2400 dpi: 96,000 pixels square, 37 GB (the process used to
    // abort allocating it).
    let options = ArtOptions { width: parse_length("40in").unwrap(), dpi: 2400, ..ArtOptions::default() };
    let f = figure(&*classic(), GIVENS, None, &options, &fonts);
    let e = encode(&f, ArtFormat::Png, &options, &fonts, "t", "D:20261123000000Z").unwrap_err().to_string();
    assert!(e.contains("96000 × 96000 pixels") && e.contains("at most 64 megapixels"), "{e}");
    // The advice holds: the largest --dpi and --size named fit, one more does not.
    let named = |key: &str| -> f32 {
        let at = e.find(key).unwrap_or_else(|| panic!("{key} in {e}")) + key.len();
        e[at..].split(|c: char| !c.is_ascii_digit() && c != '.').next().unwrap().parse().unwrap()
    };
    let (dpi, size) = (named("lower --dpi to ") as u32, named("--size to "));
    assert!(raster_size(f.width, f.height, dpi).is_ok() && raster_size(f.width, f.height, dpi + 1).is_err(), "{dpi}");
    let at_size = |inches: f32| {
        let o = ArtOptions { width: inches * 72.0, ..options };
        let (w, h) = figure_size(&*classic(), &o);
        raster_size(w, h, 2400)
    };
    assert!(at_size(size).is_ok() && at_size(size + 0.1).is_err(), "{size} in: {e}");
    // Just inside the limit a PNG is made (8000 pixels square at 200 dpi).
    let (w, h) = raster_size(2880.0, 2880.0, 200).unwrap();
    assert_eq!((w, h), (8000, 8000));
    assert!(raster_size(2880.0, 2880.0, 201).is_err());
    assert!(raster_size(100.0, 100.0, 71).unwrap_err().to_string().contains("71 dpi: a PNG is rendered at 72 to 2400 dpi"));
}

#[test]
fn every_size_and_resolution_in_range_is_made_or_refused_within_the_limit() {
    // A sweep over --size (0.5–40 in) and --dpi (72–2400) for grids of
    // several shapes: the pixel size a PNG would have never passes the
    // limit, is what the figure's size gives, and a refusal names a --dpi
    // that fits. Nothing is rendered.
    for id in ["classic-9", "samurai", "tridoku", "pie-12", "slitherlink-20x20"] {
        let family = family::open(Layout::load(id).unwrap());
        for tenths in [5, 7, 10, 33, 34, 80, 150, 266, 267, 400] {
            for dpi in [72, 150, 300, 600, 1200, 2399, 2400] {
                let options = ArtOptions { width: tenths as f32 * 7.2, dpi, ..ArtOptions::default() };
                let (w, h) = figure_size(&*family, &options);
                assert!(w > 0.0 && h > 0.0 && h.is_finite(), "{id}");
                match raster_size(w, h, dpi) {
                    Ok((pw, ph)) => {
                        assert!(pw as u64 * ph as u64 <= MAX_PNG_PIXELS, "{id} {tenths} {dpi}");
                        assert_eq!(pw, (w * dpi as f32 / 72.0).ceil() as u32, "{id} {tenths} {dpi}");
                    }
                    Err(e) => {
                        let e = e.to_string();
                        assert!(e.contains("at most 64 megapixels"), "{e}");
                        let at = e.find("lower --dpi to ").map(|i| i + "lower --dpi to ".len());
                        if let Some(at) = at {
                            let advised: u32 = e[at..].split(' ').next().unwrap().parse().unwrap();
                            assert!(raster_size(w, h, advised).is_ok() && advised < dpi, "{e}");
                        }
                    }
                }
            }
        }
    }
}
