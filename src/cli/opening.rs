//! Opening a catalog for a command (issue 31: here, above `store` and
//! `family`, not in either): the catalog is opened, created or upgraded,
//! and what its schema migrations leave to the families is finished:
//! canonical keys that SQL cannot compute, each asked of the puzzle's
//! family.

use crate::store;
use anyhow::{Context, Result};

/// Opens (creating or upgrading) a catalog and finishes what its schema
/// migrations leave to the families: canonical keys that SQL cannot compute
/// (migration 0006 lists Slitherlink puzzles whose key changed meaning).
pub fn open_catalog(target: impl Into<store::DbTarget>) -> Result<store::Catalog> {
    rekey(store::Catalog::open(target)?)
}

/// As `open_catalog`, but the catalog must already exist: for the commands
/// that only read it (a mistyped `--db` must not make an empty catalog).
pub fn open_existing_catalog(target: impl Into<store::DbTarget>) -> Result<store::Catalog> {
    rekey(store::Catalog::open_existing(target)?)
}

/// As `open_existing_catalog`, for the commands that only read: the
/// catalog is opened read-only (see `Catalog::open_read_only`).
pub fn open_catalog_to_read(target: impl Into<store::DbTarget>) -> Result<store::Catalog> {
    rekey(store::Catalog::open_read_only(target)?)
}

fn rekey(catalog: store::Catalog) -> Result<store::Catalog> {
    let pending = catalog.pending_rekeys()?;
    if !pending.is_empty() {
        let mut keys = Vec::with_capacity(pending.len());
        let mut families: std::collections::HashMap<String, Box<dyn crate::family::Family>> = std::collections::HashMap::new();
        for row in &pending {
            if !families.contains_key(&row.layout_source) {
                families.insert(row.layout_source.clone(), crate::family::stored(&row.layout_name, &row.layout_source)?);
            }
            let key = families[&row.layout_source].key(&row.givens).with_context(|| format!("puzzle {}", row.id))?;
            keys.push((row.id, key));
        }
        catalog.apply_rekeys(&keys).with_context(|| format!("catalog {}: re-keying puzzles", catalog.target))?;
    }
    Ok(catalog)
}
