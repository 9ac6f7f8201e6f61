//! The full preflight matrix (issue: "books of every shipped layout at
//! every trim with and without `--large-print` and `--bleed` pass the
//! preflight"): every `layouts/*.toml` × 5.5x8.5, 6x9, 8.5x11 × regular
//! and large print × with and without bleed. A book is either written —
//! and then its PDF passes `puzzlebook preflight` with no findings — or
//! refused before anything is written with a reason that says what to
//! change (digits that would print too small for that trim); nothing in
//! between.
//!
//! Heavy (about 350 books): ignored in the normal suite. Run it with
//! `cargo test --profile release-tests --test preflight_matrix -- --ignored`.

mod common;
use common::{ok, run};

use std::path::{Path, PathBuf};

fn shipped_layouts() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts");
    let mut ids: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            (path.extension()? == "toml").then(|| path.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    ids.sort();
    ids
}

/// The best-stocked level of `layout` among its validated puzzles in
/// `db`, and how many it holds (a book spreads its count evenly over its
/// levels, so one level keeps the count exact).
fn stocked(db: &str, layout: &str) -> (String, i64) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(
        "SELECT level, count(*) FROM puzzles WHERE layout_name = ?1 AND validation = 'ok' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1",
        [layout],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .unwrap_or_else(|e| panic!("{layout}: nothing validated to print ({e})"))
}

/// Why a book may be refused before it is written: the grid cannot keep
/// its digits legible at that trim. Anything else is a failure.
fn legitimate_refusal(stderr: &str) -> bool {
    ["too small", "under 16 pt", "smaller than", "at least", "cells of", "a larger --trim"].iter().any(|w| stderr.contains(w))
}

#[test]
#[ignore = "about 350 books; run with --ignored"]
fn every_layout_at_every_trim_passes_the_preflight_or_is_refused_up_front() {
    let dir: PathBuf = std::env::temp_dir().join(format!("puzzlebook-matrix-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("m.db").to_str().unwrap().to_string();
    let (mut written, mut refused, mut failures) = (0, Vec::new(), Vec::new());
    for layout in shipped_layouts() {
        ok(&["generate", &layout, "--count", "6", "--seed", "11", "--db", &db]);
        ok(&["validate", "--db", &db]);
        let (levels, count) = stocked(&db, &layout);
        let count = count.min(6).to_string();
        for trim in ["5.5x8.5", "6x9", "8.5x11"] {
            for large in [false, true] {
                for bleed in [false, true] {
                    let pdf = dir.join(format!("{layout}-{trim}-{large}-{bleed}.pdf"));
                    let pdf = pdf.to_str().unwrap();
                    let mut args = vec![
                        "book",
                        "Matrix",
                        "--layout",
                        &layout,
                        "--levels",
                        &levels,
                        "--count",
                        &count,
                        "--trim",
                        trim,
                        "--allow-reprint",
                    ];
                    let mut check = vec!["preflight", pdf, "--trim", trim];
                    if large {
                        args.push("--large-print");
                        check.push("--large-print");
                    }
                    if bleed {
                        args.push("--bleed");
                        check.push("--bleed");
                    }
                    args.extend(["--db", &db, "--out", pdf]);
                    let out = run(&args);
                    let case = format!("{layout} {trim} large={large} bleed={bleed}");
                    if !out.status.success() {
                        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
                        assert!(!Path::new(pdf).exists(), "{case}: refused but a PDF was written");
                        if legitimate_refusal(&stderr) {
                            refused.push(format!("{case}: {}", stderr.lines().next().unwrap_or("")));
                        } else {
                            failures.push(format!("{case}: book failed: {stderr}"));
                        }
                        continue;
                    }
                    written += 1;
                    let report = run(&check);
                    let text = String::from_utf8_lossy(&report.stdout).into_owned();
                    if !report.status.success() || !text.contains("no findings") {
                        failures.push(format!("{case}: preflight\n{text}{}", String::from_utf8_lossy(&report.stderr)));
                    }
                    let _ = std::fs::remove_file(pdf);
                }
            }
        }
    }
    eprintln!("{written} books written and preflight-clean; {} refused up front:", refused.len());
    for r in &refused {
        eprintln!("  {r}");
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n\n"));
    assert!(written > refused.len(), "most cases must print");
    let _ = std::fs::remove_dir_all(&dir);
}
