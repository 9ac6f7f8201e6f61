//! The studio's book drafts in a real browser (tests/common/browser.rs):
//! an editor makes a draft, fills it by rule, by hand and from the
//! catalog list (boxes ticked, one by keyboard), moves a puzzle
//! with the keyboard, sees its curve and page thumbnails; a second editor
//! cannot take its puzzles (the refusal shown in words); a viewer has no
//! build form and a forged POST is refused; the editor builds the book and
//! downloads its PDF, which passes `puzzlebook preflight`. Screenshots go
//! to `target/studio-e2e/drafts-*.png`. Without chromium and chromedriver
//! on the PATH the test says so and passes.

mod common;

use common::browser::{Browser, Running, browser, chromium_and_driver, start_studio_with};
use common::studio::add_user;
use common::{ok, workdir};
use puzzlebook::store::scratch::{Scratch, every_backend};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[test]
fn an_editor_makes_fills_and_builds_a_draft_another_cannot_take_it_and_a_viewer_cannot_build() {
    let Some((chromium, driver)) = chromium_and_driver() else { return };
    for place in every_backend("studio-drafts-browser") {
        run_in_browser(&place, &chromium, &driver);
    }
}

/// The studio on `db`, writing books to `out`; its address.
fn start(db: &str, out: &Path) -> (Running, String) {
    start_studio_with(db, &["--out".as_ref(), out.as_os_str()])
}

fn log_in(browser: &Browser, base: &str, token: &str, who: &str) {
    browser.go(&format!("{base}/login"));
    browser.type_into("#token", token);
    browser.click("form.login button[type=submit]");
    browser.until(&format!("return location.pathname === '/' && document.body.innerText.includes('{who}')"));
}

fn log_out(browser: &Browser) {
    browser.click("header .who form button");
    browser.until("return location.pathname === '/login'");
}

/// The puzzle ids of the draft page, in order.
fn order(browser: &Browser) -> Vec<i64> {
    let ids = browser.script("return [...document.querySelectorAll('table.draftpuzzles tr[data-id]')].map(r => Number(r.dataset.id))");
    ids.as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect()
}

/// Replaces the text of the field `css`.
fn fill_in(browser: &Browser, css: &str, text: &str) {
    let id = browser.find(css);
    browser.call("POST", &format!("/element/{id}/clear"), Some(json!({})));
    browser.type_into(css, text);
}

/// Waits up to `seconds` for `js` to be true.
fn until_long(browser: &Browser, js: &str, seconds: u64) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while browser.script(js) != Value::Bool(true) {
        assert!(Instant::now() < deadline, "never true at {}: {js}", browser.url());
        std::thread::sleep(Duration::from_millis(300));
    }
}

fn run_in_browser(place: &Scratch, chromium: &PathBuf, driver: &PathBuf) {
    let backend = if place.is_postgres() { "postgres" } else { "sqlite" };
    ok(&["generate", "classic-9", "--count", "12", "--seed", "3", "--db", &place.arg()]);
    ok(&["validate", "--db", &place.arg()]);
    let (ada, bob, vic) = (add_user(place, "ada", "editor"), add_user(place, "bob", "editor"), add_user(place, "vic", "viewer"));
    let dir = workdir("studio-drafts-browser", backend);
    let (_studio, base) = start(&place.arg(), &dir.join("books"));
    let profile = dir.join("profile");
    let (_driver, browser) = browser(chromium, driver, &profile);

    // Ada makes a draft from the Drafts page.
    log_in(&browser, &base, &ada, "ada (editor)");
    browser.click("header nav a[href='/drafts']");
    browser.until("return location.pathname === '/drafts'");
    browser.type_into("form.draftform input[name=name]", "spring");
    browser.type_into("form.draftform input[name=title]", "Spring Puzzles");
    browser.click("form.draftform input[name=layout][value=classic-9]");
    browser.click("form.draftform select[name=trim] option[value='6x9']");
    browser.click("form.draftform button[type=submit]");
    browser.until("return location.pathname === '/draft/1'");

    // By rule: four, one of each level.
    fill_in(&browser, "input[name=count]", "4");
    browser.click("form.fill[action$='/fill'] button");
    browser.until("return document.querySelectorAll('table.draftpuzzles tr[data-id]').length === 4");
    let by_rule = order(&browser);
    // By hand: two more by number.
    let free: Vec<i64> = (1..=12).filter(|p| !by_rule.contains(p)).take(2).collect();
    browser.type_into("input[name=puzzles]", &format!("{}, {}", free[0], free[1]));
    browser.click("form.fill[action$='/add'] button");
    browser.until("return document.querySelectorAll('table.draftpuzzles tr[data-id]').length === 6");
    // With the keyboard: the first puzzle's Down button, focused, Enter.
    let first = order(&browser)[0];
    let down = browser.find("table.draftpuzzles tr[data-id] button[value=down]");
    browser.script("document.querySelector('table.draftpuzzles tr[data-id] button[value=down]').focus(); return true");
    browser.call("POST", &format!("/element/{down}/value"), Some(json!({ "text": "\u{E007}" })));
    browser.until(&format!("return Number(document.querySelectorAll('table.draftpuzzles tr[data-id]')[1]?.dataset.id) === {first}"));
    let order_before = order(&browser);
    // From the catalog list: the first two free puzzles ticked (the first
    // by keyboard: focused, Space), added to the draft chosen there.
    browser.go(&format!("{base}/?status=free"));
    let ticked = browser.script("return [...document.querySelectorAll('input.tick')].slice(0, 2).map(i => Number(i.value))");
    let ticked: Vec<i64> = ticked.as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
    assert!(ticked.len() == 2 && ticked.iter().all(|p| !order_before.contains(p)), "{ticked:?}");
    browser.script("document.querySelector('input.tick').focus(); return true");
    browser.keys("\u{E00D}");
    browser.until("return document.querySelector('input.tick').checked");
    browser.click("input.tick:not(:checked)");
    browser.until("return document.querySelector('select[name=draft]').value === 'spring'");
    browser.screenshot(&format!("drafts-catalog-ticked-{backend}"));
    browser.click("form#addtodraft button[type=submit]");
    browser.until("return location.pathname === '/draft/1' && document.querySelectorAll('table.draftpuzzles tr[data-id]').length === 8");
    assert_eq!(order(&browser)[6..], ticked[..]);
    // Remove the last.
    browser.click("table.draftpuzzles tr[data-id]:last-child form[action$='/remove'] button");
    browser.until("return document.querySelectorAll('table.draftpuzzles tr[data-id]').length === 7");
    let kept = order(&browser);
    // The curve and the page thumbnails load.
    browser.until("const i = document.querySelector('img.curve'); return i.complete && i.naturalWidth > 0");
    browser.script("document.querySelector('#pages').scrollIntoView(); return true");
    browser.until("const i = document.querySelector('.thumbs img'); return i.complete && i.naturalWidth > 0");
    let pages = browser.script("return document.querySelectorAll('.thumbs figure:not(.cover) img').length").as_i64().unwrap();
    assert!(pages >= 24, "{pages} page thumbnails");
    browser.script("window.scrollTo(0, 0); return true");
    browser.screenshot(&format!("drafts-draft-{backend}"));
    browser.script("document.querySelector('#pages').scrollIntoView(); return true");
    browser.until("return [...document.querySelectorAll('.thumbs img')].slice(0, 6).every(i => i.complete && i.naturalWidth > 0)");
    browser.screenshot(&format!("drafts-pages-{backend}"));
    let listed = ok(&["reservations", "--db", &place.arg()]);
    assert!(listed.contains("draft \"spring\" of ada — 7 puzzles"), "{listed}");
    log_out(&browser);

    // Bob cannot take ada's puzzles: the refusal in words.
    log_in(&browser, &base, &bob, "bob (editor)");
    browser.go(&format!("{base}/drafts"));
    browser.type_into("form.draftform input[name=name]", "autumn");
    browser.type_into("form.draftform input[name=title]", "Autumn");
    browser.click("form.draftform input[name=layout][value=classic-9]");
    browser.click("form.draftform button[type=submit]");
    browser.until("return location.pathname === '/draft/2'");
    browser.type_into("input[name=puzzles]", &kept[0].to_string());
    browser.click("form.fill[action$='/add'] button");
    browser.until(&format!(
        "return (document.querySelector('p.error')?.innerText || '').includes('puzzle {}: it is reserved in draft \"spring\" (ada')",
        kept[0]
    ));
    browser.screenshot(&format!("drafts-refused-{backend}"));
    // Ada's draft, seen by bob: no buttons to change it.
    browser.go(&format!("{base}/draft/1"));
    browser.until("return document.querySelector('h1').innerText === 'Draft spring'");
    assert_eq!(browser.script("return document.querySelector('form.build, td.change') === null"), Value::Bool(true));
    log_out(&browser);

    // A viewer reads the draft, has no build form, and a forged POST is refused.
    log_in(&browser, &base, &vic, "vic (viewer)");
    browser.go(&format!("{base}/draft/1"));
    browser.until("return document.querySelector('h1').innerText === 'Draft spring'");
    assert_eq!(order(&browser), kept);
    assert_eq!(browser.script("return document.querySelector('form.build') === null"), Value::Bool(true));
    browser.screenshot(&format!("drafts-viewer-{backend}"));
    // A forged form (the page's policy lets forms post only to the studio).
    browser.script(
        "const f = document.createElement('form'); f.method = 'post'; f.action = '/draft/1/build'; document.body.append(f); f.submit(); return true",
    );
    browser.until("return document.querySelector('h1')?.innerText === 'Not allowed'");
    assert!(browser.script("return document.body.innerText").as_str().unwrap().contains("Only an editor"));
    browser.go(&format!("{base}/drafts"));
    log_out(&browser);

    // Ada builds; the page waits for it, then shows the book's report and downloads.
    log_in(&browser, &base, &ada, "ada (editor)");
    browser.go(&format!("{base}/draft/1"));
    browser.click("form.build button");
    browser.until("return location.pathname.startsWith('/build/')");
    until_long(&browser, "return document.body.innerText.includes('done: book')", 180);
    browser.click("p.buildstate a[href^='/book/']");
    browser.until("return location.pathname.startsWith('/book/') && document.body.innerText.includes('Preflight report')");
    assert!(browser.script("return document.querySelector('pre.report').innerText").as_str().unwrap().contains("no findings"));
    browser.screenshot(&format!("drafts-book-{backend}"));
    // Download the interior as the browser does (its session, its downloads folder).
    let downloads = dir.join("downloads");
    std::fs::create_dir_all(&downloads).unwrap();
    browser.call(
        "POST",
        "/goog/cdp/execute",
        Some(json!({"cmd": "Browser.setDownloadBehavior", "params": {"behavior": "allow", "downloadPath": downloads}})),
    );
    browser.click("a[href$='/interior.pdf']");
    let file = downloads.join("spring-puzzles-interior.pdf");
    let deadline = Instant::now() + Duration::from_secs(60);
    while !file.is_file() {
        assert!(
            Instant::now() < deadline,
            "no download in {}: {:?}",
            downloads.display(),
            std::fs::read_dir(&downloads).unwrap().collect::<Vec<_>>()
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let checked = ok(&["preflight", file.to_str().unwrap()]);
    assert!(checked.contains("no findings"), "{checked}");
    let books = ok(&["books", "--db", &place.arg()]);
    let ids: Vec<String> = kept.iter().map(i64::to_string).collect();
    assert!(books.contains("by ada") && books.contains(&format!("puzzles in order: {}", ids.join(" "))), "{books}");
    drop(browser);
    let _ = std::fs::remove_dir_all(&dir);
}
