//! What a book says about its own puzzles — the introduction's levels, the
//! stars scale, the back cover's blurb, "no guessing is needed", how the
//! answers print — as data found from the puzzles themselves (each asked
//! of its family: [`Family::need`], [`Family::answer_words`]), and the
//! words rendered from that data. Every claim printed is one of these, so
//! a test can check each against the puzzles' grades.

use super::Book;
use super::labels::{self, Curve};
use crate::family::words::Skill;
use crate::level::Level;

/// How many puzzles of a group (a level, or a star band) need each skill
/// at their hardest step.
#[derive(Clone, Debug, PartialEq)]
pub struct Needs {
    /// The level, or the band's index (stars and words).
    pub level: Option<Level>,
    pub band: Option<usize>,
    pub puzzles: usize,
    /// (skill, puzzles needing it), easiest skill first; only skills some
    /// puzzle needs.
    pub needs: Vec<(&'static Skill, usize)>,
    /// Puzzles whose family could not say what they need.
    pub unknown: usize,
}

/// One kind of puzzle (by the reader's name) in the book.
#[derive(Clone, Debug, PartialEq)]
pub struct Kind {
    pub name: String,
    /// The family's scale (empty: it grades none, and nothing is claimed).
    pub skills: &'static [Skill],
    /// Per level, easiest first.
    pub levels: Vec<Needs>,
    /// How its answers print (each distinct wording once).
    pub answers: Vec<&'static str>,
}

/// Everything the book claims about its puzzles.
#[derive(Clone, Debug, PartialEq)]
pub struct Claims {
    pub kinds: Vec<Kind>,
    /// Per star band (books labelled by stars or words), over the rated
    /// puzzles.
    pub bands: Vec<Needs>,
    /// Every puzzle is known to need reasoning only: "no guessing is needed".
    pub reasoning_only: bool,
    /// Puzzles that need a step that is not reasoning (trial and error).
    pub trial: usize,
}

fn count(needs: &mut Needs, skill: Option<&'static Skill>, scale: &'static [Skill]) {
    needs.puzzles += 1;
    match skill {
        None => needs.unknown += 1,
        Some(skill) => match needs.needs.iter_mut().find(|(s, _)| std::ptr::eq(*s, skill)) {
            Some((_, n)) => *n += 1,
            None => {
                needs.needs.push((skill, 1));
                let at = |s: &Skill| scale.iter().position(|t| t == s).unwrap_or(usize::MAX);
                needs.needs.sort_by_key(|(s, _)| at(s));
            }
        },
    }
}

/// The claims of a book, found from its puzzles (each graded by its family).
pub fn of(book: &Book) -> Claims {
    let mut kinds: Vec<Kind> = Vec::new();
    let mut bands: Vec<Needs> = Vec::new();
    let mut reasoning_only = true;
    let mut trial = 0;
    for p in &book.puzzles {
        let family = &book.layouts[p.layout];
        let name = family.layout().name.clone();
        let at = match kinds.iter().position(|k| k.name == name) {
            Some(i) => i,
            None => {
                kinds.push(Kind { name, skills: family.skills(), levels: Vec::new(), answers: Vec::new() });
                kinds.len() - 1
            }
        };
        let kind = &mut kinds[at];
        let answer = family.answer_words(&p.row.givens);
        if !kind.answers.contains(&answer) {
            kind.answers.push(answer);
        }
        let scale = family.skills();
        let skill = if scale.is_empty() { None } else { family.need(&p.row.givens).and_then(|i| scale.get(i)) };
        match skill {
            Some(s) if !s.reasoning => {
                reasoning_only = false;
                trial += 1;
            }
            Some(_) => {}
            None => reasoning_only = false,
        }
        if kind.skills.is_empty() {
            continue;
        }
        let level = match kind.levels.iter().position(|n| n.level == Some(p.level)) {
            Some(i) => i,
            None => {
                kind.levels.push(Needs { level: Some(p.level), band: None, puzzles: 0, needs: Vec::new(), unknown: 0 });
                kind.levels.sort_by_key(|n| n.level);
                kind.levels.iter().position(|n| n.level == Some(p.level)).expect("just added")
            }
        };
        count(&mut kind.levels[level], skill, scale);
        if let Some(rating) = p.row.grade.as_ref().map(|g| g.se_rating)
            && family.rates()
        {
            let band = labels::band_of(rating);
            let at = match bands.iter().position(|n| n.band == Some(band)) {
                Some(i) => i,
                None => {
                    bands.push(Needs { level: None, band: Some(band), puzzles: 0, needs: Vec::new(), unknown: 0 });
                    bands.sort_by_key(|n| n.band);
                    bands.iter().position(|n| n.band == Some(band)).expect("just added")
                }
            };
            count(&mut bands[at], skill, scale);
        }
    }
    Claims { kinds, bands, reasoning_only, trial }
}

fn join(parts: &[String], word: &str) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

fn capitalised(text: &str) -> String {
    super::plan::capitalised(text)
}

/// "need only singles" / "14 need only singles, 8 a pointing pair and 3 a
/// chain at their hardest step".
fn needs_words(needs: &Needs) -> String {
    let mut parts: Vec<String> = Vec::new();
    match needs.needs.as_slice() {
        [(skill, n)] if *n == needs.puzzles => return format!("need {}", skill.need),
        list => {
            for (i, (skill, n)) in list.iter().enumerate() {
                parts.push(if i == 0 { format!("{n} need {}", skill.need) } else { format!("{n} {}", skill.need) });
            }
        }
    }
    if needs.unknown > 0 {
        parts.push(format!("{} are not graded by step", needs.unknown));
    }
    format!("{} at their hardest step", join(&parts, "and"))
}

/// The levels' paragraph of one kind: "Easy puzzles need only singles. Of
/// the 25 medium puzzles, …", then what each skill named is.
fn kind_words(kind: &Kind, several: bool) -> Option<String> {
    if kind.skills.is_empty() || kind.levels.is_empty() {
        return None;
    }
    let mut text = if several { format!("{}: ", kind.name) } else { String::new() };
    let mut named: Vec<&Skill> = Vec::new();
    for needs in &kind.levels {
        let level = needs.level.map_or("", |l| l.name());
        let whole = needs.needs.len() == 1 && needs.unknown == 0;
        let sentence = if whole {
            format!("{} puzzles {}.", capitalised(level), needs_words(needs))
        } else {
            format!("Of the {} {level} puzzles, {}.", needs.puzzles, needs_words(needs))
        };
        if !text.is_empty() && !text.ends_with(' ') {
            text.push(' ');
        }
        text.push_str(&sentence);
        for (skill, _) in &needs.needs {
            if !named.contains(skill) {
                named.push(skill);
            }
        }
    }
    named.sort_by_key(|s| kind.skills.iter().position(|t| t == *s));
    let explained: Vec<String> = named.iter().map(|s| s.explain.to_string()).collect();
    text.push_str(&format!(" {}.", capitalised(&explained.join("; "))));
    Some(text)
}

/// The introduction's paragraphs about levels and what the puzzles need
/// (the order of the puzzles, the levels or the stars scale, and the
/// promise about reasoning and the answers).
pub fn introduction(book: &Book, claims: &Claims) -> Vec<String> {
    let settings = &book.settings;
    let mut out = Vec::new();
    let graded: Vec<&Kind> = claims.kinds.iter().filter(|k| !k.skills.is_empty() && !k.levels.is_empty()).collect();
    if settings.labels.by_band() {
        let takes: Vec<Option<String>> = (0..5)
            .map(|b| {
                let needs = claims.bands.iter().find(|n| n.band == Some(b))?;
                Some(match needs.needs.as_slice() {
                    [(skill, n)] if *n == needs.puzzles => format!("{}: {}", puzzles(needs.puzzles), skill.need),
                    list => {
                        let parts: Vec<String> = list.iter().map(|(s, n)| format!("{n} {}", s.need)).collect();
                        format!("{}: {}", puzzles(needs.puzzles), join(&parts, "and"))
                    }
                })
            })
            .collect();
        out.extend(labels::words(settings.labels, settings.curve, &takes));
    } else if !graded.is_empty() {
        out.push(format!("{} A level is the hardest step a careful solver needs.", order_words(settings.curve)));
    }
    let several = graded.len() > 1;
    for kind in &graded {
        if let Some(text) = kind_words(kind, several) {
            out.push(text);
        }
    }
    let reasoning = if claims.reasoning_only {
        ", and you can reach it by reasoning alone: no guessing is needed".to_string()
    } else if claims.trial > 0 {
        let verb = if claims.trial == 1 { "needs" } else { "need" };
        format!("; {} of them {verb} a step of trial and error, where no technique in the usual list helps", claims.trial)
    } else {
        String::new()
    };
    let answers: Vec<String> = match claims.kinds.as_slice() {
        [one] => vec![join(&one.answers.iter().map(|a| a.to_string()).collect::<Vec<_>>(), "or")],
        kinds => {
            if kinds.iter().all(|k| k.answers == kinds[0].answers) {
                vec![join(&kinds[0].answers.iter().map(|a| a.to_string()).collect::<Vec<_>>(), "or")]
            } else {
                kinds
                    .iter()
                    .map(|k| format!("{} {}", k.name, join(&k.answers.iter().map(|a| a.to_string()).collect::<Vec<_>>(), "or")))
                    .collect()
            }
        }
    };
    out.push(format!(
        "Every puzzle has exactly one solution{reasoning}. Under each puzzle, \"Solution on page N\" tells you where its answer \
         is. The answers at the back are in puzzle order, {}.",
        answers.join("; ")
    ));
    out
}

fn puzzles(n: usize) -> String {
    format!("{n} puzzle{}", if n == 1 { "" } else { "s" })
}

fn order_words(curve: Curve) -> &'static str {
    match curve {
        Curve::Sections => "The puzzles are in sections by level, easiest first.",
        Curve::Ramp => "The puzzles rise from the easiest to the hardest, in sections by level.",
        Curve::Week => "Each day's puzzle is marked with its level.",
    }
}

/// The back cover's text made from the book: its count and kinds, its
/// levels, what its puzzles need (from the same claims as the
/// introduction), in a reader's words only.
pub fn blurb(book: &Book, claims: &Claims) -> String {
    let levels: Vec<&str> = Level::ALL.iter().filter(|l| book.puzzles.iter().any(|p| p.level == **l)).map(|l| l.name()).collect();
    let range = match levels.as_slice() {
        [] => String::new(),
        [one] => format!(", all {one}"),
        [first, .., last] => format!(", from {first} to {last}"),
    };
    let count = book.puzzles.len();
    let noun = if count == 1 { "puzzle" } else { "puzzles" };
    let names: Vec<String> = claims.kinds.iter().map(|k| k.name.clone()).collect();
    let head = match names.as_slice() {
        [] => format!("{count} {noun}{range}."),
        [one] => format!("{count} {one} {noun}{range}."),
        several => format!("{count} {noun} of {} kinds{range}: {}.", several.len(), join(several, "and")),
    };
    let mut spans: Vec<String> = Vec::new();
    for kind in claims.kinds.iter().filter(|k| !k.skills.is_empty()) {
        let mut used: Vec<&Skill> = kind.levels.iter().flat_map(|n| n.needs.iter().map(|(s, _)| *s)).collect();
        used.sort_by_key(|s| kind.skills.iter().position(|t| t == *s));
        used.dedup();
        let span = match used.as_slice() {
            [] => continue,
            [one] => format!("each needs {} at its hardest step", one.need),
            [first, .., last] => format!("their hardest steps range from {} to {}", first.plural, last.plural),
        };
        spans.push(if claims.kinds.len() > 1 { format!("{}: {span}", kind.name) } else { span });
    }
    let mut text = head;
    text.push_str("\n\n");
    if !spans.is_empty() {
        text.push_str(&format!("{}. ", capitalised(&spans.join("; "))));
    }
    text.push_str("Every puzzle has exactly one solution, checked by computer, and the easier ones come first.");
    if claims.reasoning_only {
        text.push_str(" No guessing is needed.");
    }
    text.push_str(" The rules of each kind are explained inside, and every answer is in the back of the book.");
    text
}
