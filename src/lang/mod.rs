//! The reader's language (issue 32): every word a book prints comes from a
//! message catalogue, one TOML file per language (`lang/<code>.toml` at
//! the repository's root, embedded for the built-in languages; a publisher
//! adds one by giving its file). A catalogue holds its language's plural
//! rule, decimal sign, quotation marks and whether it sets a space before
//! `:` `;` `!` `?` (French), and its messages by key. The book asks by key
//! ([`Catalogue::text`], [`Catalogue::fill`], [`Catalogue::plural`]); a
//! catalogue missing a key of the English one is refused by name when it
//! is loaded, so nothing prints in English silently.
//!
//! Why TOML and not Fluent or gettext: the crate reads TOML already (no new
//! dependency), a publisher edits one plain file, and the eight languages
//! need only three plural rules (written out in [`PluralRule`], from CLDR).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The built-in catalogues: code and text.
pub const BUILT_IN: [(&str, &str); 8] = [
    ("en", include_str!("../../lang/en.toml")),
    ("de", include_str!("../../lang/de.toml")),
    ("fr", include_str!("../../lang/fr.toml")),
    ("es", include_str!("../../lang/es.toml")),
    ("it", include_str!("../../lang/it.toml")),
    ("nl", include_str!("../../lang/nl.toml")),
    ("pt", include_str!("../../lang/pt.toml")),
    ("pl", include_str!("../../lang/pl.toml")),
];

/// What goes wrong with a language: an unknown code, a catalogue that
/// cannot be read, a key missing, words a layout lacks.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum LangError {
    #[error("--lang {0}: no such language (built in: en, de, fr, es, it, nl, pt, pl; or give a catalogue file such as lang/xx.toml)")]
    Unknown(String),
    #[error("{file}: {message}")]
    Unreadable { file: String, message: String },
    #[error("{file}: the key `{key}` is missing (language {lang}; every key of lang/en.toml is needed)")]
    Missing { file: String, key: String, lang: String },
    #[error("{file}: the key `{key}` is missing (language {lang}; a family's own words, which {own} has for {langs} only)")]
    MissingOwn { file: String, key: String, lang: String, own: String, langs: String },
    #[error("{file}: the key `{key}` needs the plural form `{form}` (language {lang}, plural rule {rule})")]
    MissingForm { file: String, key: String, form: String, lang: String, rule: String },
    #[error(
        "layout {layout} has no `{key}` in `{lang}`: the book would print it in English (add words.{lang}.{key} to {file}, or leave out --lang {lang})"
    )]
    LayoutWords { layout: String, key: String, lang: String, file: String },
}

/// A language: its code ("de"), parsed with a named refusal of codes no
/// catalogue is built in for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lang {
    pub code: String,
}

impl std::str::FromStr for Lang {
    type Err = LangError;

    fn from_str(code: &str) -> Result<Lang, LangError> {
        let code = code.trim();
        match BUILT_IN.iter().find(|(c, _)| *c == code) {
            Some((c, _)) => Ok(Lang { code: c.to_string() }),
            None => Err(LangError::Unknown(code.to_string())),
        }
    }
}

/// The CLDR cardinal plural rules the catalogues use (whole numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PluralRule {
    /// one: 1; other (English, German, Dutch, Spanish, Italian).
    OneOther,
    /// one: 0 and 1; other (French, Portuguese).
    ZeroOneOther,
    /// one: 1; few: 2–4 but not 12–14 (by the last digits); many: the rest (Polish).
    Polish,
}

impl PluralRule {
    fn parse(name: &str) -> Option<PluralRule> {
        match name {
            "one-other" => Some(PluralRule::OneOther),
            "zero-one-other" => Some(PluralRule::ZeroOneOther),
            "polish" => Some(PluralRule::Polish),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PluralRule::OneOther => "one-other",
            PluralRule::ZeroOneOther => "zero-one-other",
            PluralRule::Polish => "polish",
        }
    }

    /// The forms a plural message of this rule needs.
    pub fn forms(self) -> &'static [&'static str] {
        match self {
            PluralRule::OneOther | PluralRule::ZeroOneOther => &["one", "other"],
            PluralRule::Polish => &["one", "few", "many"],
        }
    }

    /// The form of `n`.
    pub fn form(self, n: usize) -> &'static str {
        match self {
            PluralRule::OneOther => {
                if n == 1 {
                    "one"
                } else {
                    "other"
                }
            }
            PluralRule::ZeroOneOther => {
                if n <= 1 {
                    "one"
                } else {
                    "other"
                }
            }
            PluralRule::Polish => {
                let (ten, hundred) = (n % 10, n % 100);
                if n == 1 {
                    "one"
                } else if (2..=4).contains(&ten) && !(12..=14).contains(&hundred) {
                    "few"
                } else {
                    "many"
                }
            }
        }
    }
}

/// One message: a text, or its plural forms.
#[derive(Clone, Debug, PartialEq)]
enum Message {
    Text(String),
    Plural(BTreeMap<String, String>),
}

/// A language's catalogue.
#[derive(Clone, Debug)]
pub struct Catalogue {
    pub code: String,
    /// The language's own name ("Deutsch").
    pub name: String,
    /// Where it was read from (named in errors).
    pub file: String,
    pub plural: PluralRule,
    pub decimal: char,
    pub quotes: (String, String),
    /// French: a no-break space before `:` and a narrow one before `;` `!` `?`.
    pub french_spacing: bool,
    messages: BTreeMap<String, Message>,
}

const PLURAL_FORMS: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

fn flatten(prefix: &str, table: &toml::Table, out: &mut BTreeMap<String, Message>, file: &str) -> Result<(), LangError> {
    for (key, value) in table {
        let full = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
        match value {
            toml::Value::String(s) => {
                out.insert(full, Message::Text(s.clone()));
            }
            toml::Value::Table(t) if !t.is_empty() && t.keys().all(|k| PLURAL_FORMS.contains(&k.as_str())) => {
                let mut forms = BTreeMap::new();
                for (form, text) in t {
                    let Some(text) = text.as_str() else {
                        return Err(LangError::Unreadable { file: file.into(), message: format!("`{full}.{form}`: expected a string") });
                    };
                    forms.insert(form.clone(), text.to_string());
                }
                out.insert(full, Message::Plural(forms));
            }
            toml::Value::Table(t) => flatten(&full, t, out, file)?,
            _ => return Err(LangError::Unreadable { file: file.into(), message: format!("`{full}`: expected a string or a table") }),
        }
    }
    Ok(())
}

/// French spacing: a no-break space before `:`, a narrow no-break space
/// before `;` `!` `?` (written with an ordinary space, or none, in the file).
pub fn french_spaced(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if matches!(c, ':' | ';' | '!' | '?') {
            let next = chars.get(i + 1).copied();
            // "http://", "1:2", a placeholder's own text are left alone.
            let ends = next.is_none_or(|n| n == ' ' || n == '\n' || n == '»' || n == '\u{a0}' || n == ')');
            let after_word = i > 0 && !matches!(chars[i - 1], ' ' | '\u{a0}' | '\u{202f}' | '\n');
            let spaced = i > 0 && chars[i - 1] == ' ';
            let space = if c == ':' { '\u{a0}' } else { '\u{202f}' };
            if ends && spaced {
                out.pop();
                out.push(space);
            } else if ends && after_word {
                out.push(space);
            }
        }
        out.push(c);
    }
    out
}

impl Catalogue {
    /// Reads a catalogue from its text; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Catalogue, LangError> {
        let unreadable = |message: String| LangError::Unreadable { file: file.to_string(), message };
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| unreadable(e.to_string().trim().to_string()))?;
        let meta = table.get("meta").and_then(|m| m.as_table()).ok_or_else(|| unreadable("no [meta] table".into()))?;
        let get = |key: &str| -> Result<String, LangError> {
            meta.get(key).and_then(|v| v.as_str()).map(str::to_string).ok_or_else(|| unreadable(format!("[meta] needs `{key}`")))
        };
        let code = get("code")?;
        let plural_name = get("plural")?;
        let plural = PluralRule::parse(&plural_name)
            .ok_or_else(|| unreadable(format!("[meta] plural = \"{plural_name}\": expected one-other, zero-one-other or polish")))?;
        let decimal = get("decimal")?;
        let mut dchars = decimal.chars();
        let decimal = match (dchars.next(), dchars.next()) {
            (Some(c), None) => c,
            _ => return Err(unreadable(format!("[meta] decimal = \"{decimal}\": expected one character"))),
        };
        let quotes = match meta.get("quotes").and_then(|q| q.as_array()).map(|a| a.iter().filter_map(|v| v.as_str()).collect::<Vec<_>>()) {
            Some(q) if q.len() == 2 => (q[0].to_string(), q[1].to_string()),
            _ => return Err(unreadable("[meta] needs `quotes`, the opening and closing marks, e.g. [\"„\", \"“\"]".into())),
        };
        let french_spacing = meta.get("french_spacing").and_then(|v| v.as_bool()).unwrap_or(false);
        let mut messages = BTreeMap::new();
        for (key, value) in &table {
            if key == "meta" {
                continue;
            }
            match value {
                toml::Value::Table(t) => flatten(key, t, &mut messages, file)?,
                toml::Value::String(s) => {
                    messages.insert(key.clone(), Message::Text(s.clone()));
                }
                _ => return Err(unreadable(format!("`{key}`: expected a string or a table"))),
            }
        }
        if french_spacing {
            for message in messages.values_mut() {
                match message {
                    Message::Text(t) => *t = french_spaced(t),
                    Message::Plural(forms) => forms.values_mut().for_each(|t| *t = french_spaced(t)),
                }
            }
        }
        Ok(Catalogue { code, name: get("name")?, file: file.to_string(), plural, decimal, quotes, french_spacing, messages })
    }

    /// Reads a publisher's catalogue file and checks it holds every key.
    pub fn load(path: &Path) -> Result<Catalogue, LangError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| LangError::Unreadable { file: file.clone(), message: format!("cannot read: {e}") })?;
        Catalogue::checked(&text, &file)
    }

    /// Parses and checks against the English catalogue: every key, every
    /// plural form of the language's rule.
    pub fn checked(text: &str, file: &str) -> Result<Catalogue, LangError> {
        let catalogue = Catalogue::parse(text, file)?;
        match catalogue.missing().into_iter().next() {
            Some(e) => Err(e),
            None => Ok(catalogue),
        }
    }

    /// Every key of the English catalogue this one lacks (or lacks a
    /// plural form of), in key order.
    pub fn missing(&self) -> Vec<LangError> {
        let english = english();
        let mut out = Vec::new();
        for (key, message) in &english.messages {
            match (message, self.messages.get(key)) {
                (_, None) => out.push(LangError::Missing { file: self.file.clone(), key: key.clone(), lang: self.code.clone() }),
                (Message::Plural(_), Some(Message::Plural(forms))) => {
                    for form in self.plural.forms() {
                        if !forms.contains_key(*form) {
                            out.push(LangError::MissingForm {
                                file: self.file.clone(),
                                key: key.clone(),
                                form: form.to_string(),
                                lang: self.code.clone(),
                                rule: self.plural.name().into(),
                            });
                        }
                    }
                }
                (Message::Plural(_), Some(Message::Text(_))) => out.push(LangError::MissingForm {
                    file: self.file.clone(),
                    key: key.clone(),
                    form: self.plural.forms()[0].into(),
                    lang: self.code.clone(),
                    rule: self.plural.name().into(),
                }),
                _ => {}
            }
        }
        out
    }

    /// Whether the catalogue is English (the layouts' own words).
    pub fn is_english(&self) -> bool {
        self.code == "en"
    }

    /// The message of `key`: its text, or a plural message's `other`
    /// (`many`) form. A key no catalogue has prints as `⟦key⟧`, which the
    /// tests look for (a catalogue loaded is checked for every key).
    pub fn text(&self, key: &str) -> String {
        match self.messages.get(key) {
            Some(Message::Text(t)) => t.clone(),
            Some(Message::Plural(forms)) => forms.get("other").or_else(|| forms.get("many")).cloned().unwrap_or_default(),
            None => format!("⟦{key}⟧"),
        }
    }

    /// Whether the catalogue has `key` (the layouts' words it may carry).
    pub fn has(&self, key: &str) -> bool {
        self.messages.contains_key(key)
    }

    /// The message of `key` with `{name}` replaced by each value.
    pub fn fill(&self, key: &str, args: &[(&str, &str)]) -> String {
        substitute(&self.text(key), args)
    }

    /// The plural message of `key` in the form of `n`, `{n}` and `args` replaced.
    pub fn plural(&self, key: &str, n: usize, args: &[(&str, &str)]) -> String {
        let template = match self.messages.get(key) {
            Some(Message::Plural(forms)) => {
                let form = self.plural.form(n);
                forms.get(form).or_else(|| forms.get("other")).cloned().unwrap_or_default()
            }
            Some(Message::Text(t)) => t.clone(),
            None => format!("⟦{key}⟧"),
        };
        let count = n.to_string();
        let mut all: Vec<(&str, &str)> = vec![("n", count.as_str())];
        all.extend_from_slice(args);
        substitute(&template, &all)
    }

    /// A number with `places` decimals in the language's way ("3,4").
    pub fn decimal(&self, x: f64, places: usize) -> String {
        let text = format!("{x:.places$}");
        if self.decimal == '.' { text } else { text.replace('.', &self.decimal.to_string()) }
    }

    /// `text` between the language's quotation marks.
    pub fn quote(&self, text: &str) -> String {
        format!("{}{text}{}", self.quotes.0, self.quotes.1)
    }

    /// "a, b and c" with the language's word for the last join
    /// (`list.and` or `list.or`).
    pub fn join(&self, parts: &[String], key: &str) -> String {
        match parts {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => self.fill(key, &[("rest", &rest.join(", ")), ("last", last)]),
        }
    }

    /// Every message text (each plural form), for the glyph test.
    pub fn all_texts(&self) -> Vec<String> {
        let mut out = Vec::new();
        for message in self.messages.values() {
            match message {
                Message::Text(t) => out.push(t.clone()),
                Message::Plural(forms) => out.extend(forms.values().cloned()),
            }
        }
        out.push(self.quote(""));
        out
    }
}

fn substitute(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// A family's own words (issue 31): one TOML file beside its engine that
/// holds them for every built-in language, each under `[<code>.<key>]`
/// with the keys a catalogue would use (`[de.skill.nonogram.lines]`,
/// `[fr.answers]`). A family's words live there rather than in
/// `lang/*.toml`, so adding a family touches no catalogue; the family
/// reads through [`OwnWords::over`], which adds them to a catalogue.
#[derive(Debug)]
pub struct OwnWords {
    /// Where the words are (named in errors): `src/nonogram/words.toml`.
    file: &'static str,
    /// The file's text (embedded).
    text: &'static str,
    /// The text parsed, once.
    table: OnceLock<toml::Table>,
}

impl PartialEq for OwnWords {
    fn eq(&self, other: &OwnWords) -> bool {
        self.file == other.file
    }
}

impl Eq for OwnWords {}

impl OwnWords {
    /// The words of `file`, whose text is `text` (embedded with `include_str!`).
    pub const fn new(file: &'static str, text: &'static str) -> OwnWords {
        OwnWords { file, text, table: OnceLock::new() }
    }

    /// Where the words are: `src/nonogram/words.toml`.
    pub fn file(&self) -> &'static str {
        self.file
    }

    /// The file's tables by language; an unreadable file is a bug the
    /// tests catch.
    fn table(&self) -> &toml::Table {
        self.table.get_or_init(|| self.text.parse().unwrap_or_else(|e| panic!("{}: {e}", self.file)))
    }

    /// The messages of `code` in the file (empty for a language it does
    /// not hold).
    fn messages(&self, code: &str, french_spacing: bool) -> BTreeMap<String, Message> {
        let mut out = BTreeMap::new();
        if let Some(toml::Value::Table(words)) = self.table().get(code) {
            flatten("", words, &mut out, self.file).unwrap_or_else(|e| panic!("{e}"));
        }
        if french_spacing {
            for message in out.values_mut() {
                match message {
                    Message::Text(t) => *t = french_spaced(t),
                    Message::Plural(forms) => forms.values_mut().for_each(|t| *t = french_spaced(t)),
                }
            }
        }
        out
    }

    /// The languages the file holds: the built-in ones in their order,
    /// then any other by code.
    pub fn languages(&self) -> Vec<String> {
        let mut codes: Vec<String> = self.table().keys().cloned().collect();
        codes.sort_by_key(|c| (BUILT_IN.iter().position(|(b, _)| b == c).unwrap_or(BUILT_IN.len()), c.clone()));
        codes
    }

    /// `words` with these words of its language added; a key `words`
    /// has already (a publisher's catalogue may carry them) is kept. The
    /// built-in catalogues' results are made once.
    pub fn over(&'static self, words: &Catalogue) -> Arc<Catalogue> {
        type Key = (&'static str, String);
        static MADE: OnceLock<std::sync::Mutex<BTreeMap<Key, Arc<Catalogue>>>> = OnceLock::new();
        // Only the built-in catalogue itself (not a publisher's file of the
        // same code and path) is answered from what was made before.
        let built_in = built_in(&words.code).is_ok_and(|b| std::ptr::eq(&*b, words));
        let key = (self.file, words.code.clone());
        if built_in && let Some(made) = MADE.get_or_init(Default::default).lock().expect("not poisoned").get(&key) {
            return made.clone();
        }
        let mut merged = words.clone();
        for (k, message) in self.messages(&words.code, words.french_spacing) {
            merged.messages.entry(k).or_insert(message);
        }
        let merged = Arc::new(merged);
        if built_in {
            MADE.get_or_init(Default::default).lock().expect("not poisoned").insert(key, merged.clone());
        }
        merged
    }

    /// The keys of these words (and the plural forms of the language's
    /// rule) that neither `words` nor this file's part of its language
    /// holds: a publisher's catalogue of a language the file lacks must
    /// carry them.
    pub fn missing(&'static self, words: &Catalogue) -> Vec<LangError> {
        let merged = self.over(words);
        let languages = self.languages();
        let file = if languages.contains(&words.code) { self.file.to_string() } else { words.file.clone() };
        let langs = languages.join(", ");
        let mut out = Vec::new();
        for (key, message) in self.messages("en", false) {
            match (message, merged.messages.get(&key)) {
                (_, None) => out.push(LangError::MissingOwn {
                    file: file.clone(),
                    key,
                    lang: words.code.clone(),
                    own: self.file.into(),
                    langs: langs.clone(),
                }),
                (Message::Plural(_), Some(found)) => {
                    let forms = match found {
                        Message::Plural(forms) => forms.keys().cloned().collect(),
                        Message::Text(_) => Vec::new(),
                    };
                    for form in words.plural.forms() {
                        if !forms.iter().any(|f| f == form) {
                            out.push(LangError::MissingForm {
                                file: file.clone(),
                                key: key.clone(),
                                form: form.to_string(),
                                lang: words.code.clone(),
                                rule: words.plural.name().into(),
                            });
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// Every message text of a language (each plural form), for the glyph test.
    pub fn texts(&self, code: &str) -> Vec<String> {
        let mut out = Vec::new();
        let spacing = built_in(code).is_ok_and(|c| c.french_spacing);
        for message in self.messages(code, spacing).into_values() {
            match message {
                Message::Text(t) => out.push(t),
                Message::Plural(forms) => out.extend(forms.into_values()),
            }
        }
        out
    }
}

/// The built-in catalogue of `code` (parsed once).
pub fn built_in(code: &str) -> Result<Arc<Catalogue>, LangError> {
    static CACHE: OnceLock<Vec<Arc<Catalogue>>> = OnceLock::new();
    let all = CACHE.get_or_init(|| {
        BUILT_IN
            .iter()
            .map(|(c, text)| Arc::new(Catalogue::parse(text, &format!("lang/{c}.toml")).expect("the built-in catalogues parse")))
            .collect()
    });
    all.iter().find(|c| c.code == code).cloned().ok_or_else(|| LangError::Unknown(code.to_string()))
}

/// The English catalogue.
pub fn english() -> Arc<Catalogue> {
    built_in("en").expect("English is built in")
}

/// The catalogue a book prints in: its own (a publisher's, stored with the
/// book) or the built-in one of its code.
pub fn for_book(code: &str, own: Option<&str>) -> Result<Arc<Catalogue>, LangError> {
    match own {
        Some(text) => Ok(Arc::new(Catalogue::checked(text, &format!("the book's catalogue ({code})"))?)),
        None => built_in(code),
    }
}

/// What `--lang` names: a built-in code, or a catalogue file (`xx.toml`):
/// the code, and the file's text for a publisher's language.
pub fn resolve(arg: &str) -> Result<(String, Option<String>), LangError> {
    if arg.ends_with(".toml") {
        let catalogue = Catalogue::load(Path::new(arg))?;
        let text = std::fs::read_to_string(arg).map_err(|e| LangError::Unreadable { file: arg.into(), message: e.to_string() })?;
        return Ok((catalogue.code, Some(text)));
    }
    let lang: Lang = arg.parse()?;
    Ok((lang.code, None))
}

/// A layout's reader words (name, rules) in the catalogue's language: the
/// layout file's own `name`/`rules` for English, its `words.<code>.name`
/// and `.rules` otherwise (layouts/README.md, "words"), else refused naming
/// layout, key and language. The one place the book asks.
pub fn layout_words(layout: &crate::layout::Layout, words: &Catalogue) -> Result<(String, String), LangError> {
    if words.is_english() {
        return Ok((layout.name.clone(), layout.rules.clone()));
    }
    let found = layout.reader_words(&words.code).map_err(|missing| LangError::LayoutWords {
        layout: missing.layout,
        key: missing.key.to_string(),
        lang: missing.lang,
        file: missing.file,
    })?;
    Ok((found.name, found.rules))
}

#[cfg(test)]
mod tests;
