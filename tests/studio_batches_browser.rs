//! The studio's batches in a real browser (tests/common/browser.rs): an
//! editor starts a batch from the page, watches its count climb without
//! reloading (the page's script), stops it, and the catalog says stopped;
//! a viewer sees no start form and no Stop button. Screenshots go to
//! `target/studio-e2e/batches-*.png`. Without chromium and chromedriver on
//! the PATH the test says so and passes.

mod common;

use common::browser::{Browser, browser, chromium_and_driver, start_studio};
use common::ok;
use common::studio::add_user;
use puzzlebook::store::scratch::{Scratch, every_backend};
use std::path::PathBuf;

#[test]
fn an_editor_starts_watches_and_stops_a_batch_and_a_viewer_sees_no_controls() {
    let Some((chromium, driver)) = chromium_and_driver() else { return };
    for place in every_backend("studio-batches-browser") {
        run_in_browser(&place, &chromium, &driver);
    }
}

fn log_in(browser: &Browser, base: &str, token: &str, who: &str) {
    browser.go(&format!("{base}/login"));
    browser.type_into("#token", token);
    browser.click("form.login button[type=submit]");
    browser.until(&format!("return location.pathname === '/' && document.body.innerText.includes('{who}')"));
}

fn run_in_browser(place: &Scratch, chromium: &PathBuf, driver: &PathBuf) {
    let backend = if place.is_postgres() { "postgres" } else { "sqlite" };
    ok(&["generate", "classic-9", "--count", "3", "--seed", "3", "--editor", "zoe", "--db", &place.arg()]);
    let (editor, viewer) = (add_user(place, "ada", "editor"), add_user(place, "vic", "viewer"));
    let (_studio, base) = start_studio(&place.arg());
    let profile = common::workdir("studio-batches-browser", &format!("profile-{backend}"));
    let (_driver, browser) = browser(chromium, driver, &profile);

    log_in(&browser, &base, &editor, "ada (editor)");
    browser.click("header nav a[href='/batches']");
    browser.until("return location.pathname === '/batches'");
    // Fill the start form as a person would: open it, set the count, start.
    browser.click("details.startbatch summary");
    browser.script("document.querySelector('input[name=count]').value = ''; return true");
    browser.type_into("input[name=count]", "50000");
    browser.type_into("input[name=seed]", "100");
    browser.screenshot(&format!("batches-start-form-{backend}"));
    browser.click("form.startbatch button[type=submit]");
    browser.until("return location.search === '?started=2'");
    browser.until("return document.querySelector('p.made').innerText.includes('Batch 2 started')");

    // The count climbs on the page without a reload (the page's script):
    // a mark set on this page survives while the figure grows. Between
    // commits (a range is 10 s of work or more) what moves is the puzzles
    // made and not yet committed, shown beside the committed ones.
    browser.script("window.notReloaded = true; return true");
    browser.until("return Number(document.querySelector('tr[data-batch=\"2\"] .held').innerText) > 0");
    let made = "Number(document.querySelector('tr[data-batch=\"2\"] .held').innerText) \
                + Number(document.querySelector('tr[data-batch=\"2\"] .in-flight').innerText)";
    let first = browser.script(&format!("return {made}")).as_u64().unwrap();
    browser.until(&format!("return window.notReloaded === true && {made} > {first}"));
    browser.until("return document.querySelector('tr[data-batch=\"2\"] .workers').innerText.includes('process')");
    browser.screenshot(&format!("batches-running-{backend}"));

    // Stop it: the page says so and the row reads stopped, no Stop button.
    browser.click("tr[data-batch=\"2\"] td.stop button");
    browser.until("return location.search === '?stopped=2'");
    browser.until("return document.querySelector('tr[data-batch=\"2\"] .state').innerText === 'stopped'");
    browser.until("return document.querySelector('tr[data-batch=\"2\"] td.stop form') === null");
    browser.until("return document.querySelector('tr[data-batch=\"2\"] .workers').innerText === 'none'");
    browser.screenshot(&format!("batches-stopped-{backend}"));
    // At tablet width the table still fits (less needed columns hidden).
    browser.call("POST", "/window/rect", Some(serde_json::json!({"width": 800, "height": 1000})));
    browser.until("return document.documentElement.scrollWidth <= window.innerWidth");
    browser.screenshot(&format!("batches-tablet-{backend}"));
    browser.call("POST", "/window/rect", Some(serde_json::json!({"width": 1280, "height": 800})));
    let list = ok(&["generate", "--list", "--db", &place.arg()]);
    let line = list.lines().find(|l| l.trim_start().starts_with("2 ")).expect(&list);
    assert!(line.contains("stopped") && line.contains("ada"), "the catalog says stopped: {list}");

    // A viewer reads the same page without the controls.
    browser.click("header form[action='/logout'] button");
    browser.until("return location.pathname === '/login'");
    log_in(&browser, &base, &viewer, "vic (viewer)");
    browser.go(&format!("{base}/batches"));
    browser.until("return document.querySelector('tr[data-batch=\"2\"]') !== null");
    let controls = browser.script("return document.querySelectorAll('form.startbatch, td.stop form, form[action^=\"/batches\"]').length");
    assert_eq!(controls.as_u64(), Some(0), "a viewer sees no start form and no Stop button");
    browser.screenshot(&format!("batches-viewer-{backend}"));
    let _ = std::fs::remove_dir_all(&profile);
}
