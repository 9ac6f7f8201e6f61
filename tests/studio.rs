//! The studio over HTTP, as a browser meets it: the binary serving a
//! catalog on 127.0.0.1 (any free port), spoken to with a minimal client.
//! Every test runs on SQLite and, when `PUZZLEBOOK_TEST_PG` names a
//! server, on PostgreSQL (`every_backend`).

mod common;

use common::studio::{add_user, catalog, start};
use puzzlebook::store::scratch::{Scratch, every_backend};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// The puzzle ids a catalog page lists, in order, with their SE ratings and levels.
fn rows(body: &str) -> Vec<(i64, String, String)> {
    body.split("<tr data-id=\"")
        .skip(1)
        .map(|r| {
            let id = r.split('"').next().unwrap().parse().unwrap();
            let attr = |name: &str| r.split(&format!("{name}=\"")).nth(1).unwrap().split('"').next().unwrap().to_string();
            (id, attr("data-level"), attr("data-se"))
        })
        .collect()
}

/// The next page's link, unescaped.
fn next_link(body: &str) -> Option<String> {
    let at = body.split("rel=\"next\" href=\"").nth(1)?;
    Some(at.split('"').next().unwrap().replace("&amp;", "&"))
}

#[test]
fn the_studio_shows_the_catalog_a_puzzle_its_path_and_pictures() {
    for place in every_backend("studio-pages") {
        catalog(&place, 4);
        let studio = start(&place.arg());
        let home = studio.get("/", None);
        assert_eq!(home.status, 200, "{}", home.body);
        assert!(home.header("Content-Type").unwrap().starts_with("text/html"));
        assert_eq!(rows(&home.body).len(), 4, "{}", home.body);
        assert!(home.body.contains("src=\"/puzzle/1/picture.svg\""), "{}", home.body);

        let page = studio.get("/puzzle/1", None);
        assert_eq!(page.status, 200, "{}", page.body);
        for want in ["SE rating", "Hardest technique", "in no book", "<ol class=\"steps\"", "/puzzle/1/qr.svg", "sudokupad"] {
            assert!(page.body.contains(want), "{want}: {}", page.body);
        }
        let picture = studio.get("/puzzle/1/picture.svg", None);
        assert_eq!((picture.status, picture.header("Content-Type")), (200, Some("image/svg+xml")));
        assert!(picture.body.starts_with("<?xml") && picture.body.contains("<svg"), "{}", &picture.body[..200.min(picture.body.len())]);
        // A step's picture shades the cells it uses: it is not the bare puzzle.
        let step = studio.get("/puzzle/1/step/1.svg", None);
        assert_eq!(step.status, 200);
        assert_ne!(step.body, picture.body);
        assert!(step.body.contains("#c2c2c2"), "the highlight's grey");
        let with_step = studio.get("/puzzle/1?step=1", None);
        assert!(
            with_step.body.contains("src=\"/puzzle/1/step/1.svg\"") && with_step.body.contains("class=\"current\""),
            "{}",
            with_step.body
        );
        assert_eq!(studio.get("/puzzle/1/solution.svg", None).status, 200);
        assert_eq!(studio.get("/puzzle/1/qr.svg", None).status, 200);
        assert!(studio.get("/puzzle/1?solution=1", None).body.contains("/puzzle/1/solution.svg"));
        assert_eq!(studio.get("/static/studio.css", None).status, 200);
        assert_eq!(studio.get("/puzzle/99", None).status, 404);
    }
}

#[test]
fn the_catalog_filters_sorts_and_pages_by_key() {
    for place in every_backend("studio-browse") {
        catalog(&place, 60);
        let studio = start(&place.arg());
        // Hardest first, 50 a page: the pages together hold every puzzle
        // once, ratings never climbing.
        let mut seen = Vec::new();
        let mut link = Some("/?sort=hardest".to_string());
        let mut pages = 0;
        while let Some(l) = link {
            let reply = studio.get(&l, None);
            assert_eq!(reply.status, 200, "{l}: {}", reply.body);
            seen.extend(rows(&reply.body));
            link = next_link(&reply.body);
            pages += 1;
        }
        assert_eq!(pages, 2);
        let mut ids: Vec<i64> = seen.iter().map(|r| r.0).collect();
        let ratings: Vec<f64> = seen.iter().map(|r| r.2.parse().unwrap()).collect();
        assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
        ids.sort();
        assert_eq!(ids, (1..=60).collect::<Vec<_>>());
        // A filter keeps only what it names, on every page.
        let easy = studio.get("/?level=easy&se_max=2.0", None);
        let easy_rows = rows(&easy.body);
        assert!(!easy_rows.is_empty());
        assert!(easy_rows.iter().all(|(_, level, se)| level == "easy" && se.parse::<f64>().unwrap() <= 2.0), "{easy_rows:?}");
        let counted = place.count("SELECT count(*) FROM puzzles WHERE level = 'easy' AND se_rating <= 2.0");
        assert_eq!(easy_rows.len() as i64, counted);
        // A filter not understood is said in words, not ignored silently.
        // A sort not understood is said as a sort (nothing is filtered by a sort).
        let unsorted = studio.get("/?sort=bad", None);
        assert_eq!(unsorted.status, 400);
        assert!(unsorted.body.contains("the list is oldest first") && !unsorted.body.contains("nothing is filtered"), "{}", unsorted.body);
        // An address of nothing says what addresses hold, books included.
        let missing = studio.get("/book/99", None);
        assert_eq!(missing.status, 404);
        assert!(missing.body.contains("nothing at this address") && missing.body.contains("/book/3"), "{}", missing.body);
        let bad = studio.get("/?se_min=abc", None);
        assert_eq!(bad.status, 400);
        assert!(
            bad.body.contains("SE from &#39;abc&#39; is not a number") || bad.body.contains("SE from 'abc' is not a number"),
            "{}",
            bad.body
        );
    }
}

#[test]
fn an_injected_filter_matches_nothing_and_changes_nothing() {
    for place in every_backend("studio-inject") {
        catalog(&place, 4);
        let studio = start(&place.arg());
        let before = place.count("SELECT count(*) FROM puzzles");
        for field in ["layout", "level", "technique", "symmetry", "pattern"] {
            for attack in ["%27+OR+1%3D1+--", "x%27%3B+DELETE+FROM+puzzles%3B+--"] {
                let reply = studio.get(&format!("/?{field}={attack}"), None);
                assert_eq!(reply.status, 200, "{field}: {}", reply.body);
                assert!(rows(&reply.body).is_empty() && reply.body.contains("No puzzles match."), "{field}={attack}: {}", reply.body);
            }
        }
        assert_eq!(place.count("SELECT count(*) FROM puzzles"), before);
    }
}

#[test]
fn ids_are_numbers_only() {
    for place in every_backend("studio-ids") {
        catalog(&place, 2);
        let studio = start(&place.arg());
        for path in [
            "/puzzle/..%2f..%2fCargo.toml",
            "/puzzle/%2e%2e",
            "/puzzle/1abc",
            "/puzzle/-1",
            "/puzzle/1.0",
            "/puzzle/%2fetc%2fpasswd",
            "/puzzle/1/..%2f..%2fCargo.toml",
            "/puzzle/1/picture.png",
            "/puzzle/1/step/x.svg",
            "/puzzle/1/step/..%2f1.svg",
            "/puzzle/1/step/0.svg",
            "/static/..%2fmod.rs",
            "/static/%2fetc%2fpasswd",
            "//etc/passwd",
        ] {
            let reply = studio.get(path, None);
            assert_eq!(reply.status, 404, "{path}: {}", reply.body);
            assert!(!reply.body.contains("[package]") && !reply.body.contains("root:"), "{path}");
        }
    }
}

#[test]
fn users_log_in_with_their_token_and_roles_are_kept() {
    for place in every_backend("studio-people") {
        catalog(&place, 2);
        let admin = add_user(&place, "ada", "admin");
        let viewer = add_user(&place, "bob", "viewer");
        // Only the token's hash is kept.
        let hashes = place.count(&format!("SELECT count(*) FROM users WHERE token_hash = '{}'", puzzlebook::store::token_hash(&admin)));
        assert_eq!(hashes, 1);
        assert_eq!(place.count(&format!("SELECT count(*) FROM users WHERE token_hash = '{admin}'")), 0);
        let studio = start(&place.arg());

        // With users, nothing shows without a session.
        let anonymous = studio.get("/", None);
        assert_eq!((anonymous.status, anonymous.header("Location")), (303, Some("/login")));
        assert_eq!(studio.get("/puzzle/1/picture.svg", None).status, 401);
        let wrong = studio.post("/login", "token=not-a-token", None);
        assert_eq!(wrong.status, 401);
        assert!(wrong.body.contains("belongs to no user"));

        let reply = studio.post("/login", &format!("token={viewer}"), None);
        let set = reply.header("Set-Cookie").unwrap();
        assert!(set.contains("HttpOnly") && set.contains("SameSite=Strict") && set.contains("Path=/"), "{set}");
        let bob = set.split(';').next().unwrap().to_string();
        let home = studio.get("/", Some(&bob));
        assert_eq!(home.status, 200);
        assert!(home.body.contains("bob (viewer)"), "{}", home.body);
        // A viewer reads but does not manage people.
        assert_eq!(studio.get("/users", Some(&bob)).status, 403);
        assert_eq!(studio.post("/users", "name=eve&role=admin", Some(&bob)).status, 403);
        assert_eq!(place.count("SELECT count(*) FROM users WHERE name = 'eve'"), 0);

        let ada = studio.login(&admin);
        let people = studio.get("/users", Some(&ada));
        assert_eq!(people.status, 200);
        assert!(people.body.contains("bob") && people.body.contains("ada"));
        let made = studio.post("/users", "name=carol&role=editor", Some(&ada));
        assert_eq!(made.status, 200, "{}", made.body);
        let token = made.body.split("<code class=\"token\">").nth(1).unwrap().split('<').next().unwrap().to_string();
        assert_eq!(place.count("SELECT count(*) FROM users WHERE name = 'carol' AND role = 'editor'"), 1);
        let carol = studio.login(&token);
        assert!(studio.get("/", Some(&carol)).body.contains("carol (editor)"));
        // A name taken is said so.
        let again = studio.post("/users", "name=carol&role=viewer", Some(&ada));
        assert_eq!(again.status, 400);
        assert!(again.body.contains("already a user named"), "{}", again.body);

        // Logging out ends the session.
        assert_eq!(studio.post("/logout", "", Some(&bob)).status, 303);
        assert_eq!(studio.get("/", Some(&bob)).status, 303);
        assert_eq!(studio.get("/", Some("pb_session=forged")).status, 303);
    }
}

#[test]
fn listening_beyond_loopback_waits_for_a_user() {
    let place = Scratch::sqlite("studio-listen");
    catalog(&place, 1);
    // Spawned, not run: a studio that wrongly starts is stopped and fails the test.
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlebook"))
        .args(["studio", "--db", &place.arg(), "--listen", "0.0.0.0:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the studio listened on 0.0.0.0 with no user in the catalog");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let refused = child.wait_with_output().unwrap();
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("once the catalog has a user") && err.contains("studio user add"), "{err}");
    add_user(&place, "ada", "admin");
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlebook"))
        .args(["studio", "--db", &place.arg(), "--listen", "0.0.0.0:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(line.starts_with("studio: http://0.0.0.0:"), "{line}");
}

#[test]
fn changes_from_another_site_are_refused() {
    for place in every_backend("studio-csrf") {
        catalog(&place, 1);
        let admin = add_user(&place, "ada", "admin");
        let studio = start(&place.arg());
        let ada = studio.login(&admin);
        let form = b"name=mallory&role=admin";
        let cookie = ada.as_str();
        let form_type = ("Content-Type", "application/x-www-form-urlencoded");
        for headers in [
            vec![("Origin", "http://evil.example"), ("Cookie", cookie), form_type],
            vec![("Sec-Fetch-Site", "cross-site"), ("Cookie", cookie), form_type],
            vec![("Sec-Fetch-Site", "same-site"), ("Origin", "http://evil.example"), ("Cookie", cookie), form_type],
            vec![("Origin", "null"), ("Cookie", cookie), form_type],
        ] {
            let reply = studio.send("POST", "/users", &headers, form);
            assert_eq!(reply.status, 403, "{headers:?}: {}", reply.body);
            assert!(reply.body.contains("another site"));
        }
        assert_eq!(place.count("SELECT count(*) FROM users WHERE name = 'mallory'"), 0);
        // A login from another site is refused too (login CSRF).
        let token = format!("token={admin}");
        assert_eq!(studio.send("POST", "/login", &[("Origin", "http://evil.example"), form_type], token.as_bytes()).status, 403);
        // Other methods are refused in words.
        assert_eq!(studio.send("PUT", "/users", &[("Cookie", cookie), form_type], form).status, 405);
        // Changes are POSTs: a GET changes nothing.
        assert_eq!(studio.get("/users?name=mallory&role=admin", Some(&ada)).status, 200);
        assert_eq!(studio.get("/logout", Some(&ada)).status, 404);
        assert_eq!(place.count("SELECT count(*) FROM users WHERE name = 'mallory'"), 0);
        // The same form from the studio's own page goes through.
        assert_eq!(studio.post("/users", "name=mallory&role=viewer", Some(&ada)).status, 200);
        assert_eq!(place.count("SELECT count(*) FROM users WHERE name = 'mallory'"), 1);
    }
}

#[test]
fn a_script_in_a_title_or_a_name_comes_back_escaped() {
    for place in every_backend("studio-escape") {
        catalog(&place, 1);
        place.execute(
            "INSERT INTO books (title, settings, created_at, pdf_path, pages, pdf_hash)
             VALUES ('<script>alert(1)</script>', '', '2026-01-01T00:00:00Z', 'x.pdf', 1, 'h')",
        );
        place.execute("INSERT INTO book_puzzles (book_id, number, puzzle_id) VALUES (1, 1, 1)");
        add_user(&place, "<script>alert(2)</script>", "admin");
        let admin = add_user(&place, "ada", "admin");
        let studio = start(&place.arg());
        let ada = studio.login(&admin);
        let page = studio.get("/puzzle/1", Some(&ada));
        assert_eq!(page.status, 200);
        assert!(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "{}", page.body);
        let people = studio.get("/users", Some(&ada));
        assert!(people.body.contains("&lt;script&gt;alert(2)&lt;/script&gt;"), "{}", people.body);
        for body in [&page.body, &people.body] {
            assert!(!body.contains("<script"), "{body}");
        }
        // And the printed puzzle is no longer free.
        assert!(rows(&studio.get("/?status=free", Some(&ada)).body).is_empty());
        assert_eq!(rows(&studio.get("/?status=printed", Some(&ada)).body).len(), 1);
    }
}

#[test]
fn request_bodies_are_bounded() {
    let place = Scratch::sqlite("studio-body");
    catalog(&place, 1);
    let studio = start(&place.arg());
    let form_type = ("Content-Type", "application/x-www-form-urlencoded");
    // Declared too large: refused before reading.
    let declared = studio.send("POST", "/login", &[form_type, ("Content-Length", "10000000")], b"token=x");
    assert_eq!(declared.status, 413, "{}", declared.body);
    // Sent too large: refused after reading no more than the bound.
    let big = format!("token={}", "x".repeat(64 * 1024));
    let sent = studio.send("POST", "/login", &[form_type], big.as_bytes());
    assert_eq!(sent.status, 413, "{}", sent.body);
    assert!(sent.body.contains("larger than 16 KiB"));
    // The studio still answers.
    assert_eq!(studio.get("/", None).status, 200);
}

#[test]
fn a_failing_catalog_is_said_in_words_with_a_way_back() {
    for place in every_backend("studio-failing") {
        catalog(&place, 2);
        let studio = start(&place.arg());
        assert_eq!(studio.get("/", None).status, 200);
        // The catalog loses its puzzles table under the running studio.
        place.execute("ALTER TABLE puzzles RENAME TO puzzles_gone");
        for path in ["/", "/?level=easy&sort=hardest", "/puzzle/1"] {
            let reply = studio.get(path, None);
            assert!(reply.status >= 400, "{path}: {}", reply.status);
            assert!(reply.header("Content-Type").unwrap().starts_with("text/html"), "{path}");
            assert!(reply.body.contains("puzzles"), "{path}: what failed is named: {}", reply.body);
            assert!(
                reply.body.contains("role=\"alert\"") && reply.body.contains("<a href=\"/\">Back to the catalog</a>"),
                "{path}: {}",
                reply.body
            );
        }
        place.execute("ALTER TABLE puzzles_gone RENAME TO puzzles");
        assert_eq!(studio.get("/", None).status, 200);
    }
}

/// The labels of an SVG's outlined glyphs (`aria-label`) by their fill, sorted.
fn glyphs(svg: &str, fill: &str) -> Vec<String> {
    let mut found: Vec<String> = svg
        .split("<path aria-label=\"")
        .skip(1)
        .filter(|p| p.split("fill=\"").nth(1).is_some_and(|f| f.starts_with(fill)))
        .map(|p| p.split('"').next().unwrap().to_string())
        .collect();
    found.sort();
    found
}

/// A step of a pie's solving path is drawn with every open cell's
/// candidates pencilled in, as the grader has them before the step: the
/// open ones grey, the struck ones darker grey (and crossed), the used ones
/// black beside the givens; printed as the pie prints its symbols (1–12).
/// A Tridoku, which the technique grader does not grade, says why it has
/// no path, in words.
#[test]
fn a_pie_step_pencils_the_graders_candidates_and_a_tridoku_says_why_it_has_no_path() {
    use puzzlebook::layout::Kind;
    use puzzlebook::store::{Catalog, DbTarget};
    for place in every_backend("studio-pie") {
        common::ok(&["generate", "pie-12", "--count", "1", "--difficulty", "hard", "--seed", "3", "--db", &place.arg()]);
        common::ok(&["generate", "tridoku", "--count", "1", "--seed", "3", "--db", &place.arg()]);
        let catalog = Catalog::open_existing(place.arg().parse::<DbTarget>().unwrap()).unwrap();
        let pie = catalog.puzzle(1).unwrap();
        assert_eq!(pie.layout_name, "pie-12");
        let family = puzzlebook::family::stored(&pie.layout_file, &pie.layout_source).unwrap();
        let Kind::Cells(cells) = &family.layout().kind else { panic!("a pie has cells") };
        let label = |c: char| cells.alphabet.value_of(cells.alphabet.symbol_of(c).unwrap()).unwrap().to_string();
        let grade = family.grade(&pie.givens).unwrap();
        let n =
            1 + grade.step_cells.iter().position(|s| !s.struck.is_empty() && !s.uses.is_empty()).expect("a hard pie strikes candidates");
        let step = &grade.step_cells[n - 1];
        let (mut open, mut struck, mut black) = (Vec::new(), Vec::new(), Vec::new());
        for c in pie.givens.chars().filter(|&c| c != '.') {
            black.push(label(c));
        }
        for (cell, marks) in step.candidates.iter().enumerate() {
            for &m in marks {
                if step.uses.contains(&(cell, m)) || step.placed.contains(&(cell, m)) {
                    black.push(label(m));
                } else if step.struck.contains(&(cell, m)) {
                    struck.push(label(m));
                } else {
                    open.push(label(m));
                }
            }
        }
        for list in [&mut open, &mut struck, &mut black] {
            list.sort();
        }
        assert!(open.len() > 20 && !struck.is_empty(), "{open:?} {struck:?}");

        let studio = start(&place.arg());
        let svg = studio.get(&format!("/puzzle/1/step/{n}.svg"), None);
        assert_eq!(svg.status, 200, "{}", svg.body);
        assert_eq!(glyphs(&svg.body, "#808080"), open, "the open candidates, grey");
        assert_eq!(glyphs(&svg.body, "#4d4d4d"), struck, "the struck candidates");
        assert_eq!(glyphs(&svg.body, "#000000"), black, "the givens and the candidates the step uses, black");
        let page = studio.get(&format!("/puzzle/1?step={n}"), None);
        // The words below name the struck cells as the pie's steps do (sector, ring).
        let name = family.layout().name_of_cell(step.struck[0].0).unwrap().to_string();
        assert!(name.starts_with('s') && page.body.contains("<dt>Strikes</dt>") && page.body.contains(&name), "{name}: {}", page.body);

        let tridoku = studio.get("/puzzle/2", None);
        assert_eq!(tridoku.status, 200, "{}", tridoku.body);
        assert!(tridoku.body.contains("No solving path: ") && tridoku.body.contains("cells that touch"), "{}", tridoku.body);
    }
}
