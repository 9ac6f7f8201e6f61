//! A real browser for the studio's end-to-end tests: Debian's Chromium
//! driven through WebDriver (chromedriver, package `chromium-driver`) by a
//! few lines of JSON over HTTP, and the studio started on a free port.
//! Screenshots go to `target/studio-e2e/`.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Chromium and chromedriver from the PATH; None (after a note) when
/// either is missing, unless `PUZZLEBOOK_REQUIRE_CHROMIUM` is set (`.ci/run`
/// sets it: there a missing browser fails the test).
pub fn chromium_and_driver() -> Option<(PathBuf, PathBuf)> {
    match (on_path("chromium"), on_path("chromedriver")) {
        (Some(chromium), Some(driver)) => Some((chromium, driver)),
        _ => {
            assert!(
                std::env::var_os("PUZZLEBOOK_REQUIRE_CHROMIUM").is_none(),
                "PUZZLEBOOK_REQUIRE_CHROMIUM is set but chromium or chromedriver is not on the PATH"
            );
            eprintln!(
                "note: chromium or chromedriver is not on the PATH: the studio's browser test is skipped (apt-get install chromium chromium-driver)"
            );
            None
        }
    }
}

/// A child process stopped when dropped.
pub struct Running(pub Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn on_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| std::env::split_paths(&paths).map(|d| d.join(name)).find(|p| p.is_file()))
}

/// One HTTP exchange with a JSON body; the reply's JSON.
pub fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> Value {
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
pub struct Browser {
    pub addr: String,
    pub session: String,
}

impl Browser {
    pub fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let reply = http(&self.addr, method, &format!("/session/{}{path}", self.session), body.as_ref());
        let value = reply["value"].clone();
        if let Some(error) = value.get("error") {
            panic!("{method} {path}: {error}: {}", value["message"]);
        }
        value
    }

    pub fn go(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    pub fn url(&self) -> String {
        self.call("GET", "/url", None).as_str().unwrap().to_string()
    }

    /// The element a CSS selector finds, waiting up to 10 s for it.
    pub fn find(&self, css: &str) -> String {
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

    pub fn click(&self, css: &str) {
        let id = self.find(css);
        self.call("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    pub fn type_into(&self, css: &str, text: &str) {
        let id = self.find(css);
        self.call("POST", &format!("/element/{id}/value"), Some(json!({ "text": text })));
    }

    pub fn script(&self, js: &str) -> Value {
        self.call("POST", "/execute/sync", Some(json!({ "script": js, "args": [] })))
    }

    /// Waits up to 10 s for `js` to be true.
    pub fn until(&self, js: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.script(js) != Value::Bool(true) {
            assert!(Instant::now() < deadline, "never true at {}: {js}", self.url());
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// The window's size in CSS pixels (1280×800 when it starts).
    pub fn resize(&self, width: u32, height: u32) {
        self.call("POST", "/window/rect", Some(json!({ "width": width, "height": height })));
    }

    /// Keys pressed and released in turn on the focused element (WebDriver
    /// key codes: "\u{E004}" Tab, "\u{E007}" Enter).
    pub fn keys(&self, keys: &str) {
        let mut actions = Vec::new();
        for k in keys.chars() {
            actions.push(json!({"type": "keyDown", "value": k.to_string()}));
            actions.push(json!({"type": "keyUp", "value": k.to_string()}));
        }
        self.call("POST", "/actions", Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})));
        self.call("DELETE", "/actions", None);
    }

    pub fn screenshot(&self, name: &str) {
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

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// chromedriver on a free port, and a headless Chromium session on it.
pub fn browser(chromium: &PathBuf, driver: &PathBuf, profile: &std::path::Path) -> (Running, Browser) {
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

pub fn start_studio(db: &str) -> (Running, String) {
    start_studio_with(db, &[])
}

/// The studio on `db` with `more` arguments (e.g. `--out DIR`); its address.
pub fn start_studio_with(db: &str, more: &[&std::ffi::OsStr]) -> (Running, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlebook"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["studio", "--db", db, "--listen", "127.0.0.1:0"])
        .args(more)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.strip_prefix("studio: ").and_then(|l| l.split_whitespace().next()).unwrap_or_else(|| panic!("{line}")).to_string();
    (Running(child), url.trim_end_matches('/').to_string())
}
