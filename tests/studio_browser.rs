//! The studio in a real browser: Debian's Chromium driven through
//! WebDriver (chromedriver, package `chromium-driver`) by a few lines of
//! JSON over HTTP. Logs in, filters the catalog, opens a puzzle, sees its
//! picture load and steps into its solving path; screenshots go to
//! `target/studio-e2e/`. Without chromium and chromedriver on the PATH the
//! test says so and passes (install: `apt-get install chromium chromium-driver`).

mod common;

use common::ok;
use puzzlebook::store::scratch::{Scratch, every_backend};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process stopped when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn on_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| std::env::split_paths(&paths).map(|d| d.join(name)).find(|p| p.is_file()))
}

/// One HTTP exchange with a JSON body; the reply's JSON.
fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> Value {
    let mut stream = TcpStream::connect(addr).unwrap_or_else(|e| panic!("{addr}: {e}"));
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    // Read the head, then as many bytes as it says (a driver may keep the
    // connection open whatever the request asked).
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        let n = reader.read_line(&mut line).unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        if n == 0 || line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    let length = head.lines().find_map(|l| {
        l.split_once(':').filter(|(n, _)| n.eq_ignore_ascii_case("content-length")).map(|(_, v)| v.trim().parse::<usize>().unwrap())
    });
    let body = match length {
        Some(n) => {
            let mut bytes = vec![0; n];
            reader.read_exact(&mut bytes).unwrap_or_else(|e| panic!("{method} {path}: {e}"));
            String::from_utf8_lossy(&bytes).into_owned()
        }
        None => {
            let mut rest = String::new();
            reader.read_to_string(&mut rest).unwrap_or_else(|e| panic!("{method} {path}: {e}"));
            rest
        }
    };
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{method} {path}: {e}: {head}\n{body}"))
}

/// A WebDriver session on chromedriver at `addr`.
struct Browser {
    addr: String,
    session: String,
}

impl Browser {
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let reply = http(&self.addr, method, &format!("/session/{}{path}", self.session), body.as_ref());
        let value = reply["value"].clone();
        if let Some(error) = value.get("error") {
            panic!("{method} {path}: {error}: {}", value["message"]);
        }
        value
    }

    fn go(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    fn url(&self) -> String {
        self.call("GET", "/url", None).as_str().unwrap().to_string()
    }

    /// The element a CSS selector finds, waiting up to 10 s for it.
    fn find(&self, css: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let reply = http(
                &self.addr,
                "POST",
                &format!("/session/{}/element", self.session),
                Some(&json!({"using": "css selector", "value": css})),
            );
            if let Some(Value::Object(found)) = reply.get("value")
                && !found.contains_key("error")
                && let Some(Value::String(id)) = found.values().next()
            {
                return id.clone();
            }
            assert!(Instant::now() < deadline, "no element {css} at {}", self.url());
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    fn click(&self, css: &str) {
        let id = self.find(css);
        self.call("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    fn type_into(&self, css: &str, text: &str) {
        let id = self.find(css);
        self.call("POST", &format!("/element/{id}/value"), Some(json!({ "text": text })));
    }

    fn script(&self, js: &str) -> Value {
        self.call("POST", "/execute/sync", Some(json!({ "script": js, "args": [] })))
    }

    /// Waits up to 10 s for `js` to be true.
    fn until(&self, js: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.script(js) != Value::Bool(true) {
            assert!(Instant::now() < deadline, "never true at {}: {js}", self.url());
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    fn screenshot(&self, name: &str) {
        use base64::Engine;
        let png = self.call("GET", "/screenshot", None);
        let bytes = base64::engine::general_purpose::STANDARD.decode(png.as_str().unwrap()).unwrap();
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/studio-e2e");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{name}.png")), bytes).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = std::panic::catch_unwind(|| http(&self.addr, "DELETE", &format!("/session/{}", self.session), None));
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// chromedriver on a free port, and a headless Chromium session on it.
fn browser(chromium: &PathBuf, driver: &PathBuf, profile: &std::path::Path) -> (Running, Browser) {
    let port = free_port();
    let child = Command::new(driver).arg(format!("--port={port}")).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let running = Running(child);
    let addr = format!("127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(&addr).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(100));
    }
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--window-size=1280,800",
        &format!("--user-data-dir={}", profile.display()),
    ];
    let caps =
        json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {"binary": chromium, "args": args}}}});
    let reply = http(&addr, "POST", "/session", Some(&caps));
    let session = reply["value"]["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {reply}")).to_string();
    (running, Browser { addr, session })
}

fn start_studio(db: &str) -> (Running, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlebook"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["studio", "--db", db, "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.strip_prefix("studio: ").and_then(|l| l.split_whitespace().next()).unwrap_or_else(|| panic!("{line}")).to_string();
    (Running(child), url.trim_end_matches('/').to_string())
}

#[test]
fn an_editor_logs_in_filters_opens_a_puzzle_and_steps_through_its_path() {
    let (Some(chromium), Some(driver)) = (on_path("chromium"), on_path("chromedriver")) else {
        // `.ci/run` installs both and sets this: there a missing browser fails.
        assert!(
            std::env::var_os("PUZZLEBOOK_REQUIRE_CHROMIUM").is_none(),
            "PUZZLEBOOK_REQUIRE_CHROMIUM is set but chromium or chromedriver is not on the PATH"
        );
        eprintln!(
            "note: chromium or chromedriver is not on the PATH: the studio's browser test is skipped (apt-get install chromium chromium-driver)"
        );
        return;
    };
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
