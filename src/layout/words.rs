//! The reader's words of a layout (`name`, `rules`) in other languages.
//!
//! English is the file's own `name` and `rules`; every other language is a
//! table under `words`, kept in the layout file so a publisher's own layout
//! carries its translations:
//!
//! ```toml
//! name = "Diagonal Sudoku"
//! rules = "Place 1–9 once in every row, column, 3×3 box and on both long diagonals."
//! words.de.name = "Diagonal-Sudoku"
//! words.de.rules = "In jeder Zeile, jeder Spalte, jedem 3×3-Block und auf beiden langen Diagonalen steht jede Ziffer 1–9 genau einmal."
//! ```
//!
//! A book in a language asks [`Layout::reader_words`]; a missing word is a
//! [`MissingWords`] naming layout, key and language, never English instead.

use super::{Layout, layout_dirs};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use toml::Spanned;

/// The languages every shipped layout has words in (besides English).
pub const LANGUAGES: [&str; 7] = ["de", "fr", "es", "it", "nl", "pt", "pl"];

/// The keys a language's words hold.
pub const KEYS: [&str; 2] = ["name", "rules"];

/// ISO 639-1: the two-letter codes a `words` table may be keyed by (a
/// publisher's eighth language needs no change here).
const ISO_639_1: &str = "aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee \
el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj \
kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om \
or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw \
ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu";

/// `words` as the layout file holds it: language → key → text, each with
/// its place in the file for messages.
pub(super) type WordsTable = BTreeMap<Spanned<String>, BTreeMap<Spanned<String>, Spanned<String>>>;

/// A layout's name and rules as a book in one language prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReaderWords {
    pub name: String,
    pub rules: String,
}

/// A word a layout lacks in a language: the book is refused by it, before
/// any file is written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("layout {layout} has no `{key}` in `{lang}` (add words.{lang}.{key} to {file})")]
pub struct MissingWords {
    /// The layout's id ("diagonal-9").
    pub layout: String,
    /// Its file as it was read ("layouts/diagonal-9.toml").
    pub file: String,
    /// "name" or "rules".
    pub key: &'static str,
    pub lang: String,
}

/// The file's `words` table checked: language codes known (ISO 639-1, lower
/// case, not English: English is the file's own `name` and `rules`), keys
/// `name` and `rules` only, no empty text. An error carries the byte span
/// of what is wrong.
pub(super) fn check(words: &WordsTable) -> Result<(), (std::ops::Range<usize>, String)> {
    for (lang, table) in words {
        let code = lang.get_ref();
        if code == "en" {
            return Err((lang.span(), "words.en: English words are the file's own `name` and `rules`; remove words.en".into()));
        }
        if !is_language(code) {
            let hint = if is_language(&code.to_lowercase()) {
                format!("write it in lower case: `{}`", code.to_lowercase())
            } else {
                format!("expected a two-letter ISO 639-1 code such as {}", LANGUAGES.join(", "))
            };
            return Err((lang.span(), format!("words.{code}: unknown language code `{code}` ({hint})")));
        }
        for (key, text) in table {
            if !KEYS.contains(&key.get_ref().as_str()) {
                return Err((
                    key.span(),
                    format!("words.{code}.{}: unknown key `{}` (a language's words are `name` and `rules`)", key.get_ref(), key.get_ref()),
                ));
            }
            if text.get_ref().trim().is_empty() {
                return Err((text.span(), format!("words.{code}.{}: empty; write the words or leave the key out", key.get_ref())));
            }
        }
    }
    Ok(())
}

/// Whether `code` is a two-letter ISO 639-1 language code ("de"; "en" too).
pub fn is_language_code(code: &str) -> bool {
    is_language(code)
}

fn is_language(code: &str) -> bool {
    code.len() == 2 && ISO_639_1.split(' ').any(|c| c == code)
}

/// The `words` of a layout file's text (a checked layout's text parses).
fn words_of(source: &str) -> BTreeMap<String, BTreeMap<String, String>> {
    #[derive(Deserialize)]
    struct OnlyWords {
        #[serde(default)]
        words: BTreeMap<String, BTreeMap<String, String>>,
    }
    toml::from_str::<OnlyWords>(source).map(|w| w.words).unwrap_or_default()
}

impl Layout {
    /// The layout's name and rules in `lang` (an ISO 639-1 code; "en" is
    /// the file's own `name` and `rules`). A layout stored without words
    /// in `lang` (a catalog's copy made before it had them, or a puzzle's
    /// own copy with its marks drawn in) takes the words of the shipped
    /// layout of the same id when its English name and rules are the
    /// same; Slitherlink's shipped rules have their translations in code
    /// (`loops::rules_in`). Anything else missing is refused by name.
    pub fn reader_words(&self, lang: &str) -> Result<ReaderWords, MissingWords> {
        let (name, rules) = self.words_in(lang);
        match (name, rules) {
            (Some(name), Some(rules)) => Ok(ReaderWords { name, rules }),
            (name, _) => Err(self.missing(if name.is_none() { "name" } else { "rules" }, lang)),
        }
    }

    /// Name and rules in `lang`, each if the layout has it.
    fn words_in(&self, lang: &str) -> (Option<String>, Option<String>) {
        if lang == "en" {
            return (Some(self.name.clone()), Some(self.rules.clone()));
        }
        let mut own = words_of(&self.source).remove(lang);
        if own.is_none() {
            own = self.shipped_twin().and_then(|shipped| words_of(&shipped.source).remove(lang));
        }
        let mut own = own.unwrap_or_default();
        let name = own.remove("name");
        let rules = own
            .remove("rules")
            .or_else(|| (self.rules == super::loops::RULES).then(|| super::loops::rules_in(lang)).flatten().map(String::from));
        (name, rules)
    }

    /// The shipped layout of this id, when it says the same to the reader
    /// in English (so its translations are translations of these words).
    fn shipped_twin(&self) -> Option<Layout> {
        let path = layout_dirs().into_iter().map(|dir| dir.join(format!("{}.toml", self.id))).find(|p| p.is_file())?;
        if same_file(&path, &self.path) {
            return None;
        }
        let shipped = Layout::load(&path.display().to_string()).ok()?;
        (shipped.name == self.name && shipped.rules == self.rules).then_some(shipped)
    }

    fn missing(&self, key: &'static str, lang: &str) -> MissingWords {
        MissingWords { layout: self.id.clone(), file: self.path.display().to_string(), key, lang: lang.to_string() }
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Every word the `layouts` lack in `langs`, layout by layout, language by
/// language, `name` before `rules`: empty when a book in those languages
/// can print them all.
pub fn missing_words<'a>(layouts: impl IntoIterator<Item = &'a Layout>, langs: &[&str]) -> Vec<MissingWords> {
    let mut out = Vec::new();
    for layout in layouts {
        for &lang in langs {
            let (name, rules) = layout.words_in(lang);
            if name.is_none() {
                out.push(layout.missing("name", lang));
            }
            if rules.is_none() {
                out.push(layout.missing("rules", lang));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{LayoutError, list_layout_files, randomise, same_rules};

    fn build(text: &str) -> Result<Layout, LayoutError> {
        Layout::from_source(Path::new("layouts/bad.toml"), text.to_string())
    }

    fn error_of(text: &str) -> String {
        build(text).expect_err("the words should be refused").to_string()
    }

    const HEAD: &str = "name = \"Mine\"\ndescription = \"d\"\nrules = \"Place 1–4 once.\"\nsize = 4\nboxes = \"2x2\"\n";

    /// The tokens a translation keeps as written: ranges (1–9, A–C), sizes
    /// (3×3), marks (>6, <5), the star and WORDPLAYS.
    fn kept_tokens(text: &str) -> Vec<&str> {
        text.split(|c: char| c.is_whitespace() || ",.;:()".contains(c))
            .filter(|t| t.contains(['–', '×', '★', '<', '>']) || *t == "WORDPLAYS")
            .collect()
    }

    #[test]
    fn every_shipped_layout_has_both_words_in_every_language() {
        let layouts: Vec<Layout> = list_layout_files().iter().map(|p| Layout::load(&p.display().to_string()).unwrap()).collect();
        assert!(layouts.len() >= 38, "{}", layouts.len());
        assert_eq!(missing_words(&layouts, &LANGUAGES), Vec::new());
        for layout in &layouts {
            for lang in LANGUAGES {
                let words = layout.reader_words(lang).unwrap_or_else(|e| panic!("{e}"));
                assert!(!words.name.contains([':', '#']) && !words.name.trim().is_empty(), "{}: {lang}: {:?}", layout.id, words.name);
                // Translated, not copied; digits and symbols as written.
                assert_ne!(words.rules, layout.rules, "{}: {lang}: the rules are English", layout.id);
                for token in kept_tokens(&layout.rules) {
                    assert!(words.rules.contains(token), "{}: {lang}: {token:?} is not in {:?}", layout.id, words.rules);
                }
                // French books take typography from the book's words: these
                // rules hold no `;` `:` `!` `?` that would need its spaces.
                if lang == "fr" {
                    assert!(!words.rules.contains([';', ':', '!', '?']), "{}: {}", layout.id, words.rules);
                }
            }
            assert_eq!(layout.reader_words("en").unwrap(), ReaderWords { name: layout.name.clone(), rules: layout.rules.clone() });
        }
    }

    #[test]
    fn a_layout_missing_a_word_is_refused_by_layout_key_and_language() {
        let dir = std::env::temp_dir().join(format!("puzzlebook-words-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("mine-9.toml");
        let text = format!("{HEAD}words.de.name = \"Meins\"\nwords.de.rules = \"1–4 je einmal.\"\nwords.pl.name = \"Moje\"\n");
        std::fs::write(&path, text).unwrap();
        let layout = Layout::load(&path.display().to_string()).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let file = path.display().to_string();
        assert_eq!(layout.reader_words("de"), Ok(ReaderWords { name: "Meins".into(), rules: "1–4 je einmal.".into() }));
        assert_eq!(layout.reader_words("en"), Ok(ReaderWords { name: "Mine".into(), rules: "Place 1–4 once.".into() }));
        let refused = layout.reader_words("pl").unwrap_err();
        assert_eq!(refused.to_string(), format!("layout mine-9 has no `rules` in `pl` (add words.pl.rules to {file})"));
        assert_eq!(
            layout.reader_words("fr").unwrap_err().to_string(),
            format!("layout mine-9 has no `name` in `fr` (add words.fr.name to {file})")
        );
        let missing: Vec<(&str, String)> = missing_words([&layout], &["de", "pl", "fr"]).into_iter().map(|m| (m.key, m.lang)).collect();
        assert_eq!(missing, [("rules", "pl".to_string()), ("name", "fr".to_string()), ("rules", "fr".to_string())]);
    }

    #[test]
    fn unknown_languages_and_keys_are_refused_with_their_line() {
        assert_eq!(
            error_of(&format!("{HEAD}words.ge.name = \"x\"\n")),
            "layouts/bad.toml: line 6: words.ge: unknown language code `ge` (expected a two-letter ISO 639-1 code such as de, fr, es, it, nl, pt, pl)"
        );
        assert_eq!(
            error_of(&format!("{HEAD}words.de.name = \"x\"\nwords.DE.rules = \"y\"\n")),
            "layouts/bad.toml: line 7: words.DE: unknown language code `DE` (write it in lower case: `de`)"
        );
        assert_eq!(
            error_of(&format!("{HEAD}\n[words.fr]\nname = \"x\"\ntitle = \"y\"\n")),
            "layouts/bad.toml: line 9: words.fr.title: unknown key `title` (a language's words are `name` and `rules`)"
        );
        assert_eq!(
            error_of(&format!("{HEAD}words.en.name = \"Mine\"\n")),
            "layouts/bad.toml: line 6: words.en: English words are the file's own `name` and `rules`; remove words.en"
        );
        assert_eq!(
            error_of(&format!("{HEAD}words.it.rules = \" \"\n")),
            "layouts/bad.toml: line 6: words.it.rules: empty; write the words or leave the key out"
        );
        // A table reads as well as dotted keys.
        let table = build(&format!("{HEAD}\n[words.nl]\nname = \"Mijn\"\nrules = \"1–4 één keer.\"\n")).unwrap();
        assert_eq!(table.reader_words("nl").unwrap().name, "Mijn");
    }

    #[test]
    fn a_stored_copy_without_words_takes_the_shipped_words_it_translates() {
        let shipped = Layout::load("killer-9").unwrap();
        let old: String = shipped.source.lines().filter(|l| !l.starts_with("words.")).map(|l| format!("{l}\n")).collect();
        assert!(same_rules(&old, &shipped.source), "a file differing only in words says the same puzzle");
        // As a catalog reads it back: under the layout's id, not a path.
        let stored = Layout::from_source(Path::new("killer-9.toml"), old.clone()).unwrap();
        assert_eq!(stored.reader_words("pl"), shipped.reader_words("pl"));
        // Other English words are not what the shipped words translate.
        let reworded = Layout::from_source(Path::new("killer-9.toml"), old.replace("dashed cage", "cage")).unwrap();
        assert_eq!(reworded.reader_words("pl").unwrap_err().key, "name");
    }

    #[test]
    fn slitherlink_rules_come_translated_unless_the_file_words_its_own() {
        let board = "name = \"Loop\"\ndescription = \"d\"\nshape = \"loops\"\nsize = 6\nwords.de.name = \"Rundweg\"\n";
        let layout = Layout::from_source(Path::new("layouts/loop-6.toml"), board.into()).unwrap();
        assert_eq!(layout.reader_words("de").unwrap().rules, crate::layout::loops::rules_in("de").unwrap());
        let own = board.replace("shape", "rules = \"Draw a loop.\"\nshape");
        let layout = Layout::from_source(Path::new("layouts/loop-6.toml"), own).unwrap();
        assert_eq!(layout.reader_words("de").unwrap_err().key, "rules");
    }

    #[test]
    fn marks_drawn_into_a_file_with_word_tables_stay_top_level() {
        let base =
            build(&format!("{HEAD}random_marks = {{ E = 1 }}\n\n[words.de]\nname = \"Meins\"\nrules = \"1–4 je einmal.\"\n")).unwrap();
        let mut picture = vec!['.'; 16];
        picture[1] = 'E';
        let own = randomise::with_marks(&base, &picture).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(own.cells().unwrap().marks[1], Some('E'));
        assert_eq!(own.reader_words("de").unwrap().name, "Meins");
        // Files without tables get the keys at the end, as before.
        let plain = build(&format!("{HEAD}random_marks = {{ E = 1 }}\n")).unwrap();
        assert!(randomise::with_marks(&plain, &picture).unwrap().source.trim_end().ends_with("\"\"\""));
    }
}
