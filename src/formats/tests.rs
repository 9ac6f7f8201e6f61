use super::*;

/// What this module's formats detect (no family's own formats).
fn detect_here(text: &str, name: Option<&str>) -> Vec<Format> {
    detect(text, name, &[])
}

/// pzprjs's own test puzzle (test/script/slither.js): the URL body
/// `5/5/cbcbcddad` and its pzprv3 file's clue rows
/// `2 . . 1 . /. 2 . . 1 /. . 2 . . /3 . . 3 . /. 0 . . 3`.
const PZPR_CLUES: &str = "2..1..2..1..2..3..3..0..3";

#[test]
fn puzzlink_published_example_decodes_and_encodes_back() {
    assert_eq!(pzpr::decode_body("cbcbcddad", 5, 5).unwrap(), PZPR_CLUES);
    assert_eq!(pzpr::encode_body(PZPR_CLUES), "cbcbcddad");
    assert_eq!(pzpr::url(PZPR_CLUES, 5, 5), "https://puzz.link/p?slither/5/5/cbcbcddad");
    let decoded = pzpr::decode_urls("https://puzz.link/p?slither/5/5/cbcbcddad\n", 5, 5).unwrap();
    assert_eq!(decoded, vec![Decoded::new(1, PZPR_CLUES)]);
}

#[test]
fn puzzlink_runs_of_empty_cells_and_board_ends() {
    // A clue swallows up to two empty cells after it ('d' = 3 and two
    // empties); 19 more empties are one 'y'.
    let clues = format!("3{}1{}", ".".repeat(21), ".".repeat(3));
    assert_eq!(pzpr::encode_body(&clues), "dybg");
    assert_eq!(pzpr::decode_body("dybg", 2, 13).unwrap(), clues);
    // A run of 20 is one 'z', the 21st starts a new run.
    let long = format!("3{}1", ".".repeat(23));
    assert_eq!(pzpr::encode_body(&long), "dzgb");
    assert_eq!(pzpr::decode_body("dzgb", 5, 5).unwrap(), long);
    // A clue in the last cell swallows the two cells past the end, as pzprjs writes it.
    assert_eq!(pzpr::encode_body("..2"), "hc");
    assert_eq!(pzpr::decode_body("hc", 1, 3).unwrap(), "..2");
}

#[test]
fn puzzlink_bad_bodies_name_the_problem() {
    assert!(pzpr::decode_body("cbcbc", 5, 5).unwrap_err().contains("covers"));
    assert!(pzpr::decode_body("cbcbcddadzz", 5, 5).unwrap_err().contains("after the last cell"));
    assert!(pzpr::decode_body("c!", 5, 5).unwrap_err().contains("character 2"));
    let e = pzpr::decode_urls("# comment\nhttps://puzz.link/p?slither/6/5/cbcbcddad\n", 5, 5).unwrap_err();
    assert_eq!(e.line, 2);
}

#[test]
fn pzprv3_matches_pzprjs_test_file_clues() {
    let file = "pzprv3\nslither\n5\n5\n2 . . 1 . \n. 2 . . 1 \n. . 2 . . \n3 . . 3 . \n. 0 . . 3 \n";
    assert_eq!(pzpr::decode_pzprv3(file, 5, 5).unwrap()[0].givens, PZPR_CLUES);
    let written = pzpr::encode_pzprv3(PZPR_CLUES, 5, 5, None);
    assert!(written.starts_with(file), "{written}");
    // 5 rows of 6 vertical edges, 6 rows of 5 horizontal ones.
    assert_eq!(written.lines().count(), 4 + 5 + 5 + 6);
    assert_eq!(pzpr::decode_pzprv3(&written, 5, 5).unwrap()[0].givens, PZPR_CLUES);
    let bad = file.replace("3 . . 3 .", "3 . . 7 .");
    assert_eq!(pzpr::decode_pzprv3(&bad, 5, 5).unwrap_err().line, 8);
}

/// The f-puzzles example of the `sudoku-formats` package's README.
const FPUZZLES_SAMPLE: &str = "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A";

#[test]
fn fpuzzles_published_sample_decodes_and_reencodes() {
    let s = fpuzzles::decode_line(FPUZZLES_SAMPLE).unwrap();
    assert_eq!(s.givens.chars().count(), s.size * s.size);
    assert!(s.givens.chars().any(|c| c != '.'), "the sample has givens: {s:?}");
    let again = fpuzzles::decode_line(&fpuzzles::fpuzzles_url(&s, "x")).unwrap();
    assert_eq!(again, s);
    let pad = fpuzzles::decode_line(&fpuzzles::sudokupad_url(&s, "x")).unwrap();
    assert_eq!(pad, s);
}

#[test]
fn fpuzzles_keeps_regions_diagonals_parity_and_killer_cages() {
    let s = fpuzzles::Sudoku {
        size: 4,
        givens: "1...2...3...4..A".replace('A', "1"),
        regions: Some(vec![0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]),
        diagonal_pos: true,
        diagonal_neg: false,
        odd: vec![0, 5],
        even: vec![15],
        cages: vec![(vec![0, 1], 3), (vec![14, 15], 7)],
        unknown: Vec::new(),
        solution: "1234341221434321".into(),
        rules: "Place 1–4 once in every row, column and region.".into(),
    };
    assert_eq!(fpuzzles::decode_line(&fpuzzles::encode(&s, "t")).unwrap(), s);
    let thermo =
        r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":[["R1C1","R1C2"]]}]}"#;
    assert_eq!(fpuzzles::decode_line(thermo).unwrap().unknown, vec!["thermometer".to_string()]);
    assert!(fpuzzles::decode_line("N4IgXXXX").is_err());
    // A sum past u32 is refused, not cut down to another sum.
    let huge = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1"],"value":4294967299}]}"#;
    assert!(fpuzzles::decode_line(huge).unwrap_err().starts_with("killercage 1: expected"));
    let e = fpuzzles::decode_lines("\n{\"size\":2,\"grid\":[[{}]]}\n").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("rows"), "{e}");
}

#[test]
fn square_formats_read_what_they_write() {
    let givens = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let sdm = grid::encode_sdm(givens);
    assert_eq!(grid::decode_sdm(&sdm, 81).unwrap()[0].givens, givens);
    assert_eq!(grid::decode_sdk(&grid::encode_sdk(givens, 9), 9).unwrap()[0].givens, givens);
    let ss = grid::encode_ss(givens, 9, 3, 3);
    assert_eq!(ss.lines().next(), Some("4..|.3.|..."));
    assert_eq!(ss.lines().nth(3), Some("-----------"));
    assert_eq!(grid::decode_ss(&ss, 9).unwrap()[0].givens, givens);
    assert_eq!(grid::decode_hodoku(&grid::encode_hodoku(givens), 81).unwrap()[0].givens, givens);
    let janko = grid::encode_janko("sudoku", givens, 9, 9, None);
    assert_eq!(grid::decode_janko(&janko, 9, 9).unwrap()[0].givens, givens);
    assert_eq!(grid::decode_lines(&format!("# c\n{givens} 2.5\n"), 81, &['.', '0']).unwrap(), vec![Decoded::new(2, givens)]);
    // A HoDoKu '+' cell is placed by solving, not a given.
    let placed = format!(":0100:1:+4{}:::", &givens[1..]);
    assert!(grid::decode_hodoku(&placed, 81).unwrap()[0].givens.starts_with('.'));
}

#[test]
fn malformed_square_files_name_the_line() {
    let e = grid::decode_sdm("000\n123\n", 81).unwrap_err();
    assert_eq!(e.line, 1);
    let e = grid::decode_sdk("[Puzzle]\n#Aauthor\n123456789\n12345678\n", 9).unwrap_err();
    assert_eq!(e.line, 4);
    let e = grid::decode_ss("123|456|789\n", 9).unwrap_err();
    assert!(e.message.contains("1 rows"), "{e}");
    let e = grid::decode_hodoku(":0000:x:123:::\n", 81).unwrap_err();
    assert_eq!(e.line, 1);
    let e = grid::decode_janko("[problem]\n1 - x\n", 1, 3).unwrap_err();
    assert_eq!((e.line, e.message.contains("'x'")), (2, true));
}

#[test]
fn detection_by_content_and_extension() {
    assert_eq!(detect_here("pzprv3\nslither\n", None), vec![Format::Pzprv3]);
    assert_eq!(detect_here("https://puzz.link/p?slither/5/5/cbcbcddad", None), vec![Format::Puzzlink]);
    assert_eq!(detect_here(FPUZZLES_SAMPLE, None), vec![Format::Fpuzzles]);
    assert_eq!(detect_here(":0000:x:1.2:::", None), vec![Format::Hodoku]);
    assert_eq!(detect_here("1..|...|...\n", None), vec![Format::Ss]);
    assert_eq!(detect_here("*-----------*\n|1..|...|...|\n", None), vec![Format::Ss]);
    // A nonogram's one-line clue text has a `|` too, between rows and columns.
    assert_eq!(detect_here("1.3/2/5/1.1/3|2/1.2/4/1/2.1\n", None), vec![Format::Lines]);
    assert_eq!(detect_here("[problem]\n- 1\n", None), vec![Format::Janko]);
    assert_eq!(detect_here("12\n21\n", None), vec![Format::Sdk]);
    assert_eq!(detect_here("1...\n", Some("x.sdm")), vec![Format::Sdm]);
    assert_eq!(detect_here("1.2.\n.1.2\n3...\n", None), vec![Format::Lines]);
}

#[test]
fn every_format_is_named_and_read_back_by_its_name() {
    for f in Format::ALL {
        assert_eq!(f.name().parse::<Format>(), Ok(f));
    }
    let names: std::collections::HashSet<&str> = Format::ALL.iter().map(|f| f.name()).collect();
    assert_eq!(names.len(), Format::ALL.len());
    assert!("serate".parse::<Format>().is_ok());
    assert!("sudoku".parse::<Format>().unwrap_err().contains("the formats are lines"));
}

#[test]
fn serate_lines_need_three_ratings() {
    let givens = ".".repeat(81);
    let line = grid::encode_serate(&givens, 7.1, 1.2, 1.0);
    assert_eq!(line, format!("{givens} ED=7.1/1.2/1.0"));
    assert_eq!(grid::decode_serate(&line, 81).unwrap()[0].givens, givens);
    assert_eq!(detect_here(&line, None), vec![Format::Serate]);
    let e = grid::decode_serate(&format!("{line}\n{givens} ED=7.1/1.2\n"), 81).unwrap_err();
    assert_eq!(e.line, 2);
}

/// Random text made of the characters the formats use never panics a
/// decoder: each answers puzzles or an error with a line.
#[test]
fn decoders_never_panic_on_random_text() {
    let alphabet: Vec<char> = "0123456789.-|+:#[]{}\"/ ,\nabcdefghzXNI=?%RCslither".chars().collect();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let heads =
        ["", "pzprv3\nslither\n2\n2\n", "[problem]\n", "https://puzz.link/p?slither/2/2/", ":0000:x:", "N4Ig", "{\"size\":2,\"grid\":"];
    for round in 0..3000 {
        let len = (next() % 120) as usize;
        let body: String = (0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect();
        let text = format!("{}{body}", heads[round % heads.len()]);
        for cells in [4, 81] {
            let _ = grid::decode_lines(&text, cells, &['.']);
            let _ = grid::decode_sdm(&text, cells);
            let _ = grid::decode_hodoku(&text, cells);
            let _ = grid::decode_serate(&text, cells);
        }
        let _ = grid::decode_sdk(&text, 2);
        let _ = grid::decode_ss(&text, 2);
        let _ = grid::decode_janko(&text, 2, 2);
        let _ = pzpr::decode_urls(&text, 2, 2);
        let _ = pzpr::decode_body(&body, 2, 2);
        let _ = pzpr::decode_pzprv3(&text, 2, 2);
        let _ = fpuzzles::decode_lines(&text);
        let _ = detect_here(&text, None);
    }
}

/// A 4×4 grid of f-puzzles cells, the first cell as given.
fn fpuzzles_4x4(first: &str) -> String {
    let mut rows = vec![vec!["{}".to_string(); 4]; 4];
    rows[0][0] = first.to_string();
    let grid: Vec<String> = rows.iter().map(|r| format!("[{}]", r.join(","))).collect();
    format!("{{\"size\":4,\"grid\":[{}]}}", grid.join(","))
}

#[test]
fn fpuzzles_givens_written_as_strings_are_read_and_bad_ones_name_the_cell() {
    // f-puzzles and SudokuPad accept a value written as a string.
    let s = fpuzzles::decode_line(&fpuzzles_4x4(r#"{"value":"3","given":true}"#)).unwrap();
    assert_eq!(s.givens, "3...............");
    assert_eq!(fpuzzles::decode_line(&fpuzzles_4x4(r#"{"value":3,"given":true}"#)).unwrap(), s);
    // A value without `given` is a solver's entry, not a clue.
    assert_eq!(fpuzzles::decode_line(&fpuzzles_4x4(r#"{"value":3}"#)).unwrap().givens, ".".repeat(16));
    for (cell, why) in [
        (r#"{"value":"x","given":true}"#, "R1C1 holds the given \"x\"; expected a digit 1–4"),
        (r#"{"value":"7","given":true}"#, "R1C1 holds the given \"7\"; expected a digit 1–4"),
        (r#"{"value":7,"given":true}"#, "R1C1 holds the given 7; expected a digit 1–4"),
        (r#"{"value":2.5,"given":true}"#, "R1C1 holds the given 2.5; expected a digit 1–4"),
        (r#"{"value":[1],"given":true}"#, "R1C1 holds the given [1]; expected a digit 1–4"),
        (r#"{"given":true}"#, "R1C1 is marked given but has no value"),
        (r#"{"value":1,"given":"yes"}"#, "R1C1: \"given\" is \"yes\"; expected true or false"),
        (r#"{"region":null}"#, "R1C1 is in no region (\"region\": null); every cell of a sudoku here is in one"),
    ] {
        assert_eq!(fpuzzles::decode_line(&fpuzzles_4x4(cell)).unwrap_err(), why, "{cell}");
    }
}

#[test]
fn fpuzzles_jigsaw_regions_written_only_where_a_cell_leaves_its_box() {
    // As f-puzzles writes a jigsaw: `region` only on the cells that differ
    // from their default box. R2C2 (box 0) and R2C3 (box 1) trade places.
    let mut rows = vec![vec!["{}"; 4]; 4];
    rows[1][1] = r#"{"region":1}"#;
    rows[1][2] = r#"{"region":0}"#;
    let grid: Vec<String> = rows.iter().map(|r| format!("[{}]", r.join(","))).collect();
    let json = format!("{{\"size\":4,\"grid\":[{}]}}", grid.join(","));
    let s = fpuzzles::decode_line(&json).unwrap();
    let regions = s.regions.clone().expect("a jigsaw");
    assert_eq!(fpuzzles::relabelled(&regions), vec![0, 0, 1, 1, 0, 1, 0, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
    // Written back (every cell's region), it reads the same.
    assert_eq!(
        fpuzzles::decode_line(&fpuzzles::encode(&s, "t")).unwrap().regions.map(|r| fpuzzles::relabelled(&r)),
        Some(fpuzzles::relabelled(&regions))
    );
    // Regions that only restate the boxes are no jigsaw.
    let boxes = json.replace(r#"{"region":1}"#, r#"{"region":0}"#).replace(r#"{"region":0}]"#, r#"{"region":1}]"#);
    let boxes = boxes.replacen(r#"{"region":0},{"region":0}"#, r#"{"region":0},{"region":1}"#, 1);
    assert_eq!(fpuzzles::decode_line(&boxes).unwrap().regions, None, "{boxes}");
    // 6×6 boxes are 2 rows × 3 columns, numbered row by row, as SudokuPad's decoder has them.
    assert_eq!(&fpuzzles::default_boxes(6)[..12], &[0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1]);
    assert_eq!(fpuzzles::default_boxes(6)[12], 2);
}

#[test]
fn sudokupad_puzzleid_links_are_read() {
    let s = fpuzzles::decode_line(FPUZZLES_SAMPLE).unwrap();
    let data = fpuzzles::encode(&s, "x");
    for link in [format!("https://sudokupad.app/?puzzleid=fpuzzles{data}"), format!("https://sudokupad.app/fpuzzles{data}")] {
        assert_eq!(fpuzzles::decode_line(&link).unwrap().givens, s.givens, "{link}");
        assert_eq!(detect_here(&link, None), vec![Format::Fpuzzles]);
    }
}

#[test]
fn fpuzzles_json_carries_the_solution_and_rules_sudokupad_reads() {
    let s = fpuzzles::Sudoku {
        size: 4,
        givens: "1...............".into(),
        solution: "1234341221434321".into(),
        rules: "Place 1–4 once in every row, column and box.".into(),
        ..fpuzzles::Sudoku::default()
    };
    let json: serde_json::Value = serde_json::from_str(&fpuzzles::to_json(&s, "t")).unwrap();
    // SudokuPad's decoder: `ruleset` is the rules it shows, `solution` the
    // digits it checks, one a cell row by row.
    assert_eq!(json["ruleset"], "Place 1–4 once in every row, column and box.");
    assert_eq!(json["solution"], serde_json::json!([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]));
    // No solution known: none written.
    let none: serde_json::Value =
        serde_json::from_str(&fpuzzles::to_json(&fpuzzles::Sudoku { solution: String::new(), ..s }, "t")).unwrap();
    assert!(none.get("solution").is_none());
}

/// pzprjs's own sudoku test puzzle (test/script/sudoku.js): the URL body
/// `4/4/g1k23k3g` and its pzprv3 clue rows `. 1 . . /. . . 2 /3 . . . /. . 3 .`.
#[test]
fn puzzlink_sudoku_published_example_decodes_and_encodes_back() {
    let clues = ".1.....23.....3.";
    assert_eq!(pzpr::decode_number16("g1k23k3g", 4).unwrap(), clues);
    assert_eq!(pzpr::encode_number16(clues), "g1k23k3g");
    assert_eq!(pzpr::sudoku_url(clues, 4), "https://puzz.link/p?sudoku/4/4/g1k23k3g");
    assert_eq!(pzpr::decode_sudoku_urls("https://puzz.link/p?sudoku/4/4/g1k23k3g\n", 4).unwrap(), vec![Decoded::new(1, clues)]);
    assert_eq!(detect_here("https://puzz.link/p?sudoku/4/4/g1k23k3g", None), vec![Format::Puzzlink]);
    // Digits above 15 take '-' and two hex digits; runs of 20 empties are one 'z'.
    let big = format!("G{}A", ".".repeat(254));
    assert_eq!(pzpr::encode_number16(&big), format!("-10{}ta", "z".repeat(12)));
    assert_eq!(pzpr::decode_number16(&pzpr::encode_number16(&big), 16).unwrap(), big);
    assert_eq!(pzpr::decode_number16("g5k23k3g", 4).unwrap_err(), "character 2 gives 5, outside 1–4");
    assert_eq!(pzpr::decode_number16("g1k23k3", 4).unwrap_err(), "the body covers 15 of 16 cells");
    assert!(pzpr::decode_number16("g1k23k3g1", 4).unwrap_err().contains("after the last cell"));
    assert_eq!(pzpr::decode_sudoku_urls("https://puzz.link/p?sudoku/9/9/g1k23k3g\n", 4).unwrap_err().line, 1);
}

#[test]
fn pzprv3_all_points_variant_is_refused_not_read_as_slitherlink() {
    // pzprjs's own test file of the variant (test/script/slither.js): the
    // `f` config line after the size.
    let file = "pzprv3.1\nslither\n2\n3\nf\n. . . \n. . . \n0 0 0 \n0 0 0 \n1 0 0 1 \n1 1 1 1 \n1 1 1 \n0 1 0 \n1 0 1 \n";
    let e = pzpr::decode_pzprv3(file, 2, 3).unwrap_err();
    assert_eq!(e.line, 5);
    assert!(e.message.contains("\"all points must be visited\""), "{e}");
    let plain = file.replace("f\n", "");
    assert_eq!(pzpr::decode_pzprv3(&plain, 2, 3).unwrap()[0].givens, "......");
    let e = pzpr::decode_urls("https://puzz.link/p?slither/f/5/5/cbcbcddad\n", 5, 5).unwrap_err();
    assert!(e.message.contains("\"all points must be visited\""), "{e}");
}

#[test]
fn simple_sudokus_boxed_form_is_read() {
    let givens = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let rows: Vec<String> = givens
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let r = std::str::from_utf8(r).unwrap();
            format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..])
        })
        .collect();
    let boxed = format!(
        "*-----------*\n{}\n{}\n{}\n|---+---+---|\n{}\n{}\n{}\n|---+---+---|\n{}\n{}\n{}\n*-----------*\n",
        rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7], rows[8]
    );
    assert_eq!(grid::decode_ss(&boxed, 9).unwrap(), vec![Decoded::new(2, givens)]);
    assert_eq!(detect_here(&boxed, None), vec![Format::Ss]);
}

#[test]
fn detection_skips_header_comments() {
    let givens = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    // A collection's `#` header (top1465's style) does not make it an .sdk file.
    let top = format!("#Top1465 by Guenter Stertenbrink\n#Rated by SE\n{givens}\n{givens}\n");
    assert_eq!(detect_here(&top, None), vec![Format::Lines]);
    // HoDoKu library lines after `#` comments are HoDoKu's.
    let hodoku = format!("# HoDoKu library\n#\n:0100:1:{givens}:::\n");
    assert_eq!(detect_here(&hodoku, None), vec![Format::Hodoku]);
    // An .sdk with metadata is still one grid.
    let sdk = format!("[Puzzle]\n#AAuthor\n{}", grid::encode_sdk(givens, 9));
    assert_eq!(detect_here(&sdk, None), vec![Format::Sdk]);
    // A .hsol is HoDoKu's zipped save, so its name no longer means library
    // lines (content decides); reading refuses the name and any zip archive.
    assert_eq!(detect_here("1.2.\n", Some("x.hsol")), vec![Format::Lines]);
    assert!(not_text(b"", "saved.hsol").unwrap().contains("HoDoKu's own zipped save"));
    assert!(not_text(b"PK\x03\x04rest", "x.txt").unwrap().contains("zip archive"));
    assert_eq!(not_text(b"123", "x.txt"), None);
}

#[test]
fn a_puzzle_written_twice_is_proved_once_and_shares_its_result() {
    use crate::family::{Refusal, open};
    use crate::layout::Layout;
    let family = open(Layout::load("classic-4").unwrap());
    let unique = Decoded::new(1, "12.43.12.1.34.21");
    let open = Decoded::new(2, "................");
    let again = Decoded { line: 3, ..unique.clone() };
    let totals = std::sync::Mutex::new(Vec::new());
    let results = crate::import::admit_all(family.as_ref(), &[unique, open, again, Decoded::new(4, "................")], &|_, total| {
        totals.lock().unwrap().push(total)
    });
    // Four lines, two puzzles: two proofs.
    assert!(totals.lock().unwrap().iter().all(|&t| t == 2), "{totals:?}");
    let (first, second) = (results[0].as_ref().unwrap(), results[2].as_ref().unwrap());
    assert_eq!((&first.givens, &first.canonical), (&second.givens, &second.canonical));
    for open in [&results[1], &results[3]] {
        assert!(matches!(open, Err(Refusal::Multiple)), "{open:?}");
    }
}
