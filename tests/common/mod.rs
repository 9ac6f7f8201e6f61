//! What the integration tests share: running the binary from the crate's
//! folder, and a fresh scratch folder per test. (Each test binary uses a
//! part of it.)
#![allow(dead_code)]

pub mod browser;
pub mod studio;

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs `puzzlebook` with `args` from the crate's folder.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlebook")).current_dir(env!("CARGO_MANIFEST_DIR")).args(args).output().expect("binary runs")
}

/// Runs `puzzlebook` and insists it succeeds; its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// An empty folder `puzzlebook-<suite>-<pid>-<name>` in the temp dir.
pub fn workdir(suite: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlebook-{suite}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The test server's admin connection (`PUZZLEBOOK_TEST_PG`), to set up
/// roles; None when no server is named.
pub fn pg_admin() -> Option<postgres::Client> {
    use puzzlebook::store::scratch;
    let url = scratch::test_server()?;
    let config: postgres::Config = std::env::var(scratch::TEST_PG).unwrap().parse().unwrap();
    Some(config.connect(postgres::NoTls).unwrap_or_else(|e| panic!("{url}: {e}")))
}

/// The test server's TCP port on 127.0.0.1, when it listens there (under
/// CI it must); otherwise `what` (the tests that need it) is skipped.
pub fn pg_tcp_port(admin: &mut postgres::Client, what: &str) -> Option<u16> {
    let listen: String = admin.query_one("SHOW listen_addresses", &[]).unwrap().get(0);
    let port: String = admin.query_one("SHOW port", &[]).unwrap().get(0);
    if listen.split(',').any(|a| matches!(a.trim(), "127.0.0.1" | "*" | "localhost" | "0.0.0.0")) {
        return port.parse().ok();
    }
    assert!(std::env::var_os("CI").is_none(), "CI: the test server must listen on 127.0.0.1 ({what})");
    eprintln!("note: the test server has no TCP listener: {what} skipped");
    None
}

/// The text of page `n` of `pdf` (pdftotext, words joined by single
/// spaces), or `None` without poppler (required when
/// PUZZLEBOOK_REQUIRE_POPPLER is set, as in CI).
pub fn page_text(pdf: &std::path::Path, n: usize) -> Option<String> {
    let found = Command::new("pdftotext").arg("-v").output().is_ok();
    assert!(found || std::env::var_os("PUZZLEBOOK_REQUIRE_POPPLER").is_none(), "pdftotext is required");
    if !found {
        return None;
    }
    let n = n.to_string();
    let out = Command::new("pdftotext").args(["-f", &n, "-l", &n, pdf.to_str().unwrap(), "-"]).output().unwrap();
    Some(String::from_utf8_lossy(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" "))
}
