//! The studio over HTTP for the integration tests: the binary serving a
//! catalog on 127.0.0.1 (any free port), a minimal client that speaks to
//! it as a browser's form would, and the catalog and users a test starts
//! from.

use super::ok;
use puzzlebook::store::scratch::Scratch;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A running `puzzlebook studio`, stopped when dropped; spoken to
/// through its [`Client`].
pub struct Studio {
    pub child: Child,
    pub client: Client,
}

impl std::ops::Deref for Studio {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.client
    }
}

/// The studio at `addr` (host:port), spoken to one request a connection.
pub struct Client {
    pub addr: String,
}

impl Drop for Studio {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The studio on `db` (2 workers, a free loopback port).
pub fn start(db: &str) -> Studio {
    start_with(db, |_| {})
}

/// The studio on `db`, its command changed first by `more` (more
/// arguments, an environment variable).
pub fn start_with(db: &str, more: impl FnOnce(&mut Command)) -> Studio {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["studio", "--db", db, "--listen", "127.0.0.1:0", "--workers", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    more(&mut command);
    let mut child = command.spawn().expect("binary runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let Some(addr) = line.strip_prefix("studio: http://").and_then(|l| l.split('/').next()).map(str::to_string) else {
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        panic!("the studio did not start: {line}{err}");
    };
    Studio { child, client: Client { addr } }
}

pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

impl Client {
    /// One request on its own connection; `headers` as given (Host added).
    pub fn send(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        // A studio that waits for a body it should have refused fails the test, not hangs it.
        stream.set_read_timeout(Some(std::time::Duration::from_secs(20))).unwrap();
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n", self.addr);
        for (n, v) in headers {
            head.push_str(&format!("{n}: {v}\r\n"));
        }
        if !headers.iter().any(|(n, _)| n.eq_ignore_ascii_case("content-length")) && (method == "POST" || !body.is_empty()) {
            head.push_str(&format!("Content-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        let _ = stream.write_all(body);
        let mut raw = Vec::new();
        if let Err(e) = stream.read_to_end(&mut raw) {
            panic!("{method} {path}: no whole reply: {e}");
        }
        let Some(at) = raw.windows(4).position(|w| w == b"\r\n\r\n") else {
            panic!("{method} {path}: no reply: {:?}", String::from_utf8_lossy(&raw))
        };
        let head = String::from_utf8_lossy(&raw[..at]).into_owned();
        let body = &raw[at + 4..];
        let mut lines = head.lines();
        let status = lines.next().unwrap().split_whitespace().nth(1).unwrap().parse().unwrap();
        let headers: Vec<(String, String)> =
            lines.filter_map(|l| l.split_once(':')).map(|(n, v)| (n.trim().to_string(), v.trim().to_string())).collect();
        let chunked = headers.iter().any(|(n, v)| n.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked"));
        let body = String::from_utf8_lossy(&if chunked { unchunk(body) } else { body.to_vec() }).into_owned();
        Reply { status, headers, body }
    }

    pub fn get(&self, path: &str, cookie: Option<&str>) -> Reply {
        match cookie {
            Some(c) => self.send("GET", path, &[("Cookie", c)], b""),
            None => self.send("GET", path, &[], b""),
        }
    }

    /// A form sent as the studio's own page sends it.
    pub fn post(&self, path: &str, form: &str, cookie: Option<&str>) -> Reply {
        let origin = format!("http://{}", self.addr);
        let mut headers =
            vec![("Origin", origin.as_str()), ("Sec-Fetch-Site", "same-origin"), ("Content-Type", "application/x-www-form-urlencoded")];
        if let Some(c) = cookie {
            headers.push(("Cookie", c));
        }
        self.send("POST", path, &headers, form.as_bytes())
    }

    /// Logs in with `token`; the session cookie (`name=value`).
    pub fn login(&self, token: &str) -> String {
        let reply = self.post("/login", &format!("token={token}"), None);
        assert_eq!(reply.status, 303, "{}", reply.body);
        let cookie = reply.header("Set-Cookie").expect("a session cookie").to_string();
        cookie.split(';').next().unwrap().to_string()
    }
}

/// A chunked body (`Transfer-Encoding: chunked`, as a large reply comes)
/// put back together.
fn unchunk(mut rest: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    while let Some(end) = rest.windows(2).position(|w| w == b"\r\n") {
        let size = String::from_utf8_lossy(&rest[..end]);
        let Ok(n) = usize::from_str_radix(size.split(';').next().unwrap_or("").trim(), 16) else { break };
        let after = &rest[end + 2..];
        if n == 0 || after.len() < n {
            break;
        }
        body.extend_from_slice(&after[..n]);
        rest = after[n..].strip_prefix(b"\r\n").unwrap_or(&after[n..]);
    }
    body
}

/// A catalog of `count` classic puzzles on `place`.
pub fn catalog(place: &Scratch, count: usize) {
    ok(&["generate", "classic-9", "--count", &count.to_string(), "--seed", "3", "--db", &place.arg()]);
}

/// `studio user add`'s token.
pub fn add_user(place: &Scratch, name: &str, role: &str) -> String {
    let out = ok(&["studio", "user", "add", name, "--role", role, "--db", &place.arg()]);
    out.lines().find_map(|l| l.strip_prefix("token (shown this once; log in with it): ")).expect(&out).to_string()
}
