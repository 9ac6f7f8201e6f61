//! The credits imported puzzles keep (migration 0023: `credit_author`,
//! `credit_source`, `credit_url`), and what the near-twin guard of a
//! `--rating` batch reads of the batch.

use super::Catalog;
use super::db::{Conn, vals};
use crate::formats::Credit;
use anyhow::Result;

/// A puzzle of a book that is not the publisher's own: where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Credited {
    pub id: i64,
    /// Its import's source (`import --source`, or the file's name).
    pub source: String,
    /// What its file said of it.
    pub credit: Credit,
}

/// Records each inserted puzzle's credit (by its canonical key within the
/// import's batch), inside the import's transaction.
pub(super) fn set_credits(conn: &Conn, batch_id: i64, puzzles: &[(&str, &Credit)]) -> Result<()> {
    for (canonical, credit) in puzzles.iter().filter(|(_, c)| !c.is_empty()) {
        conn.execute(
            "UPDATE puzzles SET credit_author = $3, credit_source = $4, credit_url = $5 WHERE batch_id = $1 AND canonical = $2",
            vals![batch_id, *canonical, &credit.author, &credit.source, &credit.url],
        )?;
    }
    Ok(())
}

impl Catalog {
    /// The puzzles of `ids` that were imported, with their sources and
    /// credits, in the order of `ids` (the scale bench's `bench-fill`
    /// rows are this program's own, as `SourceFilter` counts them).
    pub fn imported_credits(&self, ids: &[i64]) -> Result<Vec<Credited>> {
        let mut out = Vec::new();
        for &id in ids {
            let Some(r) = self.conn.query_opt(
                "SELECT source, credit_author, credit_source, credit_url FROM puzzles WHERE id = $1 AND source NOT IN ('generated', 'bench-fill')",
                vals![id],
            )?
            else {
                continue;
            };
            out.push(Credited { id, source: r.get(0)?, credit: Credit { author: r.get(1)?, source: r.get(2)?, url: r.get(3)? } });
        }
        Ok(out)
    }

    /// The credit stored with puzzle `id` (empty for a generated one).
    pub fn puzzle_credit(&self, id: i64) -> Result<Credit> {
        let r = self.conn.query_one("SELECT credit_author, credit_source, credit_url FROM puzzles WHERE id = $1", vals![id])?;
        Ok(Credit { author: r.get(0)?, source: r.get(1)?, url: r.get(2)? })
    }

    /// Givens and solution of every puzzle of batch `id` (a `--rating`
    /// search's, which are few), for its near-twin guard.
    pub fn batch_texts(&self, id: i64) -> Result<Vec<(String, String)>> {
        self.conn
            .query("SELECT givens, solution FROM puzzles WHERE batch_id = $1 ORDER BY id", vals![id])?
            .iter()
            .map(|r| Ok((r.get(0)?, r.get(1)?)))
            .collect()
    }
}
