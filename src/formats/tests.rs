use super::*;

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
        regions: Some(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]),
        diagonal_pos: true,
        diagonal_neg: false,
        odd: vec![0, 5],
        even: vec![15],
        cages: vec![(vec![0, 1], 3), (vec![14, 15], 7)],
        unknown: Vec::new(),
    };
    assert_eq!(fpuzzles::decode_line(&fpuzzles::encode(&s, "t")).unwrap(), s);
    let thermo =
        r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":[["R1C1","R1C2"]]}]}"#;
    assert_eq!(fpuzzles::decode_line(thermo).unwrap().unknown, vec!["thermometer".to_string()]);
    assert!(fpuzzles::decode_line("N4IgXXXX").is_err());
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
    assert_eq!(
        grid::decode_lines(&format!("# c\n{givens} 2.5\n"), 81, &['.', '0']).unwrap(),
        vec![Decoded::new(2, givens)]
    );
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
    assert_eq!(detect("pzprv3\nslither\n", None), vec![Format::Pzprv3]);
    assert_eq!(detect("https://puzz.link/p?slither/5/5/cbcbcddad", None), vec![Format::Puzzlink]);
    assert_eq!(detect(FPUZZLES_SAMPLE, None), vec![Format::Fpuzzles]);
    assert_eq!(detect(":0000:x:1.2:::", None), vec![Format::Hodoku]);
    assert_eq!(detect("1..|...|...\n", None), vec![Format::Ss]);
    assert_eq!(detect("[problem]\n- 1\n", None), vec![Format::Janko]);
    assert_eq!(detect("12\n21\n", None), vec![Format::Sdk]);
    assert_eq!(detect("1...\n", Some("x.sdm")), vec![Format::Sdm]);
    assert_eq!(detect("1.2.\n.1.2\n3...\n", None), vec![Format::Lines]);
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
    assert_eq!(detect(&line, None), vec![Format::Serate]);
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
        let _ = detect(&text, None);
    }
}
