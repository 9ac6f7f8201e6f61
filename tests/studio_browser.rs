//! The studio in a real browser (tests/common/browser.rs): logs in,
//! filters the catalog, opens a puzzle, sees its picture load and steps
//! into its solving path; screenshots go to `target/studio-e2e/`. Without
//! chromium and chromedriver on the PATH the test says so and passes
//! (install: `apt-get install chromium chromium-driver`).

mod common;

use common::browser::{browser, chromium_and_driver, start_studio};
use common::ok;
use puzzlebook::store::scratch::{Scratch, every_backend};
use std::path::PathBuf;

#[test]
fn an_editor_logs_in_filters_opens_a_puzzle_and_steps_through_its_path() {
    let Some((chromium, driver)) = chromium_and_driver() else { return };
    for place in every_backend("studio-browser") {
        run_in_browser(&place, &chromium, &driver);
    }
}

fn run_in_browser(place: &Scratch, chromium: &PathBuf, driver: &PathBuf) {
    let backend = if place.is_postgres() { "postgres" } else { "sqlite" };
    ok(&["generate", "classic-9", "--count", "8", "--seed", "3", "--db", &place.arg()]);
    let out = ok(&["studio", "user", "add", "ada", "--role", "editor", "--db", &place.arg()]);
    let token = out.lines().find_map(|l| l.strip_prefix("token (shown this once; log in with it): ")).unwrap().to_string();
    let (_studio, base) = start_studio(&place.arg());
    let profile = common::workdir("studio-browser", &format!("profile-{backend}"));
    let (_driver, browser) = browser(chromium, driver, &profile);

    // Log in.
    browser.go(&format!("{base}/"));
    browser.until("return location.pathname === '/login'");
    browser.type_into("#token", &token);
    browser.click("form.login button[type=submit]");
    browser.until("return location.pathname === '/' && document.body.innerText.includes('ada (editor)')");
    // The first thumbnail's picture loads (the rest load as they scroll into view).
    browser.until("const i = document.querySelector('td.pic img'); return i.complete && i.naturalWidth > 0");
    browser.screenshot(&format!("catalog-{backend}"));

    // Filter: easy puzzles only.
    browser.click("select[name=level] option[value=easy]");
    browser.click("form.filters button[type=submit]");
    browser.until("return location.search.includes('level=easy')");
    let levels = browser.script("return [...document.querySelectorAll('tr[data-id]')].map(r => r.dataset.level)");
    let levels: Vec<&str> = levels.as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert!(!levels.is_empty() && levels.iter().all(|l| *l == "easy"), "{levels:?}");

    // Open the first puzzle: its picture loads.
    browser.click("tr[data-id] td.num a");
    browser.until("return location.pathname.startsWith('/puzzle/')");
    browser.until("const i = document.querySelector('img.grid'); return i.complete && i.naturalWidth > 0");
    // Step into the solving path: the step's picture loads, its words shown.
    browser.click("#path a[rel=next]");
    browser.until("return location.search === '?step=1'");
    browser.until(
        "const i = document.querySelector('#path img.grid'); return i.src.endsWith('/step/1.svg') && i.complete && i.naturalWidth > 0",
    );
    browser.until("return document.querySelector('figcaption.step').innerText.startsWith('Step 1 of')");
    browser.screenshot(&format!("puzzle-step-{backend}"));
    let _ = std::fs::remove_dir_all(&profile);
}
