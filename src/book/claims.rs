//! What a book says about its own puzzles — the introduction's levels, the
//! stars scale, the back cover's blurb, "no guessing is needed", how the
//! answers print — as data found from the puzzles themselves (each asked
//! of its family: [`Family::need`], [`Family::answer_words`]), and the
//! words rendered from that data. Every claim printed is one of these, so
//! a test can check each against the puzzles' grades.

use super::Book;
use super::labels::{self, Curve};
use crate::family::words::Skill;
use crate::lang::Catalogue;
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
    pub answers: Vec<crate::family::words::AnswerWords>,
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
        Some(skill) => match needs.needs.iter_mut().find(|(s, _)| *s == skill) {
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
        let name = book.name_of(family.layout()).to_string();
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

fn capitalised(text: &str) -> String {
    super::plan::capitalised(text)
}

/// "need only singles" / "14 need only singles, 8 a pointing pair and 3 a
/// chain at their hardest step".
fn needs_words(w: &Catalogue, needs: &Needs) -> String {
    let mut parts: Vec<String> = Vec::new();
    match needs.needs.as_slice() {
        [(skill, n)] if *n == needs.puzzles => return w.fill("claims.need_all", &[("need", &skill.words(w, "need"))]),
        list => {
            for (i, (skill, n)) in list.iter().enumerate() {
                let need = skill.words(w, "need");
                parts.push(if i == 0 {
                    w.plural("claims.needs_first", *n, &[("need", &need)])
                } else {
                    w.fill("claims.needs_next", &[("n", &n.to_string()), ("need", &need)])
                });
            }
        }
    }
    if needs.unknown > 0 {
        parts.push(w.fill("claims.unknown", &[("n", &needs.unknown.to_string())]));
    }
    w.fill("claims.hardest", &[("list", &w.join(&parts, "list.and"))])
}

/// The levels' paragraph of one kind ("Easy puzzles need only singles. Of
/// the 25 medium puzzles, …"; `None` where it grades nothing or, with
/// stars and words, where the bands say the needs instead), and the skills
/// it names, easiest first.
fn kind_words(w: &Catalogue, kind: &Kind, several: bool, by_level: bool) -> (Option<String>, Vec<&'static Skill>) {
    if kind.skills.is_empty() || kind.levels.is_empty() {
        return (None, Vec::new());
    }
    let mut sentences: Vec<String> = Vec::new();
    let mut named: Vec<&'static Skill> = Vec::new();
    for needs in &kind.levels {
        let level = needs.level.map_or(String::new(), |l| labels::level_name(w, l));
        let whole = needs.needs.len() == 1 && needs.unknown == 0;
        let words = needs_words(w, needs);
        sentences.push(if whole {
            w.fill("claims.level_whole", &[("Level", &capitalised(&level)), ("level", &level), ("needs", &words)])
        } else {
            w.fill(
                "claims.level_of",
                &[
                    ("n", &needs.puzzles.to_string()),
                    ("puzzles", &w.plural("claims.puzzles", needs.puzzles, &[])),
                    ("level", &level),
                    ("Level", &capitalised(&level)),
                    ("needs", &words),
                ],
            )
        });
        for (skill, _) in &needs.needs {
            if !named.contains(skill) {
                named.push(skill);
            }
        }
    }
    named.sort_by_key(|s| kind.skills.iter().position(|t| t == *s));
    let text = by_level.then(|| {
        let text = sentences.join(" ");
        if several { w.fill("claims.kind", &[("kind", &kind.name), ("text", &text)]) } else { text }
    });
    (text, named)
}

/// What each skill the introduction names is, each said once however many
/// kinds need it: "A single is …; a pointing pair: …".
fn skills_words(w: &Catalogue, named: &[&Skill]) -> Option<String> {
    let mut explained: Vec<String> = Vec::new();
    for skill in named {
        let explain = skill.words(w, "explain");
        if !explained.contains(&explain) {
            explained.push(explain);
        }
    }
    (!explained.is_empty()).then(|| format!("{}.", capitalised(&explained.join(&w.text("list.semicolon")))))
}

/// How a kind's answers print, in the book's language.
fn answer_words(w: &Catalogue, answers: &[crate::family::words::AnswerWords]) -> String {
    let said: Vec<String> = answers.iter().map(|a| a.words(w)).collect();
    w.join(&said, "list.or")
}

/// The introduction's paragraphs about levels and what the puzzles need
/// (the order of the puzzles, the levels or the stars scale, and the
/// promise about reasoning and the answers).
pub fn introduction(book: &Book, claims: &Claims) -> Vec<String> {
    let settings = &book.settings;
    let w = &book.words;
    let mut out = Vec::new();
    let graded: Vec<&Kind> = claims.kinds.iter().filter(|k| !k.skills.is_empty() && !k.levels.is_empty()).collect();
    if settings.labels.by_band() {
        let takes: Vec<Option<String>> = (0..5)
            .map(|b| {
                let needs = claims.bands.iter().find(|n| n.band == Some(b))?;
                let count = w.plural("claims.puzzles", needs.puzzles, &[]);
                Some(match needs.needs.as_slice() {
                    [(skill, n)] if *n == needs.puzzles => w.fill("band.takes", &[("puzzles", &count), ("need", &skill.words(w, "need"))]),
                    list => {
                        let parts: Vec<String> = list
                            .iter()
                            .map(|(s, n)| w.fill("claims.needs_next", &[("n", &n.to_string()), ("need", &s.words(w, "need"))]))
                            .collect();
                        w.fill("band.takes", &[("puzzles", &count), ("need", &w.join(&parts, "list.and"))])
                    }
                })
            })
            .collect();
        out.extend(labels::words(w, settings.labels, settings.curve, &takes));
    } else if !graded.is_empty() {
        out.push(w.fill("order.level_is", &[("order", &w.text(order_key(settings.curve)))]));
    }
    let several = graded.len() > 1;
    let mut named: Vec<&Skill> = Vec::new();
    for kind in &graded {
        let (text, skills) = kind_words(w, kind, several, !settings.labels.by_band());
        out.extend(text);
        named.extend(skills);
    }
    out.extend(skills_words(w, &named));
    let reasoning = if claims.reasoning_only {
        w.text("claims.reasoning")
    } else if claims.trial > 0 {
        w.plural("claims.trial", claims.trial, &[])
    } else {
        String::new()
    };
    let answers: Vec<String> = match claims.kinds.as_slice() {
        [one] => vec![answer_words(w, &one.answers)],
        kinds => {
            if kinds.iter().all(|k| k.answers == kinds[0].answers) {
                vec![answer_words(w, &kinds[0].answers)]
            } else {
                kinds
                    .iter()
                    .map(|k| w.fill("claims.kind_answers", &[("kind", &k.name), ("answers", &answer_words(w, &k.answers))]))
                    .collect()
            }
        }
    };
    let pointer = w.quote(&w.fill("page.solution_1", &[("page", &w.text("claims.pointer_page"))]));
    out.push(w.fill(
        "claims.solution_words",
        &[("reasoning", &reasoning), ("pointer", &pointer), ("answers", &answers.join(&w.text("list.semicolon")))],
    ));
    out
}

fn order_key(curve: Curve) -> &'static str {
    match curve {
        Curve::Sections => "order.sections",
        Curve::Ramp => "order.ramp",
        Curve::Week => "order.week",
    }
}

/// The back cover's text made from the book: its count and kinds, its
/// levels, what its puzzles need (from the same claims as the
/// introduction), in a reader's words only.
pub fn blurb(book: &Book, claims: &Claims) -> String {
    let w = &book.words;
    let levels: Vec<String> =
        Level::ALL.iter().filter(|l| book.puzzles.iter().any(|p| p.level == **l)).map(|l| labels::level_name(w, *l)).collect();
    let range = match levels.as_slice() {
        [] => String::new(),
        [one] => w.fill("blurb.all", &[("level", one)]),
        [first, .., last] => w.fill("blurb.from_to", &[("first", first), ("last", last)]),
    };
    let count = book.puzzles.len();
    let names: Vec<String> = claims.kinds.iter().map(|k| k.name.clone()).collect();
    let head = match names.as_slice() {
        [] => w.plural("blurb.head", count, &[("range", &range)]),
        [one] => w.plural("blurb.head_one", count, &[("kind", one), ("range", &range)]),
        several => w.fill(
            "blurb.head_several",
            &[
                ("n", &count.to_string()),
                ("puzzles", &w.plural("claims.puzzles", count, &[])),
                ("kinds", &several.len().to_string()),
                ("range", &range),
                ("list", &w.join(several, "list.and")),
            ],
        ),
    };
    let several = claims.kinds.iter().filter(|k| !k.skills.is_empty()).count() > 1;
    let mut spans: Vec<String> = Vec::new();
    for kind in claims.kinds.iter().filter(|k| !k.skills.is_empty()) {
        let mut used: Vec<&Skill> = kind.levels.iter().flat_map(|n| n.needs.iter().map(|(s, _)| *s)).collect();
        used.sort_by_key(|s| kind.skills.iter().position(|t| t == *s));
        used.dedup();
        let span = match (used.as_slice(), several) {
            ([], _) => continue,
            ([one], false) => w.fill("blurb.each_needs", &[("need", &one.words(w, "need"))]),
            ([first, .., last], false) => {
                w.fill("blurb.range", &[("first", &first.words(w, "plural")), ("last", &last.words(w, "plural"))])
            }
            ([one], true) => w.fill("blurb.kind_one", &[("kind", &kind.name), ("skill", &one.words(w, "plural"))]),
            ([first, .., last], true) => w.fill(
                "blurb.kind_range",
                &[("kind", &kind.name), ("first", &first.words(w, "plural")), ("last", &last.words(w, "plural"))],
            ),
        };
        spans.push(span);
    }
    let mut text = head;
    text.push_str("\n\n");
    if several {
        text.push_str(&w.fill("blurb.hardest", &[("list", &spans.join(&w.text("list.semicolon")))]));
    } else if let Some(span) = spans.first() {
        text.push_str(&format!("{span} "));
    }
    text.push_str(&w.text("blurb.unique"));
    if claims.reasoning_only {
        text.push_str(&w.text("blurb.no_guessing"));
    }
    text.push_str(&w.text("blurb.inside"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::{Book, BookSettings};
    use crate::family::words::{SLITHERLINK, SUDOKU, sudoku_skill};
    use crate::layout::Layout;
    use crate::store::PuzzleRow;

    /// Puzzles of a layout at each level asked, `per` of each (seeds from 1).
    fn rows(layout: &str, levels: &[Level], per: usize, first_id: i64) -> Vec<PuzzleRow> {
        let layout = Layout::load(layout).unwrap();
        let family = crate::family::open(layout.clone());
        let mut out = Vec::new();
        for &level in levels {
            let mut made = 0;
            for seed in 1..400u64 {
                if made == per {
                    break;
                }
                if let Some(p) = family.make(seed * 7 + level as u64, Some(level)).unwrap() {
                    out.push(PuzzleRow::for_print(first_id + out.len() as i64, &layout, &p));
                    made += 1;
                }
            }
            assert_eq!(made, per, "{} {level}", layout.id);
        }
        out
    }

    /// A book of these puzzles, by level.
    fn book(layouts: &[&str], rows: Vec<PuzzleRow>, labels: labels::Labels) -> Book {
        let levels = Level::ALL.to_vec();
        let settings =
            BookSettings { labels, ..BookSettings::new("Claims", layouts.iter().map(|s| s.to_string()).collect(), rows.len(), levels) };
        Book::new(settings, rows, "2026-01-01T00:00:00Z").unwrap()
    }

    /// What a sudoku puzzle needs, found from its stored grade (the
    /// hardest technique, by rating) and, where that is a single, from
    /// whether singles alone solve it (its first-stuck hint).
    fn sudoku_need_from_grade(book: &Book, p: &crate::book::BookPuzzle) -> usize {
        let family = &book.layouts[p.layout];
        let grade = p.row.grade.as_ref().expect("sudoku rows carry their grade");
        let hardest = crate::generate::needs::parse_technique(&grade.technique).unwrap();
        // Singles alone solve it (though SE's path may take a direct
        // pointing, rated under a naked single, on the way).
        if family.hint(&p.row.givens, &crate::lang::english()).unwrap().look == crate::book::hints::SINGLES_ONLY {
            return 0;
        }
        if !crate::grade::is_single(hardest) {
            return sudoku_skill(hardest);
        }
        // A step rated under a naked single: SE's direct pointing, direct
        // hidden pair, a small cage's combination.
        let below = ["cages", "pointing", "subsets"];
        let need = family.need(&p.row.givens).unwrap();
        assert!(below.contains(&SUDOKU[need].id), "puzzle {}: {}", p.number, SUDOKU[need].id);
        need
    }

    /// Every claim the introduction makes, checked against the puzzles'
    /// grades: the needs of each level, "only singles", "no guessing is
    /// needed", bold starting digits; and the words are the claims'.
    #[test]
    fn every_claim_of_the_introduction_holds_for_the_books_puzzles() {
        let sudoku_levels = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];
        let mut all = rows("classic-9", &sudoku_levels, 4, 1);
        all.extend(rows("killer-9", &[Level::Easy, Level::Expert], 2, 100));
        all.extend(rows("slitherlink-7x7", &[Level::Easy, Level::Medium, Level::Hard], 2, 200));
        all.sort_by_key(|r| r.level.parse::<Level>().ok());
        let book = book(&["classic-9", "killer-9", "slitherlink-7x7"], all, labels::Labels::Levels);
        let claims = book.claims();
        let text = crate::book::front::introduction(&book).join("\n");
        let mut guesses = 0;
        for kind in &claims.kinds {
            for needs in &kind.levels {
                let level = needs.level.unwrap();
                let puzzles: Vec<&crate::book::BookPuzzle> =
                    book.puzzles.iter().filter(|p| p.level == level && book.layouts[p.layout].layout().name == kind.name).collect();
                assert_eq!(needs.puzzles, puzzles.len());
                let mut found: Vec<(&Skill, usize)> = Vec::new();
                for p in &puzzles {
                    let family = &book.layouts[p.layout];
                    let skill = if family.rates() {
                        &SUDOKU[sudoku_need_from_grade(&book, p)]
                    } else {
                        // Slitherlink: the level its own grader gives.
                        let graded = family.grade(&p.row.givens).unwrap().level;
                        &SLITHERLINK[["easy", "medium", "hard"].iter().position(|l| *l == graded).unwrap_or(3)]
                    };
                    guesses += usize::from(!skill.reasoning);
                    match found.iter_mut().find(|(s, _)| *s == skill) {
                        Some((_, n)) => *n += 1,
                        None => found.push((skill, 1)),
                    }
                }
                let mut claimed: Vec<(&Skill, usize)> = needs.needs.iter().map(|(s, n)| (*s, *n)).collect();
                claimed.sort_by_key(|(s, _)| s.id);
                found.sort_by_key(|(s, _)| s.id);
                assert_eq!(claimed, found, "{} {level}", kind.name);
                // "Easy puzzles need only singles" only where each one does.
                let sentence = format!("{} puzzles need {}", crate::book::plan::capitalised(level.name()), kind.skills[0].need);
                let only_first = found.len() == 1 && *found[0].0 == kind.skills[0];
                assert_eq!(
                    text.contains(&format!("{}: {sentence}", kind.name)) || text.contains(&format!(". {sentence}")),
                    only_first,
                    "{sentence}\n{text}"
                );
            }
        }
        // The killer ladder ends in nested cage forcing chains: an expert
        // killer needs trial and error only where they too are stuck. The
        // book says which, from what its puzzles need.
        if guesses > 0 {
            assert!(!text.contains("no guessing"), "{text}");
            let verb = if guesses == 1 { "needs" } else { "need" };
            assert!(text.contains(&format!("{guesses} of them {verb} a step of trial and error")), "{text}");
        } else {
            assert!(text.contains("no guessing is needed") && !text.contains("trial and error"), "{text}");
        }
        // Bold starting digits only for the kinds that print some.
        assert!(text.contains(&format!("Sudoku {}", crate::family::words::DIGITS_BOLD.english)), "{text}");
        assert!(text.contains(&format!("Killer Sudoku {}", crate::family::words::DIGITS_ALL.english)), "{text}");
        assert!(text.contains(&format!("Slitherlink 7×7 {}", crate::family::words::LOOP_DRAWN.english)), "{text}");
        assert_eq!(text.matches("in bold").count(), 1, "{text}");
        // The back cover speaks from the same claims.
        let blurb = crate::book::cover::default_blurb(&book);
        assert_eq!(blurb.contains("No guessing"), guesses == 0, "{blurb}");
        let killer_top = if guesses > 0 { "trial and error" } else { "chains" };
        assert!(
            blurb.contains(&format!("The hardest steps: Sudoku, from singles to chains; Killer Sudoku, from cage sums to {killer_top}")),
            "{blurb}"
        );
    }

    /// A book of easy classics that singles alone do not all solve does
    /// not say "Easy puzzles need only singles"; the stars scale speaks of
    /// what its own puzzles need.
    #[test]
    fn easy_puzzles_are_said_to_need_only_singles_only_when_they_all_do() {
        let rows = rows("classic-9", &[Level::Easy], 12, 1);
        let book = book(&["classic-9"], rows, labels::Labels::Levels);
        let needs = &book.claims().kinds[0].levels[0];
        let singles = needs.needs.iter().find(|(s, _)| s.id == "singles").map_or(0, |(_, n)| *n);
        let text = crate::book::front::introduction(&book).join("\n");
        for p in &book.puzzles {
            let alone = book.layouts[0].hint(&p.row.givens, &crate::lang::english()).unwrap().look == crate::book::hints::SINGLES_ONLY;
            assert_eq!(sudoku_need_from_grade(&book, p) == 0, alone);
        }
        let all_singles = singles == book.puzzles.len();
        assert_eq!(text.contains("Easy puzzles need only singles"), all_singles, "{text}");
        if !all_singles {
            assert!(text.contains(&format!("Of the 12 easy puzzles, {singles} need only singles")), "{text}");
        }
        // Stars: each band says what its puzzles need, never a fixed list.
        let stars = book_with_stars(&book);
        let text = crate::book::front::introduction(&stars).join("\n");
        assert!(!text.contains("(hidden singles)") && !text.contains("(naked singles)"), "{text}");
        for band in &stars.claims().bands {
            let first = band.needs[0].0;
            assert!(text.contains(first.need), "{text}");
        }
    }

    fn book_with_stars(book: &Book) -> Book {
        let rows: Vec<PuzzleRow> = book.puzzles.iter().map(|p| p.row.clone()).collect();
        self::book(&["classic-9"], rows, labels::Labels::Stars)
    }

    /// The back cover says the reader's name of each kind, never the
    /// catalog's description of its layout.
    #[test]
    fn the_back_cover_prints_no_layout_description() {
        let mut all = rows("classic-9", &[Level::Easy, Level::Medium], 2, 1);
        all.extend(rows("jigsaw-random-9", &[Level::Easy], 2, 50));
        all.extend(rows("slitherlink-7x7", &[Level::Easy], 2, 100));
        let book = book(&["classic-9", "jigsaw-random-9", "slitherlink-7x7"], all, labels::Labels::Levels);
        let blurb = crate::book::cover::default_blurb(&book);
        let mut descriptions = Vec::new();
        for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/layouts")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                let table: toml::Table = std::fs::read_to_string(&path).unwrap().parse().unwrap();
                if let (Some(d), name) = (table.get("description").and_then(|d| d.as_str()), table.get("name").and_then(|n| n.as_str())) {
                    descriptions.push((d.to_string(), name.unwrap_or_default().to_string()));
                }
            }
        }
        assert!(descriptions.len() > 20);
        let names: Vec<&str> = descriptions.iter().map(|(_, n)| n.as_str()).collect();
        for (d, _) in &descriptions {
            // A description that starts with a reader's name says nothing more in its head.
            let head = d.split([':', ',']).next().unwrap().trim();
            if names.contains(&head) {
                continue;
            }
            assert!(!blurb.contains(head), "the blurb prints the description {d:?}:\n{blurb}");
        }
        for name in ["Sudoku", "Jigsaw", "Slitherlink 7×7"] {
            assert!(blurb.contains(name), "{name}: {blurb}");
        }
    }
}
