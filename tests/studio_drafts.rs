//! The studio's book drafts over HTTP (issue 28, item 3): make a draft,
//! fill it by rule and by hand, order it, see its curve, build it (queued,
//! while pages are still served), download its files by the book's number
//! and check the PDF with `puzzlebook preflight`; other editors and
//! viewers refused in words. Every test runs on SQLite and, when
//! `PUZZLEBOOK_TEST_PG` names a server, on PostgreSQL.

mod common;

use common::studio::{Reply, Studio, add_user, catalog, start_with};
use common::{ok, workdir};
use puzzlebook::store::scratch::{Scratch, every_backend};
use puzzlebook::studio::HOLD_VAR;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};

/// The studio on `db`, writing books to `out`; builds wait while `hold` exists.
fn start(db: &str, out: &Path, hold: &Path) -> Studio {
    start_with(db, |command| {
        command.env(HOLD_VAR, hold).arg("--out").arg(out);
    })
}

impl Studio {
    /// A GET's body as bytes (a PDF).
    fn raw_body(&self, path: &str, cookie: &str) -> Vec<u8> {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        // HTTP/1.0: the body whole, not in chunks.
        let head = format!("GET {path} HTTP/1.0\r\nHost: {}\r\nConnection: close\r\nCookie: {cookie}\r\n\r\n", self.addr);
        stream.write_all(head.as_bytes()).unwrap();
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).unwrap();
        let at = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a head");
        raw[at + 4..].to_vec()
    }
}

/// A validated catalog of twelve classic puzzles (seed 3: 4 easy, 2
/// medium, 1 hard, 5 expert).
fn validated_catalog(place: &Scratch) {
    catalog(place, 12);
    ok(&["validate", "--db", &place.arg()]);
}

/// The draft form's fields for a book of classic-9 puzzles.
fn draft_form(name: &str, title: &str) -> String {
    format!("name={name}&title={title}&layout=classic-9&trim=6x9&per_page=2&labels=levels&curve=sections&paper=white&marks=corner")
}

/// The puzzle ids of a draft page, in its order.
fn order(body: &str) -> Vec<i64> {
    body.split("<tr data-id=\"").skip(1).map(|r| r.split('"').next().unwrap().parse().unwrap()).collect()
}

/// Where `POST` redirected.
fn location(reply: &Reply) -> String {
    reply.header("Location").unwrap_or_else(|| panic!("no redirect: {} {}", reply.status, reply.body)).to_string()
}

/// A scratch folder for a backend's run.
fn scratch_dir(place: &Scratch, name: &str) -> PathBuf {
    workdir("studio-drafts", &format!("{name}-{}", if place.is_postgres() { "pg" } else { "sqlite" }))
}

/// Waits (bounded) for build `path` to finish; the book's number.
fn wait_for_book(studio: &Studio, path: &str, cookie: &str) -> i64 {
    for _ in 0..600 {
        let page = studio.get(path, Some(cookie));
        assert_eq!(page.status, 200, "{}", page.body);
        assert!(!page.body.contains("failed:"), "{}", page.body);
        if let Some(at) = page.body.split("done: <a href=\"/book/").nth(1) {
            return at.split('"').next().unwrap().parse().unwrap();
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    panic!("build {path} never finished");
}

#[test]
fn an_editor_makes_fills_orders_builds_and_downloads_a_draft_while_the_studio_serves_pages() {
    for place in every_backend("studio-drafts-build") {
        validated_catalog(&place);
        let dir = scratch_dir(&place, "build");
        let out = dir.join("books");
        let hold = dir.join("hold");
        let studio = start(&place.arg(), &out, &hold);
        let ada = studio.login(&add_user(&place, "ada", "editor"));

        // A new draft: the settings as `book` takes them.
        let made = studio.post("/drafts", &draft_form("spring", "Spring+Book"), Some(&ada));
        assert_eq!(made.status, 303, "{}", made.body);
        let draft = location(&made);
        assert_eq!(draft, "/draft/1");
        // By rule: one of each level (the catalog's curation), in the curve's order.
        assert_eq!(studio.post("/draft/1/fill", "count=4", Some(&ada)).status, 303);
        let page = studio.get(&draft, Some(&ada));
        let by_rule = order(&page.body);
        assert_eq!(by_rule.len(), 4, "{}", page.body);
        // By hand: two more, at the end.
        let free: Vec<i64> = (1..=12).filter(|p| !by_rule.contains(p)).take(2).collect();
        let add = studio.post("/draft/1/add", &format!("puzzles={}%2C+{}", free[0], free[1]), Some(&ada));
        assert_eq!(add.status, 303, "{}", add.body);
        let mut expected = by_rule.clone();
        expected.extend(&free);
        assert_eq!(order(&studio.get(&draft, Some(&ada)).body), expected);
        // Move the last up, the first down, remove the second.
        assert_eq!(studio.post("/draft/1/move", &format!("puzzle={}&dir=up", free[1]), Some(&ada)).status, 303);
        expected.swap(4, 5);
        assert_eq!(studio.post("/draft/1/move", &format!("puzzle={}&dir=down", expected[0]), Some(&ada)).status, 303);
        expected.swap(0, 1);
        let removed = expected.remove(1);
        assert_eq!(studio.post("/draft/1/remove", &format!("puzzle={removed}"), Some(&ada)).status, 303);
        let page = studio.get(&draft, Some(&ada));
        assert_eq!(order(&page.body), expected, "{}", page.body);
        // The CLI sees the reservation.
        let listed = ok(&["reservations", "--db", &place.arg()]);
        assert!(listed.contains("draft \"spring\" of ada — 5 puzzles"), "{listed}");
        // The curve: a point per puzzle, the level bands shaded.
        assert!(page.body.contains("src=\"/draft/1/curve.svg"), "{}", page.body);
        let curve = studio.get("/draft/1/curve.svg", Some(&ada));
        assert_eq!((curve.status, curve.header("Content-Type")), (200, Some("image/svg+xml")));
        assert_eq!(curve.body.matches("class=\"point").count(), 5, "{}", curve.body);
        for level in ["easy", "medium", "hard", "expert"] {
            assert!(curve.body.contains(&format!("class=\"band\" data-level=\"{level}\"")), "{level}: {}", curve.body);
        }

        // A file of the name the studio would choose is never overwritten.
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("spring-book-1.pdf"), "someone else's").unwrap();
        // Build, held: the studio keeps serving pages while the build waits.
        std::fs::write(&hold, "").unwrap();
        let build = studio.post("/draft/1/build", "", Some(&ada));
        assert_eq!(build.status, 303, "{}", build.body);
        let job = location(&build);
        for path in ["/", "/puzzle/1", "/drafts", &draft, &job] {
            let reply = studio.get(path, Some(&ada));
            assert_eq!(reply.status, 200, "{path} while a book builds: {}", reply.body);
        }
        assert!(studio.get(&job, Some(&ada)).body.contains("waiting for a free core"));
        std::fs::remove_file(&hold).unwrap();
        let book = wait_for_book(&studio, &job, &ada);
        assert_eq!(std::fs::read_to_string(out.join("spring-book-1.pdf")).unwrap(), "someone else's");

        // The book page: the preflight report and the downloads.
        let page = studio.get(&format!("/book/{book}"), Some(&ada));
        assert_eq!(page.status, 200);
        for want in ["Interior preflight", "Cover preflight", "no findings", "interior.pdf", "cover.pdf", "report.txt", "ada"] {
            assert!(page.body.contains(want), "{want}: {}", page.body);
        }
        let pdf = studio.get(&format!("/book/{book}/interior.pdf"), Some(&ada));
        assert_eq!((pdf.status, pdf.header("Content-Type")), (200, Some("application/pdf")));
        let cover = studio.get(&format!("/book/{book}/cover.pdf"), Some(&ada));
        assert_eq!(cover.status, 200);
        let report = studio.get(&format!("/book/{book}/report.txt"), Some(&ada));
        assert!(report.body.contains("Distinctness report"), "{}", report.body);
        // The PDF as downloaded passes the preflight (the reply's bytes: read again raw).
        let downloaded = dir.join("downloaded.pdf");
        std::fs::write(&downloaded, studio.raw_body(&format!("/book/{book}/interior.pdf"), &ada)).unwrap();
        let checked = ok(&["preflight", downloaded.to_str().unwrap()]);
        assert!(checked.contains("no findings"), "{checked}");

        // An ordinary catalog book, in the draft's order, made by ada.
        let books = ok(&["books", "--db", &place.arg()]);
        let ids: Vec<String> = expected.iter().map(i64::to_string).collect();
        assert!(books.contains(&format!("by ada → {}", out.join("spring-book-1-2.pdf").display())), "{books}");
        assert!(books.contains(&format!("puzzles in order: {}", ids.join(" "))), "{books}");
        let again = dir.join("again.pdf");
        let reprinted = ok(&["reprint", &book.to_string(), "--out", again.to_str().unwrap(), "--db", &place.arg()]);
        assert!(reprinted.contains("identical to the first printing"), "{reprinted}");
        // The draft is done: its puzzles are printed.
        assert!(ok(&["reservations", "--db", &place.arg()]).contains("no drafts"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn downloads_take_only_a_book_number() {
    for place in every_backend("studio-drafts-downloads") {
        validated_catalog(&place);
        let dir = scratch_dir(&place, "downloads");
        let pdf = dir.join("made.pdf");
        ok(&[
            "book",
            "Made",
            "--layout",
            "classic-9",
            "--count",
            "4",
            "--levels",
            "easy",
            "--out",
            pdf.to_str().unwrap(),
            "--db",
            &place.arg(),
        ]);
        let studio = start(&place.arg(), &dir.join("books"), &dir.join("hold"));
        // A book made by the CLI downloads by its number.
        let good = studio.get("/book/1/interior.pdf", None);
        assert_eq!(good.status, 200);
        for bad in [
            "/book/1/..%2f..%2fCargo.toml",
            "/book/..%2f..%2fCargo.toml/interior.pdf",
            "/book/%2fetc%2fpasswd/interior.pdf",
            "/book//etc/passwd",
            "/book/abc/interior.pdf",
            "/book/-1/interior.pdf",
            "/book/1.0/interior.pdf",
            "/book/1/interior.pdf%00",
            "/book/1/Cargo.toml",
            "/book/99/interior.pdf",
        ] {
            let reply = studio.get(bad, None);
            assert_eq!(reply.status, 404, "{bad}: {}", &reply.body[..reply.body.len().min(300)]);
            assert!(!reply.body.contains("[package]"), "{bad}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn only_the_owner_changes_a_draft_another_editor_cannot_take_its_puzzles_and_a_viewer_reads() {
    for place in every_backend("studio-drafts-roles") {
        validated_catalog(&place);
        let dir = scratch_dir(&place, "roles");
        let studio = start(&place.arg(), &dir.join("books"), &dir.join("hold"));
        let ada = studio.login(&add_user(&place, "ada", "editor"));
        let bob = studio.login(&add_user(&place, "bob", "editor"));
        let vic = studio.login(&add_user(&place, "vic", "viewer"));
        assert_eq!(studio.post("/drafts", &draft_form("spring", "Spring"), Some(&ada)).status, 303);
        assert_eq!(studio.post("/draft/1/add", "puzzles=1%2C2", Some(&ada)).status, 303);

        // Bob cannot take ada's puzzles into his draft: the catalog's refusal, in words.
        assert_eq!(studio.post("/drafts", &draft_form("autumn", "Autumn"), Some(&bob)).status, 303);
        let taken = studio.post("/draft/2/add", "puzzles=2", Some(&bob));
        assert_eq!(taken.status, 409, "{}", taken.body);
        assert!(taken.body.contains("puzzle 2: it is reserved in draft &quot;spring&quot; (ada"), "{}", taken.body);
        // Nor from a puzzle's page.
        let from_page = studio.post("/drafts/add", "puzzle=1&draft=autumn", Some(&bob));
        assert!(from_page.body.contains("it is reserved in draft"), "{}", from_page.body);
        assert!(order(&studio.get("/draft/2", Some(&bob)).body).is_empty());
        // Nor change or build ada's draft.
        for (action, form) in [("add", "puzzles=3"), ("move", "puzzle=1&dir=down"), ("remove", "puzzle=1"), ("build", ""), ("release", "")]
        {
            let reply = studio.post(&format!("/draft/1/{action}"), form, Some(&bob));
            assert_eq!(reply.status, 403, "{action}: {}", reply.body);
            assert!(reply.body.contains("&quot;spring&quot; is ada"), "{action}: {}", reply.body);
        }
        // Bob's page of ada's draft has no change buttons.
        let seen = studio.get("/draft/1", Some(&bob));
        assert_eq!(order(&seen.body), vec![1, 2]);
        assert!(!seen.body.contains("/draft/1/build") && !seen.body.contains("/draft/1/move"), "{}", seen.body);

        // A viewer reads drafts, has no form to change them, and a forged POST is refused.
        let read = studio.get("/draft/1", Some(&vic));
        assert_eq!(read.status, 200);
        assert!(!read.body.contains("<form class=\"build\"") && !read.body.contains("action=\"/drafts\""), "{}", read.body);
        assert!(!studio.get("/drafts", Some(&vic)).body.contains("New draft"));
        for (path, form) in [
            ("/draft/1/build", ""),
            ("/drafts", "name=x&title=x&layout=classic-9"),
            ("/draft/1/add", "puzzles=3"),
            ("/drafts/add", "puzzle=3&draft=spring"),
        ] {
            let reply = studio.post(path, form, Some(&vic));
            assert_eq!(reply.status, 403, "{path}: {}", reply.body);
            assert!(reply.body.contains("Only an editor"), "{}", reply.body);
        }
        // A POST from another site is refused whoever sends it.
        let origin = "http://evil.example";
        let forged = studio.send(
            "POST",
            "/draft/1/build",
            &[("Origin", origin), ("Cookie", &ada), ("Content-Type", "application/x-www-form-urlencoded")],
            b"",
        );
        assert_eq!(forged.status, 403);
        assert_eq!(order(&studio.get("/draft/1", Some(&ada)).body), vec![1, 2]);
        assert!(ok(&["reservations", "--db", &place.arg()]).contains("draft \"spring\" of ada — 2 puzzles"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn draft_settings_are_checked_by_the_library_and_titles_come_back_escaped() {
    for place in every_backend("studio-drafts-settings") {
        validated_catalog(&place);
        let dir = scratch_dir(&place, "settings");
        let studio = start(&place.arg(), &dir.join("books"), &dir.join("hold"));
        let ada = studio.login(&add_user(&place, "ada", "editor"));
        for (form, said) in [
            (format!("{}&isbn=123", draft_form("a", "A")), "ISBN"),
            (draft_form("b", "").to_string(), "needs a title"),
            ("name=c&title=C&layout=..%2F..%2Fetc%2Fpasswd".to_string(), "is not one the catalog holds"),
            ("name=d&title=D".to_string(), "tick at least one layout"),
            ("name=e&title=E&layout=classic-9&per_page=3".to_string(), "--per-page 3"),
            ("name=f&title=F&layout=classic-9&level=easy&curve=week".to_string(), "leave the levels unticked"),
            ("name=g&title=G&layout=classic-9&lang=xx".to_string(), "--lang xx: no such language"),
        ] {
            let reply = studio.post("/drafts", &form, Some(&ada));
            assert_eq!(reply.status, 400, "{form}: {}", reply.body);
            assert!(reply.body.contains(said), "{said}: {}", reply.body);
        }
        assert!(ok(&["reservations", "--db", &place.arg()]).contains("no drafts"));
        // A title and a name with markup come back as text, in the page and in the curve.
        let made = studio.post("/drafts", &draft_form("%3Cscript%3Ex%3C%2Fscript%3E", "%3Cscript%3Ealert(1)%3C%2Fscript%3E"), Some(&ada));
        assert_eq!(made.status, 303, "{}", made.body);
        assert_eq!(studio.post("/draft/1/add", "puzzles=1", Some(&ada)).status, 303);
        let page = studio.get("/draft/1", Some(&ada));
        assert!(!page.body.contains("<script>") && page.body.contains("&lt;script&gt;alert(1)"), "{}", page.body);
        let curve = studio.get("/draft/1/curve.svg", Some(&ada));
        assert!(!curve.body.contains("<script>") && curve.body.contains("&lt;script&gt;x"), "{}", curve.body);
        // Saving new settings: checked the same way, kept when good.
        let bad = studio.post("/draft/1/settings", "title=T&layout=classic-9&answers_per_page=7", Some(&ada));
        assert_eq!(bad.status, 409, "{}", bad.body);
        assert!(bad.body.contains("--answers-per-page 7"), "{}", bad.body);
        assert!(page.body.contains(", language English."), "{}", page.body);
        let good = studio.post("/draft/1/settings", "title=Renamed&layout=classic-9&trim=8x10&large_print=1&lang=de", Some(&ada));
        assert_eq!(good.status, 303, "{}", good.body);
        let page = studio.get("/draft/1", Some(&ada));
        assert!(page.body.contains("<q>Renamed</q>, 8x10 in trim, large print"), "{}", page.body);
        assert!(
            page.body.contains(", language Deutsch.") && page.body.contains(r#"<option value="de" selected>Deutsch (de)</option>"#),
            "{}",
            page.body
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The ids ticked-box rows of a catalog page offer, in order.
fn tickable(body: &str) -> Vec<i64> {
    body.split("<input class=\"tick\" type=\"checkbox\" name=\"puzzle\" value=\"")
        .skip(1)
        .map(|r| r.split('"').next().unwrap().parse().unwrap())
        .collect()
}

/// An editor ticks puzzles on a catalog page and adds them to one of
/// their drafts (a POST with the same guards as every change): they are
/// reserved for it as the draft page's own add reserves them. A viewer
/// sees no boxes and is refused; a POST from another site is refused;
/// another editor can neither add to the draft nor take its puzzles;
/// nothing ticked is said in words.
#[test]
fn puzzles_ticked_on_the_catalog_page_go_to_the_chosen_draft_reserved() {
    for place in every_backend("studio-drafts-tick") {
        validated_catalog(&place);
        let dir = scratch_dir(&place, "tick");
        let studio = start(&place.arg(), &dir.join("books"), &dir.join("hold"));
        let ada = studio.login(&add_user(&place, "ada", "editor"));
        let bob = studio.login(&add_user(&place, "bob", "editor"));
        let vic = studio.login(&add_user(&place, "vic", "viewer"));

        // No draft yet: no boxes, and the page says where drafts are made.
        let before = studio.get("/", Some(&ada));
        assert!(tickable(&before.body).is_empty(), "{}", before.body);
        assert!(before.body.contains("Make a draft on the") && before.body.contains("href=\"/drafts#new\""), "{}", before.body);
        assert_eq!(studio.post("/drafts", &draft_form("spring", "Spring"), Some(&ada)).status, 303);
        assert_eq!(studio.post("/drafts", &draft_form("autumn", "Autumn"), Some(&bob)).status, 303);

        // An empty draft says so; a fill the catalog cannot meet says where to make more.
        let empty = studio.get("/draft/1", Some(&ada));
        assert!(empty.body.contains("It holds no puzzle yet"), "{}", empty.body);
        let short = studio.post("/draft/1/fill", "count=40", Some(&ada));
        assert_eq!(short.status, 409, "{}", short.body);
        assert!(short.body.contains("not enough puzzles") && short.body.contains("make more on the Batches page"), "{}", short.body);

        // Ada's catalog page: a box a row, and a choice of her drafts only.
        let page = studio.get("/", Some(&ada));
        assert_eq!(tickable(&page.body), (1..=12).collect::<Vec<i64>>());
        assert!(
            page.body.contains("form=\"addtodraft\"") && page.body.contains("<form class=\"addtodraft\" id=\"addtodraft\""),
            "{}",
            page.body
        );
        assert!(page.body.contains("<option value=\"spring\">") && !page.body.contains("<option value=\"autumn\">"), "{}", page.body);
        // The same form's button again below the list (fifty rows down).
        assert!(page.body.contains("<button type=\"submit\" form=\"addtodraft\">"), "{}", page.body);
        // A viewer's: no boxes, no form.
        let read = studio.get("/", Some(&vic));
        assert!(tickable(&read.body).is_empty() && !read.body.contains("addtodraft"), "{}", read.body);

        // Ada adds three: the draft holds them, reserved (the command line sees it).
        let added = studio.post("/drafts/add", "draft=spring&puzzle=3&puzzle=5&puzzle=7", Some(&ada));
        assert_eq!(added.status, 303, "{}", added.body);
        assert_eq!(location(&added), "/draft/1#puzzles");
        assert_eq!(order(&studio.get("/draft/1", Some(&ada)).body), vec![3, 5, 7]);
        assert!(ok(&["reservations", "--db", &place.arg()]).contains("draft \"spring\" of ada — 3 puzzles"));
        let reserved = studio.get("/?status=reserved", Some(&ada));
        assert_eq!(order(&reserved.body), vec![3, 5, 7], "{}", reserved.body);

        // Nothing ticked, or no draft chosen: said in words, nothing done.
        let none = studio.post("/drafts/add", "draft=spring", Some(&ada));
        assert_eq!(none.status, 400);
        assert!(none.body.contains("No puzzle was chosen"), "{}", none.body);
        let nowhere = studio.post("/drafts/add", "puzzle=8", Some(&ada));
        assert_eq!(nowhere.status, 400);
        assert!(nowhere.body.contains("No draft was chosen"), "{}", nowhere.body);

        // A viewer is refused; so is a POST from another site, whoever sends it.
        let viewer = studio.post("/drafts/add", "draft=spring&puzzle=8", Some(&vic));
        assert_eq!(viewer.status, 403);
        assert!(viewer.body.contains("Only an editor"), "{}", viewer.body);
        let forged = studio.send(
            "POST",
            "/drafts/add",
            &[("Origin", "http://evil.example"), ("Cookie", &ada), ("Content-Type", "application/x-www-form-urlencoded")],
            b"draft=spring&puzzle=8",
        );
        assert_eq!(forged.status, 403, "{}", forged.body);
        let cross = studio.send(
            "POST",
            "/drafts/add",
            &[("Sec-Fetch-Site", "cross-site"), ("Cookie", &ada), ("Content-Type", "application/x-www-form-urlencoded")],
            b"draft=spring&puzzle=8",
        );
        assert_eq!(cross.status, 403, "{}", cross.body);
        // Bob cannot add to ada's draft, nor take its puzzles into his.
        let into_adas = studio.post("/drafts/add", "draft=spring&puzzle=8", Some(&bob));
        assert_eq!(into_adas.status, 403, "{}", into_adas.body);
        let taken = studio.post("/drafts/add", "draft=autumn&puzzle=5&puzzle=9", Some(&bob));
        assert_eq!(taken.status, 409, "{}", taken.body);
        assert!(taken.body.contains("puzzle 5: it is reserved in draft &quot;spring&quot; (ada"), "{}", taken.body);
        assert!(order(&studio.get("/draft/2", Some(&bob)).body).is_empty());
        assert_eq!(order(&studio.get("/draft/1", Some(&ada)).body), vec![3, 5, 7]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
