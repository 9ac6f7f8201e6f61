use super::*;

/// Every built-in catalogue parses and holds every key of the English one,
/// with every plural form its rule needs.
#[test]
fn every_built_in_catalogue_is_complete() {
    for (code, _) in BUILT_IN {
        let words = built_in(code).unwrap();
        assert_eq!(words.code, code);
        let missing: Vec<String> = words.missing().iter().map(|e| e.to_string()).collect();
        assert!(missing.is_empty(), "{code}: {missing:#?}");
    }
}

/// Plural forms by language for 0, 1, 2, 5 and 22 puzzles.
#[test]
fn plural_forms_per_language() {
    let counts = [0, 1, 2, 5, 22];
    let expected: [(&str, [&str; 5]); 8] = [
        ("en", ["0 puzzles", "1 puzzle", "2 puzzles", "5 puzzles", "22 puzzles"]),
        ("de", ["0 Rätsel", "1 Rätsel", "2 Rätsel", "5 Rätsel", "22 Rätsel"]),
        ("fr", ["0 grille", "1 grille", "2 grilles", "5 grilles", "22 grilles"]),
        ("es", ["0 puzles", "1 puzle", "2 puzles", "5 puzles", "22 puzles"]),
        ("it", ["0 schemi", "1 schema", "2 schemi", "5 schemi", "22 schemi"]),
        ("nl", ["0 puzzels", "1 puzzel", "2 puzzels", "5 puzzels", "22 puzzels"]),
        ("pt", ["0 jogo", "1 jogo", "2 jogos", "5 jogos", "22 jogos"]),
        ("pl", ["0 łamigłówek", "1 łamigłówka", "2 łamigłówki", "5 łamigłówek", "22 łamigłówki"]),
    ];
    for (code, forms) in expected {
        let words = built_in(code).unwrap();
        let said: Vec<String> = counts.iter().map(|&n| words.plural("claims.puzzles", n, &[])).collect();
        assert_eq!(said, forms, "{code}");
    }
    // Polish's three forms by the last digits: 12–14 take many, 102–104 few.
    let pl = PluralRule::Polish;
    assert_eq!(
        [1, 2, 4, 5, 12, 14, 21, 22, 104, 112].map(|n| pl.form(n)),
        ["one", "few", "few", "many", "many", "many", "many", "few", "few", "many"]
    );
    // The introduction's count says the whole sentence in the right form.
    let pl = built_in("pl").unwrap();
    assert_eq!(pl.plural("intro.holds", 1, &[("list", "x")]), "Ta książka zawiera 1 łamigłówkę: x.");
    assert_eq!(pl.plural("intro.holds", 22, &[("list", "x")]), "Ta książka zawiera 22 łamigłówki: x.");
    assert_eq!(pl.plural("intro.holds", 25, &[("list", "x")]), "Ta książka zawiera 25 łamigłówek: x.");
    assert_eq!(pl.plural("week.summary", 2, &[]), "2 tygodnie, od poniedziałku do niedzieli");
}

/// SE ratings print with the language's decimal sign.
#[test]
fn number_forms_per_language() {
    for (code, sign) in [("en", "."), ("de", ","), ("fr", ","), ("es", ","), ("it", ","), ("nl", ","), ("pt", ","), ("pl", ",")] {
        let words = built_in(code).unwrap();
        assert_eq!(words.decimal(3.4, 1), format!("3{sign}4"), "{code}");
        assert_eq!(words.decimal(5.5, 1), format!("5{sign}5"), "{code}");
    }
    assert_eq!(built_in("de").unwrap().fill("band.up_to", &[("x", &built_in("de").unwrap().decimal(1.5, 1))]), "bis 1,5");
}

#[test]
fn quotation_marks_and_french_spacing() {
    assert_eq!(built_in("de").unwrap().quote("Lösung"), "„Lösung“");
    assert_eq!(built_in("fr").unwrap().quote("Solution"), "«\u{a0}Solution\u{a0}»");
    assert_eq!(built_in("pl").unwrap().quote("x"), "„x”");
    assert_eq!(english().quote("x"), "\"x\"");
    // A no-break space before a colon, a narrow one before ; ! ?, nothing in a URL.
    assert_eq!(
        french_spaced("Exemple : Sudoku ; bien ! Non? http://a.b"),
        "Exemple\u{a0}: Sudoku\u{202f}; bien\u{202f}! Non\u{202f}? http://a.b"
    );
    let fr = built_in("fr").unwrap();
    assert_eq!(fr.fill("example.heading", &[("name", "Sudoku")]), "Exemple\u{a0}: Sudoku");
    assert!(!fr.all_texts().iter().any(|t| t.contains(" :") || t.contains(" ;")), "an ordinary space before : or ; in French");
}

#[test]
fn an_unknown_language_is_refused_by_name() {
    assert_eq!("de".parse::<Lang>().unwrap().code, "de");
    let e = "xx".parse::<Lang>().unwrap_err().to_string();
    assert!(e.starts_with("--lang xx: no such language (built in: en, de, fr, es, it, nl, pt, pl"), "{e}");
    assert!(resolve("klingon").unwrap_err().to_string().contains("--lang klingon"));
}

/// A publisher's eighth language: one file; a key missing is refused by
/// name (file, key, language), and `missing` lists each.
#[test]
fn a_fake_language_missing_a_key_is_refused_by_name() {
    let dir = std::env::temp_dir().join(format!("puzzlebook-lang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A whole catalogue: the German one under another code loads.
    let whole = BUILT_IN[1].1.replace("code = \"de\"", "code = \"xx\"");
    let path = dir.join("xx.toml");
    std::fs::write(&path, &whole).unwrap();
    let (code, own) = resolve(path.to_str().unwrap()).unwrap();
    assert_eq!(code, "xx");
    assert!(for_book(&code, own.as_deref()).is_ok());
    // One key taken out: refused, naming it.
    let lacking = whole.replace("answers = \"Lösungen\"\n", "");
    std::fs::write(&path, &lacking).unwrap();
    let e = resolve(path.to_str().unwrap()).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("{}: the key `page.answers` is missing (language xx; every key of lang/en.toml is needed)", path.display())
    );
    // A plural form its rule needs: refused too.
    let polish = BUILT_IN[7].1.replace("few = \"{n} łamigłówki\", ", "").replace("code = \"pl\"", "code = \"yy\"");
    let e = Catalogue::checked(&polish, "yy.toml").unwrap_err().to_string();
    assert!(e.contains("needs the plural form `few`") && e.contains("language yy"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn layout_words_come_from_the_layout_file_or_are_refused_by_name() {
    let layout = crate::layout::Layout::load("jigsaw-9").unwrap();
    assert_eq!(layout_words(&layout, &english()).unwrap(), (layout.name.clone(), layout.rules.clone()));
    let (name, rules) = layout_words(&layout, &built_in("de").unwrap()).unwrap();
    assert_eq!(name, "Chaos-Sudoku");
    assert!(rules.contains("dick umrandete Gebiet"), "{rules}");
    // A publisher's layout with German words only is refused in French.
    let dir = std::env::temp_dir().join(format!("puzzlebook-lang-words-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mine-4.toml");
    let text = "name = \"Mine\"\ndescription = \"d\"\nrules = \"Place 1–4 once.\"\nsize = 4\nboxes = \"2x2\"\nwords.de.name = \"Meins\"\nwords.de.rules = \"1–4 je einmal.\"\n";
    std::fs::write(&path, text).unwrap();
    let mine = crate::layout::Layout::load(&path.display().to_string()).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(layout_words(&mine, &built_in("de").unwrap()).unwrap(), ("Meins".to_string(), "1–4 je einmal.".to_string()));
    let e = layout_words(&mine, &built_in("fr").unwrap()).unwrap_err();
    let file = path.display().to_string();
    assert_eq!(e, LangError::LayoutWords { layout: "mine-4".into(), key: "name".into(), lang: "fr".into(), file: file.clone() });
    assert_eq!(
        e.to_string(),
        format!(
            "layout mine-4 has no `name` in `fr`: the book would print it in English (add words.fr.name to {file}, or leave out --lang fr)"
        )
    );
}

/// Every glyph of every catalogue is in the book's embedded fonts (both
/// weights: headings print bold), so nothing prints as an empty box.
#[test]
fn every_catalogue_string_has_its_glyphs_in_the_book_fonts() {
    let fonts = crate::pdf::fonts::Fonts::unembedded().unwrap();
    for (code, _) in BUILT_IN {
        let words = built_in(code).unwrap();
        for text in words.all_texts() {
            assert_eq!(fonts.regular.missing(&text), Vec::<char>::new(), "{code}: {text}");
            assert_eq!(fonts.bold.missing(&text), Vec::<char>::new(), "{code}: {text}");
        }
    }
    // The families' own words files.
    for own in crate::family::own_words() {
        for code in own.languages() {
            for text in own.texts(&code) {
                assert_eq!(fonts.regular.missing(&text), Vec::<char>::new(), "{}: {code}: {text}", own.file);
            }
        }
    }
    // The shipped layouts' own words (name as a heading, rules as text).
    for path in crate::layout::list_layout_files() {
        let layout = crate::layout::Layout::load(&path.display().to_string()).unwrap();
        for code in crate::layout::LANGUAGES {
            let words = layout.reader_words(code).unwrap();
            assert_eq!(fonts.bold.missing(&words.name), Vec::<char>::new(), "{}: {code}: {}", layout.id, words.name);
            assert_eq!(fonts.regular.missing(&words.rules), Vec::<char>::new(), "{}: {code}: {}", layout.id, words.rules);
        }
    }
}

/// Every shipped layout's family has its skills and its answer words in
/// every built-in catalogue (a family added without them would print a
/// missing-key marker, or English, in another language's book).
#[test]
fn every_familys_skills_and_answer_words_are_in_every_catalogue() {
    for path in crate::layout::list_layout_files() {
        let layout = crate::layout::Layout::load(&path.display().to_string()).unwrap();
        let family = crate::family::open(layout.clone());
        let answers = family.answer_words("");
        for (code, _) in BUILT_IN {
            let words = built_in(code).unwrap();
            let said = answers.words(&words);
            let has = words.has(answers.key) || answers.own.is_some_and(|own| own.over(&words).has(answers.key));
            assert!(has, "{code}: {}: answer words {answers:?} have no catalogue key", layout.id);
            assert!(!said.contains('⟦'), "{code}: {}: {said}", layout.id);
            if code == "en" {
                assert_eq!(answers.words(&words), answers.english, "{}", layout.id);
            }
            for skill in family.skills() {
                for which in ["need", "plural", "explain"] {
                    let said = skill.words(&words, which);
                    assert!(!said.contains('⟦'), "{code}: {}: skill {} {which}: {said}", layout.id, skill.id);
                    if code == "en" {
                        let own = match which {
                            "need" => skill.need,
                            "plural" => skill.plural,
                            _ => skill.explain,
                        };
                        assert_eq!(said, own, "{}: skill {}", layout.id, skill.id);
                    }
                }
            }
        }
    }
}

/// The English catalogue says each skill as the family's scale does, and
/// every language names every skill of both scales.
#[test]
fn the_skills_words_come_from_the_catalogue() {
    use crate::family::words::{SLITHERLINK, SUDOKU};
    let en = english();
    for skill in SUDOKU.iter().chain(SLITHERLINK.iter()) {
        assert_eq!(
            (skill.words(&en, "need"), skill.words(&en, "plural"), skill.words(&en, "explain")),
            (skill.need.to_string(), skill.plural.to_string(), skill.explain.to_string())
        );
    }
    let de = built_in("de").unwrap();
    assert_eq!(SUDOKU[0].words(&de, "need"), "nur Singles");
    assert_eq!(SLITHERLINK[3].words(&de, "explain").split(':').next(), Some("Ausprobieren"));
    assert_eq!(SUDOKU[9].words(&de, "explain").split(':').next(), Some("Ausprobieren"));
    assert_ne!(SLITHERLINK[3].words(&de, "explain"), SUDOKU[9].words(&de, "explain"));
}

/// A family's own words file holds every built-in language, each with
/// every key of its English part and the plural forms of the language's
/// rule; none of its keys is also in a catalogue (one place a word).
#[test]
fn every_familys_own_words_are_complete_in_every_language() {
    // Every shipped layout's family that keeps its own words is listed
    // (so `langs --check` asks for them).
    let files = crate::family::own_words();
    for path in crate::layout::list_layout_files() {
        let layout = crate::layout::Layout::load(&path.display().to_string()).unwrap();
        if let Some(own) = crate::family::open(layout.clone()).own_words() {
            assert!(files.contains(&own), "{}: {} is not in family::own_words", layout.id, own.file);
        }
    }
    let codes: Vec<String> = BUILT_IN.iter().map(|(c, _)| c.to_string()).collect();
    for own in files {
        assert_eq!(own.languages(), codes, "{}", own.file);
        for (code, _) in BUILT_IN {
            let words = built_in(code).unwrap();
            assert_eq!(own.missing(&words), Vec::new(), "{}: {code}", own.file);
            for key in own.over(&english()).messages.keys() {
                if !english().has(key) {
                    assert!(!words.has(key), "{code}: {key} is in both lang/{code}.toml and {}", own.file);
                }
            }
        }
    }
}

/// A publisher's catalogue of a language no own words file holds must
/// carry the family's words: each missing one is named with its key and
/// the catalogue's file; given in the catalogue, it is used.
#[test]
fn a_publishers_catalogue_needs_the_familys_own_words() {
    let own = &crate::family::words::SLITHERLINK[0].own.unwrap();
    let text = BUILT_IN[0].1.replace("code = \"en\"", "code = \"xx\"").replace("name = \"English\"", "name = \"Test\"");
    let xx = Catalogue::checked(&text, "lang/xx.toml").unwrap();
    let missing = own.missing(&xx);
    assert_eq!(
        missing.first().map(|e| e.to_string()).as_deref(),
        Some(
            "lang/xx.toml: the key `answers.loop_drawn` is missing (language xx; a family's own words, which src/slither/words.toml has for en, de, fr, es, it, nl, pt, pl only)"
        )
    );
    let english_part = own.over(&english()).messages.keys().filter(|k| !english().has(k)).count();
    assert_eq!(missing.len(), english_part);
    let carried = text.replace("[answers]", "[answers]\nloop_drawn = \"avec la boucle\"");
    let xx = Catalogue::checked(&carried, "lang/xx.toml").unwrap();
    assert_eq!(own.missing(&xx).len(), english_part - 1);
    assert_eq!(crate::family::words::LOOP_DRAWN.words(&xx), "avec la boucle");
}
