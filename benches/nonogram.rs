//! puzzlebook's side of the nonogram speed table (docs/speed-nonogram.md),
//! run by benches/nonogram-compare.sh beside the nonogrid referee and
//! Tatham's Pattern (both built outside this repository). One thread.
//!
//!   nonogram convert OUTDIR FILE...   .non / webpbn .xml / .nonogram files
//!                                     to the .nonogram text the anchors read
//!   nonogram solve SECONDS FILE...    per file: solutions (to 2), level,
//!                                     solves run, microseconds a solve
//!   nonogram gen W H N SEED           N unique puzzles from seeds SEED..,
//!                                     microseconds a puzzle, pictures drawn
//!   nonogram check SECONDS FILE...    the independent checker, as `solve`
//!   nonogram levels W H N SEED        per seed SEED..SEED+N: pictures drawn,
//!                                     level, rounds and a hash of the puzzle
//!                                     and its solution (to compare two
//!                                     builds of the solver line by line)
use puzzlebook::nonogram::{Puzzle, check, formats, generate, parse, solve};
use std::time::Instant;

fn read(path: &str) -> Puzzle {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let r = if path.ends_with(".non") {
        formats::read_non(&text)
    } else if path.ends_with(".xml") {
        formats::read_webpbn(&text)
    } else {
        parse(&text)
    };
    r.unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn timed<F: FnMut() -> String>(secs: f64, mut f: F) -> (String, u64, f64) {
    let start = Instant::now();
    let mut runs = 0u64;
    let mut what;
    loop {
        what = f();
        runs += 1;
        if runs >= 3 && start.elapsed().as_secs_f64() >= secs {
            break;
        }
    }
    (what, runs, start.elapsed().as_secs_f64() * 1e6 / runs as f64)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    match args.first().map(String::as_str) {
        Some("convert") => {
            for path in &args[2..] {
                let p = read(path);
                let stem = std::path::Path::new(path).file_stem().and_then(|s| s.to_str()).unwrap_or("puzzle");
                let out = format!("{}/{stem}.nonogram", args[1]);
                std::fs::write(&out, p.to_text()).unwrap_or_else(|e| panic!("{out}: {e}"));
                println!("{out}\t{}x{}", p.width, p.height);
            }
        }
        Some(cmd @ ("solve" | "check")) => {
            let secs: f64 = args[1].parse().expect("seconds");
            for path in &args[2..] {
                let p = read(path);
                let (what, runs, us) = if cmd == "solve" {
                    timed(secs, || {
                        let o = solve::solve(std::hint::black_box(&p));
                        format!("{}\t{:?}", o.count, o.level)
                    })
                } else {
                    timed(secs, || format!("{:?}", check::count_solutions(std::hint::black_box(&p), 50_000_000)))
                };
                println!("{path}\t{what}\t{runs}\t{us:.1}");
            }
        }
        Some("gen") => {
            let n = |i: usize| args[i].parse::<u64>().expect("number");
            let (w, h, count, seed) = (n(1) as usize, n(2) as usize, n(3), n(4));
            let start = Instant::now();
            let mut drawn = 0;
            for s in seed..seed + count {
                let g = generate::generate(w, h, false, s, 100_000).expect("a unique puzzle");
                drawn += g.attempts;
            }
            let us = start.elapsed().as_secs_f64() * 1e6 / count as f64;
            println!("{w}\t{h}\t{count}\t{us:.1}\t{drawn}");
        }
        Some("levels") => {
            use std::hash::{Hash, Hasher};
            let n = |i: usize| args[i].parse::<u64>().expect("number");
            let (w, h, count, seed) = (n(1) as usize, n(2) as usize, n(3), n(4));
            for s in seed..seed + count {
                let g = generate::generate(w, h, false, s, 100_000).expect("a unique puzzle");
                let mut hash = std::collections::hash_map::DefaultHasher::new();
                (g.puzzle.to_text(), &g.outcome.solution).hash(&mut hash);
                println!("{w}x{h}\t{s}\t{}\t{:?}\t{}\t{:016x}", g.attempts, g.outcome.level, g.outcome.rounds, hash.finish());
            }
        }
        _ => eprintln!(
            "usage: nonogram convert OUTDIR FILE... | solve SECONDS FILE... | check SECONDS FILE... | gen W H N SEED | levels W H N SEED"
        ),
    }
}
