//! The studio's people: a name, a role and a token. The token is made
//! here, returned once and stored only as its SHA-256.

use super::Catalog;
use super::db::{Row, vals};
use anyhow::{Result, anyhow, bail};
use sha2::{Digest, Sha256};

/// What a user may do: viewers read; editors also make drafts, books and
/// batches; admins also manage users.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    Viewer,
    Editor,
    Admin,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Viewer, Role::Editor, Role::Admin];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Viewer => "viewer",
            Role::Editor => "editor",
            Role::Admin => "admin",
        }
    }
}

impl std::str::FromStr for Role {
    type Err = String;
    fn from_str(s: &str) -> Result<Role, String> {
        Role::ALL.into_iter().find(|r| r.as_str() == s).ok_or_else(|| format!("unknown role '{s}': viewer, editor or admin"))
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct User {
    pub id: i64,
    pub name: String,
    pub role: Role,
    pub created_at: String,
}

/// The SHA-256 of a token, hex: what the catalog keeps.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh token: 32 bytes from the operating system's generator, hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The longest user name the studio takes.
pub const MAX_NAME: usize = 64;

fn read_user(r: &Row) -> Result<User> {
    let role: String = r.get(2)?;
    Ok(User { id: r.get(0)?, name: r.get(1)?, role: role.parse().map_err(|e: String| anyhow!(e))?, created_at: r.get(3)? })
}

impl Catalog {
    /// Adds a user; returns the user and the token, which is not stored
    /// and cannot be shown again.
    pub fn add_user(&self, name: &str, role: Role) -> Result<(User, String)> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
            bail!("a user name is 1 to {MAX_NAME} printable characters, not {name:?}");
        }
        let token = new_token();
        let hash = token_hash(&token);
        let user = self.write(|conn| {
            if conn.query_opt("SELECT id FROM users WHERE name = $1", vals![name])?.is_some() {
                bail!("there is already a user named {name:?}");
            }
            conn.execute(
                "INSERT INTO users (name, role, token_hash, created_at) VALUES ($1, $2, $3, @now_s)",
                vals![name, role.as_str(), &hash],
            )?;
            read_user(&conn.query_one("SELECT id, name, role, created_at FROM users WHERE name = $1", vals![name])?)
        })?;
        Ok((user, token))
    }

    /// The user a token belongs to, if any.
    pub fn user_by_token(&self, token: &str) -> Result<Option<User>> {
        let hash = token_hash(token.trim());
        self.conn
            .query_opt("SELECT id, name, role, created_at FROM users WHERE token_hash = $1", vals![&hash])?
            .map(|r| read_user(&r))
            .transpose()
    }

    pub fn user(&self, id: i64) -> Result<Option<User>> {
        self.conn.query_opt("SELECT id, name, role, created_at FROM users WHERE id = $1", vals![id])?.map(|r| read_user(&r)).transpose()
    }

    pub fn users(&self) -> Result<Vec<User>> {
        self.conn.query("SELECT id, name, role, created_at FROM users ORDER BY name", &[])?.iter().map(read_user).collect()
    }

    pub fn user_count(&self) -> Result<i64> {
        self.conn.query_one("SELECT count(*) FROM users", &[])?.get(0)
    }
}
