//! Drafts: puzzles an editor reserves for a book in progress.
//!
//! A draft has a name (unique in the catalog), an owner (the editor who made
//! it) and an expiry. Until it expires its puzzles are left out of every
//! other curation: other editors' books and drafts, and the owner's own
//! books made without the draft. The owner's book made from the draft
//! (`book --draft NAME`) takes its puzzles from it; once that book is done
//! its puzzles leave the draft (they are printed), and a draft left empty is
//! gone. Past its expiry a draft holds nothing: it is still listed (as
//! expired) until its owner renews or releases it, or another editor takes
//! its name; renewing keeps the puzzles nobody took meanwhile.
//!
//! Reserving runs in one write transaction (SQLite's IMMEDIATE, PostgreSQL's
//! write lock), so two editors reserving at once get disjoint puzzles.
//!
//! Who an editor is: `--editor NAME`, else `PUZZLEBOOK_EDITOR`, else the
//! operating-system user ([`editor_name`]). A name, not a password: it
//! keeps editors from taking each other's puzzles by accident, not by intent.

use super::Catalog;
use super::books::CandidateFilter;
use super::db::{Conn, vals};
use crate::level::RatingRange;
use anyhow::{Result, anyhow, bail};

/// The variable naming the editor when `--editor` is not given.
pub const EDITOR_VAR: &str = "PUZZLEBOOK_EDITOR";

/// How long a draft holds its puzzles unless asked otherwise: a week.
pub const DEFAULT_DRAFT_SECONDS: i64 = 7 * 24 * 3600;

/// The longest name an editor or a draft may have (characters).
const NAME_MAX: usize = 64;

/// Who makes a book or a draft: `explicit` (`--editor`), else the variable
/// `PUZZLEBOOK_EDITOR`, else the operating-system user (`USER`, `USERNAME`,
/// `LOGNAME`); an error when none names anyone.
pub fn editor_name(explicit: Option<&str>) -> Result<String> {
    if let Some(name) = explicit {
        return checked_name("--editor", name);
    }
    if let Some(name) = std::env::var(EDITOR_VAR).ok().filter(|v| !v.trim().is_empty()) {
        return checked_name(EDITOR_VAR, &name);
    }
    ["USER", "USERNAME", "LOGNAME"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.trim().is_empty())
        .map(|user| checked_name("the operating-system user", &user))
        .unwrap_or_else(|| Err(anyhow!("no editor name: give --editor NAME or set {EDITOR_VAR}")))
}

/// A name as stored: trimmed, not empty, at most [`NAME_MAX`] characters,
/// no control characters. `what` says where it came from.
fn checked_name(what: &str, name: &str) -> Result<String> {
    let name = name.trim();
    if name.is_empty() {
        bail!("{what}: the name is empty");
    }
    if name.chars().count() > NAME_MAX {
        bail!("{what}: \"{name}\" is longer than {NAME_MAX} characters");
    }
    if name.chars().any(char::is_control) {
        bail!("{what}: {name:?} holds a control character (a tab or a line break?)");
    }
    Ok(name.to_string())
}

/// A draft as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    pub id: i64,
    pub name: String,
    /// The editor who owns it.
    pub editor: String,
    /// When it was made (UTC, ISO 8601).
    pub created_at: String,
    /// When it expires (unix seconds).
    pub expires_at: i64,
    /// Seconds until it expires; 0 or less: expired (it holds nothing).
    pub seconds_left: i64,
    /// Its puzzles, lowest id first.
    pub puzzles: Vec<i64>,
    /// The book it is for (a studio draft: [`crate::book::BookSettings`]
    /// as TOML); None for a draft made by `puzzlebook reserve`. A draft
    /// with settings stays when its last puzzle is taken out.
    pub settings: Option<String>,
}

impl Draft {
    /// Whether it still holds its puzzles.
    pub fn is_live(&self) -> bool {
        self.seconds_left > 0
    }

    /// Why `editor`, who does not own it, may not use it: held (with the
    /// time left) while live, else theirs only to take over by reserving.
    fn refusal(self, editor: &str) -> DraftError {
        let editor = editor.to_string();
        match self.is_live() {
            true => DraftError::NotOwner { left: span_text(self.seconds_left), draft: self.name, owner: self.editor, editor },
            false => DraftError::NotOwnerExpired { draft: self.name, owner: self.editor, editor },
        }
    }
}

/// What a reservation asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Pick {
    /// These puzzles, by id (picked one by one, e.g. in a browser). Each
    /// must exist, be printed in no book and be in no other live draft.
    Puzzles(Vec<i64>),
    /// `count` puzzles of a layout and level as a book chooses them:
    /// validated, unchanged since, printed in no book, in no live draft
    /// (this one's included: they are added to it), kept out of no
    /// reference set, lowest id first; within `rating` when given.
    Curate { layout: String, level: String, count: usize, rating: Option<RatingRange> },
}

/// A reservation: which draft, whose, for how long, and what to add.
#[derive(Clone, Debug)]
pub struct ReserveRequest<'a> {
    pub draft: &'a str,
    pub editor: &'a str,
    /// How long the draft holds its puzzles from now (its expiry is set to
    /// now plus this, also when the draft exists: reserving renews it).
    pub seconds: i64,
    /// What to add; none: only renew an existing draft.
    pub picks: &'a [Pick],
}

/// What a reservation did.
#[derive(Clone, Debug, PartialEq)]
pub struct Reserved {
    /// The draft now.
    pub draft: Draft,
    /// The puzzles added, in the order asked.
    pub added: Vec<i64>,
    /// Puzzles the draft held before it expired that were taken meanwhile
    /// (printed, or reserved by another draft): no longer in it.
    pub lost: Vec<i64>,
    /// The draft was another editor's and had expired: its name is this
    /// editor's now, and its old puzzles were dropped.
    pub took_over: Option<String>,
}

/// Why a reservation or a release was refused (the library's callers — the
/// CLI, a studio — tell these apart; `Display` is the message).
#[derive(Debug, thiserror::Error)]
pub enum DraftError {
    #[error(
        "draft \"{draft}\" is {owner}'s (for {left} more): only {owner} may add to it, renew or release it, or make a book from it (you are {editor}; --editor or PUZZLEBOOK_EDITOR names you)"
    )]
    NotOwner { draft: String, owner: String, editor: String, left: String },
    #[error(
        "draft \"{draft}\" is {owner}'s: only {owner} may release it or make a book from it (you are {editor}; --editor or PUZZLEBOOK_EDITOR names you)"
    )]
    NotOwnerExpired { draft: String, owner: String, editor: String },
    #[error("there is no draft \"{0}\" (`puzzlebook reservations` lists them)")]
    NoDraft(String),
    #[error("puzzle {id}: {why}")]
    Unavailable { id: i64, why: String },
    #[error(
        "not enough puzzles for draft \"{draft}\": {layout} {level}: need {need}, have {have} (validated, unchanged since, in no book and in no live draft)"
    )]
    Short { draft: String, layout: String, level: String, need: usize, have: usize },
    #[error("draft \"{draft}\" would hold no puzzle: {why}")]
    Empty { draft: String, why: String },
}

/// "3 d 4 h", "2 h 5 min", "40 s": how long a span of seconds is.
pub fn span_text(seconds: i64) -> String {
    // To the nearest minute from an hour on (a week just made is "7 d 0 h").
    let s = match seconds.max(0) {
        s if s >= 3600 => (s + 30) / 60 * 60,
        s => s,
    };
    let (d, h, m) = (s / 86_400, s % 86_400 / 3600, s % 3600 / 60);
    match (d, h, m) {
        (0, 0, 0) => format!("{s} s"),
        (0, 0, m) => format!("{m} min"),
        (0, h, m) => format!("{h} h {m} min"),
        (d, h, _) => format!("{d} d {h} h"),
    }
}

impl Catalog {
    /// Reserves puzzles for draft `request.draft` of `request.editor`, in
    /// one transaction: a new draft is made; the owner's existing draft is
    /// renewed (and keeps what nobody took meanwhile); another editor's
    /// live draft is refused ([`DraftError::NotOwner`]); another editor's
    /// expired one is taken over (its old puzzles dropped). Then every
    /// pick is added, or nothing at all is (a short pick, or a puzzle
    /// another draft or a book holds, refuses the whole reservation).
    pub fn reserve(&self, request: &ReserveRequest) -> Result<Reserved> {
        let name = checked_name("draft", request.draft)?;
        let editor = checked_name("editor", request.editor)?;
        if request.seconds <= 0 {
            bail!("draft \"{name}\": a reservation must last some time (asked: {} s)", request.seconds);
        }
        self.write(|conn| {
            let mut lost = Vec::new();
            let mut took_over = None;
            let id = match self.draft(&name)? {
                Some(d) if d.editor != editor && d.is_live() => return Err(d.refusal(&editor).into()),
                Some(d) if d.editor != editor => {
                    forget(conn, d.id)?;
                    took_over = Some(d.editor);
                    None
                }
                Some(d) => {
                    // Renewed: what was printed or reserved by another draft
                    // while it was expired is no longer in it.
                    lost = taken_from(conn, d.id)?;
                    for p in &lost {
                        conn.execute("DELETE FROM draft_puzzles WHERE draft_id = $1 AND puzzle_id = $2", vals![d.id, p])?;
                    }
                    conn.execute("UPDATE drafts SET expires_at = @unix + $2 WHERE id = $1", vals![d.id, request.seconds])?;
                    Some(d.id)
                }
                None => None,
            };
            let id = match id {
                Some(id) => id,
                None => {
                    if request.picks.is_empty() {
                        return Err(DraftError::NoDraft(name.clone()).into());
                    }
                    conn.query_one(
                        "INSERT INTO drafts (name, editor, created_at, expires_at) VALUES ($1, $2, @now_s, @unix + $3) RETURNING id",
                        vals![&name, &editor, request.seconds],
                    )?
                    .get(0)?
                }
            };
            let mut added = Vec::new();
            for pick in request.picks {
                let ids = match pick {
                    Pick::Puzzles(ids) => {
                        for &p in ids {
                            check_free(conn, p, id)?;
                        }
                        ids.clone()
                    }
                    Pick::Curate { layout, level, count, rating } => {
                        let filter = CandidateFilter {
                            layout,
                            level,
                            reprint: false,
                            rating: *rating,
                            draft: None,
                            source: crate::store::SourceFilter::Generated,
                            batches: None,
                        };
                        let (found, _) = self.book_candidates(&filter, *count)?;
                        if found.len() < *count {
                            return Err(DraftError::Short {
                                draft: name.clone(),
                                layout: layout.clone(),
                                level: level.clone(),
                                need: *count,
                                have: found.len(),
                            }
                            .into());
                        }
                        found.into_iter().map(|c| c.id).collect()
                    }
                };
                for p in ids {
                    // At the end of the draft's order.
                    let n = conn.execute(
                        "INSERT INTO draft_puzzles (draft_id, puzzle_id, position)
                         VALUES ($1, $2, (SELECT COALESCE(max(position), 0) + 1 FROM draft_puzzles WHERE draft_id = $1))
                         ON CONFLICT DO NOTHING",
                        vals![id, p],
                    )?;
                    if n > 0 {
                        added.push(p);
                    }
                }
            }
            let draft = self.draft(&name)?.ok_or_else(|| anyhow!("draft \"{name}\" vanished while it was being made"))?;
            if draft.puzzles.is_empty() && draft.settings.is_none() {
                let why = match lost.len() {
                    0 => "nothing was asked".to_string(),
                    n => format!("all {n} of its puzzles were taken while it was expired (release it, or reserve new ones)"),
                };
                return Err(DraftError::Empty { draft: name.clone(), why }.into());
            }
            Ok(Reserved { draft, added, lost, took_over })
        })
    }

    /// Frees draft `name`'s puzzles: `puzzles` of them, or (None) all of it,
    /// the draft with them. Only its owner may; a draft left empty is gone.
    /// Returns how many puzzles were freed.
    pub fn release(&self, name: &str, editor: &str, puzzles: Option<&[i64]>) -> Result<usize> {
        self.write(|conn| {
            let draft = self.draft(name)?.ok_or_else(|| DraftError::NoDraft(name.to_string()))?;
            if draft.editor != editor {
                return Err(draft.refusal(editor).into());
            }
            let freed = match puzzles {
                None => draft.puzzles.len(),
                Some(ids) => {
                    if let Some(missing) = ids.iter().find(|p| !draft.puzzles.contains(p)) {
                        return Err(DraftError::Unavailable { id: *missing, why: format!("it is not in draft \"{name}\"") }.into());
                    }
                    for p in ids {
                        conn.execute("DELETE FROM draft_puzzles WHERE draft_id = $1 AND puzzle_id = $2", vals![draft.id, p])?;
                    }
                    let mut distinct = ids.to_vec();
                    distinct.sort_unstable();
                    distinct.dedup();
                    distinct.len()
                }
            };
            // A studio draft (with settings) stays empty, to be filled again.
            if puzzles.is_none() || (freed == draft.puzzles.len() && draft.settings.is_none()) {
                forget(conn, draft.id)?;
            }
            Ok(freed)
        })
    }

    /// Every draft, live and expired, by name.
    pub fn reservations(&self) -> Result<Vec<Draft>> {
        let mut drafts: Vec<Draft> = self
            .conn
            .query(&format!("SELECT {DRAFT_COLUMNS} FROM drafts ORDER BY name"), &[])?
            .iter()
            .map(draft_of)
            .collect::<Result<_>>()?;
        for r in self.conn.query("SELECT draft_id, puzzle_id FROM draft_puzzles ORDER BY draft_id, puzzle_id", &[])? {
            let (draft, puzzle): (i64, i64) = (r.get(0)?, r.get(1)?);
            if let Some(d) = drafts.iter_mut().find(|d| d.id == draft) {
                d.puzzles.push(puzzle);
            }
        }
        Ok(drafts)
    }

    /// Draft `name`, if there is one (live or expired).
    pub fn draft(&self, name: &str) -> Result<Option<Draft>> {
        let Some(r) = self.conn.query_opt(&format!("SELECT {DRAFT_COLUMNS} FROM drafts WHERE name = $1"), vals![name])? else {
            return Ok(None);
        };
        let mut draft = draft_of(&r)?;
        draft.puzzles = self
            .conn
            .query("SELECT puzzle_id FROM draft_puzzles WHERE draft_id = $1 ORDER BY puzzle_id", vals![draft.id])?
            .iter()
            .map(|r| r.get(0))
            .collect::<Result<_>>()?;
        Ok(Some(draft))
    }

    /// How many validated puzzles of a layout and level live drafts hold.
    pub fn reserved_count(&self, layout: &str, level: &str) -> Result<i64> {
        self.conn
            .query_one(
                "SELECT count(DISTINCT p.id) FROM draft_puzzles m JOIN drafts d ON d.id = m.draft_id JOIN puzzles p ON p.id = m.puzzle_id
                 WHERE d.expires_at > @unix AND p.layout_name = $1 AND p.level = $2 AND p.validation = 'ok'",
                vals![layout, level],
            )?
            .get(0)
    }

    /// Draft number `id`, if there is one (live or expired).
    pub fn draft_by_id(&self, id: i64) -> Result<Option<Draft>> {
        let name: Option<String> =
            self.conn.query_opt("SELECT name FROM drafts WHERE id = $1", vals![id])?.map(|r| r.get(0)).transpose()?;
        match name {
            Some(name) => self.draft(&name),
            None => Ok(None),
        }
    }

    /// Makes draft `name` of `editor`, empty, for the book `settings`
    /// (TOML, see [`Draft::settings`]), holding what it is given for
    /// `seconds`. Refused when the name is taken by a live draft (another
    /// editor's: [`DraftError::NotOwner`]) or by one of this editor's; an
    /// expired draft of another editor is taken over (its puzzles dropped).
    pub fn create_draft(&self, name: &str, editor: &str, seconds: i64, settings: &str) -> Result<Draft> {
        let name = checked_name("draft", name)?;
        let editor = checked_name("editor", editor)?;
        if seconds <= 0 {
            bail!("draft \"{name}\": a reservation must last some time (asked: {seconds} s)");
        }
        self.write(|conn| {
            match self.draft(&name)? {
                Some(d) if d.editor != editor && d.is_live() => return Err(d.refusal(&editor).into()),
                Some(d) if d.editor != editor => forget(conn, d.id)?,
                Some(_) => bail!("there is already a draft \"{name}\" of yours: choose another name"),
                None => {}
            }
            conn.execute(
                "INSERT INTO drafts (name, editor, created_at, expires_at, settings) VALUES ($1, $2, @now_s, @unix + $3, $4)",
                vals![&name, &editor, seconds, settings],
            )?;
            self.draft(&name)?.ok_or_else(|| anyhow!("draft \"{name}\" vanished while it was being made"))
        })
    }

    /// Replaces the book settings (TOML) of draft `name`; only its owner may.
    pub fn set_draft_settings(&self, name: &str, editor: &str, settings: &str) -> Result<()> {
        self.write(|conn| {
            let draft = self.owned_draft(name, editor)?;
            conn.execute("UPDATE drafts SET settings = $2 WHERE id = $1", vals![draft.id, settings])?;
            Ok(())
        })
    }

    /// Draft `name`'s puzzles in its order (see migration 0018).
    pub fn draft_order(&self, name: &str) -> Result<Vec<i64>> {
        self.conn
            .query(
                "SELECT m.puzzle_id FROM draft_puzzles m JOIN drafts d ON d.id = m.draft_id WHERE d.name = $1 ORDER BY m.position, m.puzzle_id",
                vals![name],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect()
    }

    /// Puts draft `name`'s puzzles in `order`, which must hold each of them
    /// once; only its owner may.
    pub fn set_draft_order(&self, name: &str, editor: &str, order: &[i64]) -> Result<()> {
        self.write(|conn| {
            let draft = self.owned_draft(name, editor)?;
            let mut asked = order.to_vec();
            asked.sort_unstable();
            if asked != draft.puzzles {
                bail!("draft \"{name}\": the new order must hold each of its {} puzzles once", draft.puzzles.len());
            }
            for (i, p) in order.iter().enumerate() {
                conn.execute(
                    "UPDATE draft_puzzles SET position = $3 WHERE draft_id = $1 AND puzzle_id = $2",
                    vals![draft.id, p, i as i64 + 1],
                )?;
            }
            Ok(())
        })
    }

    /// Moves `puzzle` one place earlier (`up`) or later in draft `name`'s
    /// order; at either end it stays. Only the owner may.
    pub fn move_in_draft(&self, name: &str, editor: &str, puzzle: i64, up: bool) -> Result<()> {
        let mut order = self.draft_order(name)?;
        let at = order
            .iter()
            .position(|&p| p == puzzle)
            .ok_or_else(|| DraftError::Unavailable { id: puzzle, why: format!("it is not in draft \"{name}\"") })?;
        match up {
            true if at > 0 => order.swap(at, at - 1),
            false if at + 1 < order.len() => order.swap(at, at + 1),
            _ => {}
        }
        self.set_draft_order(name, editor, &order)
    }

    /// Draft `name`, refused unless `editor` owns it.
    fn owned_draft(&self, name: &str, editor: &str) -> Result<Draft> {
        let draft = self.draft(name)?.ok_or_else(|| DraftError::NoDraft(name.to_string()))?;
        if draft.editor != editor {
            return Err(draft.refusal(editor).into());
        }
        Ok(draft)
    }

    /// The id of draft `name` for a book `editor` makes from it: it must be
    /// theirs (an expired one still gives the puzzles nobody took).
    pub(crate) fn draft_for_book(&self, name: &str, editor: &str) -> Result<i64> {
        let draft = self
            .conn
            .query_opt(&format!("SELECT {DRAFT_COLUMNS} FROM drafts WHERE name = $1"), vals![name])?
            .map(|r| draft_of(&r))
            .transpose()?
            .ok_or_else(|| DraftError::NoDraft(name.to_string()))?;
        if draft.editor != editor {
            return Err(draft.refusal(editor).into());
        }
        Ok(draft.id)
    }
}

/// The columns [`draft_of`] reads.
const DRAFT_COLUMNS: &str = "id, name, editor, created_at, expires_at, expires_at - @unix, settings";

fn draft_of(r: &super::db::Row) -> Result<Draft> {
    Ok(Draft {
        id: r.get(0)?,
        name: r.get(1)?,
        editor: r.get(2)?,
        created_at: r.get(3)?,
        expires_at: r.get(4)?,
        seconds_left: r.get(5)?,
        puzzles: Vec::new(),
        settings: r.get(6)?,
    })
}

/// Deletes draft `id` and its puzzle list (inside the caller's transaction).
fn forget(conn: &Conn, id: i64) -> Result<()> {
    conn.execute("DELETE FROM draft_puzzles WHERE draft_id = $1", vals![id])?;
    conn.execute("DELETE FROM drafts WHERE id = $1", vals![id])?;
    Ok(())
}

/// The puzzles of draft `id` that a book holds now, or another live draft.
fn taken_from(conn: &Conn, id: i64) -> Result<Vec<i64>> {
    conn.query(
        "SELECT m.puzzle_id FROM draft_puzzles m
         WHERE m.draft_id = $1
           AND (EXISTS (SELECT 1 FROM book_puzzles b WHERE b.puzzle_id = m.puzzle_id)
                OR EXISTS (SELECT 1 FROM draft_puzzles o JOIN drafts d ON d.id = o.draft_id
                           WHERE o.puzzle_id = m.puzzle_id AND o.draft_id <> $1 AND d.expires_at > @unix))
         ORDER BY m.puzzle_id",
        vals![id],
    )?
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// Refuses puzzle `id` for draft `draft` unless it exists, is printed in no
/// book (nor held by one being made) and is in no other live draft.
fn check_free(conn: &Conn, id: i64, draft: i64) -> Result<()> {
    let row = conn.query_opt(
        "SELECT (SELECT min(b.book_id) FROM book_puzzles b WHERE b.puzzle_id = p.id),
                (SELECT min(d.name) FROM draft_puzzles o JOIN drafts d ON d.id = o.draft_id
                 WHERE o.puzzle_id = p.id AND o.draft_id <> $2 AND d.expires_at > @unix)
         FROM puzzles p WHERE p.id = $1",
        vals![id, draft],
    )?;
    let why = match row {
        None => "there is no such puzzle".to_string(),
        Some(r) => match (r.get::<Option<i64>>(0)?, r.get::<Option<String>>(1)?) {
            (Some(book), _) => format!("it is in book {book}"),
            (None, Some(other)) => {
                let owner: String = conn.query_one("SELECT editor FROM drafts WHERE name = $1", vals![&other])?.get(0)?;
                format!("it is reserved in draft \"{other}\" ({owner}'s)")
            }
            (None, None) => return Ok(()),
        },
    };
    Err(DraftError::Unavailable { id, why }.into())
}

/// Once book `book` is done, its puzzles (printed now) leave every draft;
/// a draft that loses its last puzzle so is gone. Inside the caller's
/// transaction.
pub(super) fn settle(conn: &Conn, book: i64) -> Result<()> {
    let touched: Vec<i64> = conn
        .query(
            "SELECT DISTINCT m.draft_id FROM draft_puzzles m JOIN book_puzzles b ON b.puzzle_id = m.puzzle_id WHERE b.book_id = $1",
            vals![book],
        )?
        .iter()
        .map(|r| r.get(0))
        .collect::<Result<_>>()?;
    if touched.is_empty() {
        return Ok(());
    }
    conn.execute("DELETE FROM draft_puzzles WHERE puzzle_id IN (SELECT puzzle_id FROM book_puzzles WHERE book_id = $1)", vals![book])?;
    for draft in touched {
        conn.execute(
            "DELETE FROM drafts WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM draft_puzzles m WHERE m.draft_id = $1)",
            vals![draft],
        )?;
    }
    Ok(())
}

#[cfg(test)]
pub(super) mod tests;
