use super::*;

fn build(text: &str) -> Result<Layout, LayoutError> {
    Layout::from_source(Path::new("layouts/bad.toml"), text.to_string())
}

fn error_of(text: &str) -> String {
    build(text).expect_err("layout should be rejected").to_string()
}

#[test]
fn every_shipped_layout_loads() {
    let files = list_layout_files();
    assert!(files.len() >= 8, "expected the shipped layouts, found {files:?}");
    for path in files {
        Layout::load(&path.display().to_string()).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn classic_nine_has_rows_columns_boxes() {
    let layout = Layout::load_cells("classic-9").unwrap().1;
    let model = &layout.model;
    assert_eq!(model.cell_count(), 81);
    assert_eq!(model.houses.len(), 27);
    assert_eq!(model.houses[18].name, "box 1");
    assert_eq!(model.houses[18].cells, vec![0, 1, 2, 9, 10, 11, 18, 19, 20]);
    assert_eq!(model.houses[26].cells, vec![60, 61, 62, 69, 70, 71, 78, 79, 80]);
}

#[test]
fn six_by_six_boxes_are_two_rows_by_three_columns() {
    let layout = Layout::load_cells("classic-6").unwrap().1;
    assert_eq!(layout.model.houses[12].cells, vec![0, 1, 2, 6, 7, 8]);
    assert_eq!(layout.model.houses[13].cells, vec![3, 4, 5, 9, 10, 11]);
}

#[test]
fn sixteen_uses_letters_above_nine() {
    let layout = Layout::load_cells("classic-16").unwrap().1;
    assert_eq!(layout.alphabet.text(), "123456789ABCDEFG");
    assert_eq!(layout.alphabet.value_of(9), Some(10));
}

#[test]
fn diagonal_adds_two_houses_and_marks_restrict_cells() {
    let diagonal = Layout::load_cells("diagonal-9").unwrap().1;
    assert_eq!(diagonal.model.houses.len(), 29);
    assert_eq!(diagonal.model.houses[28].cells[0], 8);
    let even_odd = Layout::load_cells("even-odd-9").unwrap().1;
    assert_eq!(even_odd.marks[0], Some('E'));
    assert_eq!(even_odd.model.allowed[0].iter().collect::<Vec<_>>(), vec![1, 3, 5, 7]);
    assert_eq!(even_odd.model.allowed[4].iter().collect::<Vec<_>>(), vec![0, 2, 4, 6, 8]);
}

#[test]
fn unknown_key_is_named_with_its_line() {
    let e = error_of("description = \"x\"\nsize = 9\nboxes = \"3x3\"\ncolour = \"red\"\n");
    assert!(e.starts_with("layouts/bad.toml: line 4: unknown field `colour`"), "{e}");
}

#[test]
fn region_picture_of_wrong_size() {
    let rows = "description = \"x\"\nsize = 4\nregions = \"\"\"\nAABB\nAABB\nCCDD\n\"\"\"\n";
    assert_eq!(error_of(rows), "layouts/bad.toml: line 3: regions picture has 3 rows, expected 4");
    let cells = "description = \"x\"\nsize = 4\nregions = \"\"\"\nAABB\nAABB\nCCDDD\nCCDD\n\"\"\"\n";
    assert_eq!(error_of(cells), "layouts/bad.toml: line 6: regions picture: row 3 has 5 cells, expected 4");
}

#[test]
fn region_not_connected_or_wrong_size() {
    let split = "description = \"x\"\nsize = 4\nregions = \"\"\"\nABAB\nBABA\nCCDD\nCCDD\n\"\"\"\n";
    assert_eq!(error_of(split), "layouts/bad.toml: line 3: region 'A' is not connected: r1c3 is cut off from r1c1");
    let uneven = "description = \"x\"\nsize = 4\nregions = \"\"\"\nAAAB\nAABB\nCCDD\nCCDD\n\"\"\"\n";
    assert_eq!(error_of(uneven), "layouts/bad.toml: line 3: region 'A' has 5 cells, expected 4");
}

#[test]
fn symbol_count_that_cannot_fit_a_house() {
    let e = error_of("description = \"x\"\nsize = 12\nsymbols = \"123456789\"\nboxes = \"3x4\"\n");
    assert_eq!(
        e,
        "layouts/bad.toml: the symbols fill 9 cells of a house (9 symbols with their counts) but each row, column and region has 12 cells"
    );
    let stars = "description = \"x\"\nsize = 12\nsymbols = \"123456789*\"\ncounts = { \"*\" = 3 }\nboxes = \"3x4\"\n";
    assert!(build(stars).is_ok());
}

#[test]
fn marks_that_make_a_column_impossible() {
    let mut picture = vec![".........".to_string(); 9];
    for row in [0, 2, 4, 6, 8] {
        picture[row] = "..E......".into();
    }
    let text = format!("description = \"x\"\nsize = 9\nboxes = \"3x3\"\nmarks = \"\"\"\n{}\n\"\"\"\n", picture.join("\n"));
    assert_eq!(error_of(&text), "layouts/bad.toml: line 4: column 3 has 5 cells marked E but only 4 even digits");
}

#[test]
fn bad_boxes_and_unknown_marks() {
    let e = error_of("description = \"x\"\nsize = 9\nboxes = \"2x4\"\n");
    assert_eq!(e, "layouts/bad.toml: line 3: boxes \"2x4\": 2×4 boxes hold 8 cells but a 9×9 grid needs boxes of 9");
    let e = error_of("description = \"x\"\nsize = 4\nboxes = \"2x2\"\nmarks = \"\"\"\nX...\n....\n....\n....\n\"\"\"\n");
    assert_eq!(e, "layouts/bad.toml: line 4: marks picture: r1c1 has unknown mark 'X' (known: EHLO; define others under mark_symbols)");
    let e = error_of("description = \"x\"\nsize = 4\n");
    assert_eq!(e, "layouts/bad.toml: missing `boxes` (e.g. boxes = \"3x3\") or a `regions` picture");
}

#[test]
fn unknown_layout_id_lists_the_known_ones() {
    let e = Layout::load("no-such-layout").unwrap_err().to_string();
    assert!(e.contains("no such layout 'no-such-layout'") && e.contains("classic-9"), "{e}");
}

#[test]
fn bad_islands_letters_grids_and_pies() {
    let islands = "description = \"x\"\nsize = 4\nboxes = \"2x2\"\nislands = \"\"\"\nAA..\nA...\n....\n....\n\"\"\"\n";
    assert_eq!(error_of(islands), "layouts/bad.toml: line 4: islands: 'A' marks 3 cells, expected 4");
    let apart = "description = \"x\"\nsize = 4\nboxes = \"2x2\"\nislands = \"\"\"\nAA..\nA...\n...A\n....\n\"\"\"\n";
    assert_eq!(error_of(apart), "layouts/bad.toml: line 4: islands: island 'A' is not connected: r3c4 is cut off from r1c1");
    let letters = "description = \"x\"\nsize = 4\nboxes = \"2x2\"\nletters = \"\"\"\nA...\n.B..\n..C.\n....\n\"\"\"\n";
    assert_eq!(error_of(letters), "layouts/bad.toml: line 4: letters: 3 lettered cells, expected 4 (one per symbol)");
    let gridless = "description = \"x\"\nsize = 9\ngrids = [{ at = [0, 0] }, { at = [6, 6] }]\n";
    assert_eq!(error_of(gridless), "layouts/bad.toml: line 3: grid 1: give `boxes` or `regions` (here or for the whole file)");
    let twice = "description = \"x\"\nsize = 9\nboxes = \"3x3\"\ngrids = [{ at = [0, 0] }, { at = [0, 0] }]\n";
    assert_eq!(error_of(twice), "layouts/bad.toml: line 4: grid 2: two grids at [0, 0]");
    let pie = "description = \"x\"\nsize = 12\nshape = \"pie\"\nrings = 5\n";
    assert!(
        error_of(pie).starts_with("layouts/bad.toml: line 3: a pie of 12 sectors × 5 rings does not fit 12 symbols"),
        "{}",
        error_of(pie)
    );
    let pairing = "description = \"x\"\nsize = 12\nshape = \"pie\"\npairing = \"spiral\"\n";
    assert_eq!(error_of(pairing), "layouts/bad.toml: line 4: pairing \"spiral\": expected \"fixed\" or \"sliding\"");
    let shape = "description = \"x\"\nsize = 9\nshape = \"hexagon\"\n";
    assert_eq!(
        error_of(shape),
        "layouts/bad.toml: line 3: shape \"hexagon\": expected \"squares\", \"pie\", \"triangle\", \"loops\" or \"nonogram\""
    );
    let magic = "description = \"x\"\nsize = 4\nboxes = \"2x2\"\nmagic_five = true\n";
    assert_eq!(error_of(magic), "layouts/bad.toml: magic_five needs the digit 5 in the alphabet");
}

#[test]
fn a_sliding_pie_has_a_slice_at_every_sector() {
    let text = "description = \"x\"\nsize = 12\nshape = \"pie\"\npairing = \"sliding\"\n";
    let layout = build(text).unwrap().cells().unwrap().clone();
    assert_eq!(layout.model.houses.len(), 6 + 12);
    assert_eq!(layout.model.cell_count(), 72);
}

#[test]
fn sizes_and_offsets_past_the_limits_are_refused_not_allocated() {
    // Once a 160 GB allocation and a "capacity overflow" panic.
    for at in ["100000, 100000", "9223372036854775807, 0"] {
        let text = format!("description = \"x\"\nsize = 9\nboxes = \"3x3\"\ngrids = [{{ at = [0, 0] }}, {{ at = [{at}] }}]\n");
        let err = error_of(&text);
        assert!(err.contains("grid 2: at [") && err.contains("largest canvas (64×64"), "{err}");
    }
    let err = error_of("description = \"x\"\nsize = 25\nboxes = \"5x5\"\n");
    assert!(err.contains("size 25 is out of range (2 to 16"), "{err}");
}

/// Slitherlink's rules speak of the dots that print, not of dotted lines
/// (only dots print), for every shipped board.
#[test]
fn slitherlink_rules_speak_of_the_dots_that_print() {
    for id in ["slitherlink-7x7", "slitherlink-10x10", "slitherlink-15x15", "slitherlink-20x20"] {
        let layout = Layout::load(id).unwrap();
        assert!(!layout.rules.contains("dotted") && layout.rules.contains("between the dots"), "{id}: {}", layout.rules);
    }
}

/// A plain board (`Reader::Board`, the nonogram's): its size within the
/// family's range and its rules, each refused by name and line.
#[test]
fn a_plain_boards_size_and_rules_are_checked() {
    let ok = "name = \"N\"\ndescription = \"d\"\nrules = \"Shade.\"\nshape = \"nonogram\"\nsize = 20\nrows = 30\n";
    let layout = Layout::from_source(Path::new("layouts/n.toml"), ok.to_string()).unwrap();
    match layout.kind {
        Kind::Board { shape, board } => assert_eq!((shape, board.cols, board.rows), ("nonogram", 20, 30)),
        Kind::Cells(_) => panic!("a nonogram is a board"),
    }
    assert_eq!(layout.rules, "Shade.");
    assert_eq!(
        error_of(&ok.replace("size = 20", "size = 4")),
        "layouts/bad.toml: line 5: a 4×30 nonogram board (columns × rows) is out of range (5 to 40 cells a side)"
    );
    assert_eq!(
        error_of(&ok.replace("rules = \"Shade.\"\n", "")),
        "layouts/bad.toml: a nonogram layout needs `rules`: how to play, as the reader is told"
    );
}
