//! The studio in a real browser (tests/common/browser.rs): logs in,
//! filters the catalog, opens a puzzle, sees its picture load, steps into
//! its solving path by keyboard, sees a step's struck candidates, and
//! checks that nothing spills sideways at 1280×800 and at tablet width
//! (768×1024); screenshots of both go to `target/studio-e2e/`. Without
//! chromium and chromedriver on the PATH the test says so and passes
//! (install: `apt-get install chromium chromium-driver`).

mod common;

use common::browser::{browser, chromium_and_driver, start_studio};
use common::ok;
use common::studio::add_user;
use puzzlebook::store::scratch::{Scratch, every_backend};
use std::path::PathBuf;

/// Every thumbnail in the window has loaded (the rest load as they scroll into view).
const THUMBNAILS_IN_VIEW: &str = "return [...document.querySelectorAll('td.pic img')].filter(i => i.getBoundingClientRect().top < innerHeight).every(i => i.complete && i.naturalWidth > 0)";

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
    ok(&["generate", "classic-9", "--count", "1", "--difficulty", "hard", "--seed", "4", "--db", &place.arg()]);
    let token = add_user(place, "ada", "editor");
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
    browser.until(THUMBNAILS_IN_VIEW);
    browser.screenshot(&format!("catalog-{backend}"));

    // Filter: easy puzzles only.
    browser.click("select[name=level] option[value=easy]");
    browser.click("form.filters button[type=submit]");
    browser.until("return location.search.includes('level=easy')");
    let levels = browser.script("return [...document.querySelectorAll('tr[data-id]')].map(r => r.dataset.level)");
    let levels: Vec<&str> = levels.as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert!(!levels.is_empty() && levels.iter().all(|l| *l == "easy"), "{levels:?}");

    // Open the first puzzle: its picture loads; the book's hint is there.
    browser.click("tr[data-id] td.num a");
    browser.until("return location.pathname.startsWith('/puzzle/')");
    browser.until("const i = document.querySelector('img.grid'); return i.complete && i.naturalWidth > 0");
    browser.until("return document.querySelector('#hint h2').innerText.includes('hint')");
    browser.screenshot(&format!("puzzle-{backend}"));
    // By keyboard: every control takes the focus visibly, and Enter on
    // "Next step" steps into the solving path.
    browser.script("document.activeElement && document.activeElement.blur(); return true");
    browser.keys("\u{E004}");
    browser.until(
        "const a = document.activeElement; return a && a.tagName === 'A' && getComputedStyle(a).outlineStyle !== 'none' && parseFloat(getComputedStyle(a).outlineWidth) >= 2",
    );
    browser.script("document.querySelector('#path a[rel=next]').focus(); return true");
    browser.keys("\u{E007}");
    browser.until("return location.search === '?step=1'");
    browser.until(
        "const i = document.querySelector('#path img.grid'); return i.src.endsWith('/step/1.svg') && i.complete && i.naturalWidth > 0",
    );
    browser.until("return document.querySelector('figcaption.step').innerText.startsWith('Step 1 of')");
    // The step's picture is drawn large enough to read its pencil marks.
    browser.until("return document.querySelector('#path img.grid').getBoundingClientRect().width >= 440");
    browser.until("return document.querySelector('dl.stepwords').innerText.includes('Uses')");
    browser.screenshot(&format!("puzzle-step-{backend}"));
    // A step that strikes candidates (the hardest puzzle has some): said
    // in words, crossed out on the grid.
    browser.go(&format!("{base}/?sort=hardest"));
    browser.click("tr[data-id] td.num a");
    browser.until("return location.pathname.startsWith('/puzzle/')");
    browser.click("ol.steps li a[href*='step='][data-strikes]");
    browser.until("return document.querySelector('dl.stepwords') && document.querySelector('dl.stepwords').innerText.includes('Strikes')");
    browser.until("const i = document.querySelector('#path img.grid'); return i.complete && i.naturalWidth > 0");
    browser.script("document.querySelector('#path').scrollIntoView(); return true");
    browser.screenshot(&format!("puzzle-strikes-{backend}"));
    // Nothing spills sideways at 1280×800 or at tablet width.
    let fits = "return document.documentElement.scrollWidth <= window.innerWidth + 1";
    browser.until(fits);
    browser.resize(768, 1024);
    browser.until(fits);
    browser.until("return document.querySelector('#path img.grid').getBoundingClientRect().width >= 500");
    browser.screenshot(&format!("puzzle-strikes-tablet-{backend}"));
    browser.go(&format!("{base}/?level=easy"));
    browser.until(THUMBNAILS_IN_VIEW);
    browser.until(fits);
    browser.screenshot(&format!("catalog-tablet-{backend}"));
    // An error is said in words, with a way back.
    browser.go(&format!("{base}/puzzle/999999"));
    browser.until("return document.querySelector('p.error').innerText.includes('nothing at this address') && !!document.querySelector('main a[href=\"/\"]')");
    browser.go(&format!("{base}/?se_min=abc"));
    browser.until("return document.querySelector('p.error').innerText.includes('is not a number')");
    browser.resize(1280, 800);
    let _ = std::fs::remove_dir_all(&profile);
}
