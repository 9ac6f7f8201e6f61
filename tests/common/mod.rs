//! What the integration tests share: running the binary from the crate's
//! folder, and a fresh scratch folder per test. (Each test binary uses a
//! part of it.)
#![allow(dead_code)]

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
