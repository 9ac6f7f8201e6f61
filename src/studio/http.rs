//! The little HTTP the studio needs on top of tiny_http: a request read
//! whole (body bounded), query and form fields, cookies, the cross-site
//! check, and replies with the headers every page carries.

use percent_encoding::{NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};
use std::io::Read;

/// The largest request body the studio reads (a login, a form).
pub const MAX_BODY: usize = 16 * 1024;

/// A request as the handlers see it.
#[derive(Debug)]
pub struct Request {
    pub method: String,
    /// The path, still percent-encoded, without the query.
    pub path: String,
    pub query: Vec<(String, String)>,
    pub headers: Vec<(String, String)>,
    /// Form fields of a POST body (`application/x-www-form-urlencoded`).
    pub form: Vec<(String, String)>,
}

/// Why a request was not read.
#[derive(Debug, PartialEq)]
pub enum Refused {
    TooLarge,
    Unreadable,
}

impl Request {
    /// Reads `raw` whole; a body over [`MAX_BODY`] is refused before or
    /// while reading it, never held.
    pub fn read(raw: &mut tiny_http::Request) -> Result<Request, Refused> {
        let method = raw.method().as_str().to_ascii_uppercase();
        let url = raw.url().to_string();
        let (path, query) = url.split_once('?').unwrap_or((&url, ""));
        let headers: Vec<(String, String)> =
            raw.headers().iter().map(|h| (h.field.as_str().as_str().to_ascii_lowercase(), h.value.as_str().to_string())).collect();
        if raw.body_length().is_some_and(|n| n > MAX_BODY) {
            return Err(Refused::TooLarge);
        }
        let mut body = Vec::new();
        raw.as_reader().take(MAX_BODY as u64 + 1).read_to_end(&mut body).map_err(|_| Refused::Unreadable)?;
        if body.len() > MAX_BODY {
            return Err(Refused::TooLarge);
        }
        let form = if method == "POST" { fields(&String::from_utf8_lossy(&body)) } else { Vec::new() };
        Ok(Request { method, path: path.to_string(), query: fields(query), headers, form })
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// A query field, None when missing or blank.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query.iter().find(|(n, _)| n == name).map(|(_, v)| v.trim()).filter(|v| !v.is_empty())
    }

    /// A form field, None when missing.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.form.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    pub fn cookie(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .filter(|(n, _)| n == "cookie")
            .flat_map(|(_, v)| v.split(';'))
            .filter_map(|c| c.trim().split_once('='))
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
    }

    /// Whether a browser sent this from another site: `Sec-Fetch-Site`
    /// other than same-origin or none (typed, bookmarked), or an `Origin`
    /// that is not this server's. (A client that sends neither is not a
    /// browser acting for another site.)
    pub fn cross_site(&self) -> bool {
        if let Some(site) = self.header("sec-fetch-site")
            && !matches!(site, "same-origin" | "none")
        {
            return true;
        }
        match (self.header("origin"), self.header("host")) {
            (Some(origin), Some(host)) => origin != format!("http://{host}"),
            (Some(_), None) => true,
            (None, _) => false,
        }
    }
}

/// `a=1&b=x+y` as decoded pairs.
pub fn fields(text: &str) -> Vec<(String, String)> {
    text.split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(name), decode(value))
        })
        .collect()
}

fn decode(text: &str) -> String {
    percent_decode_str(&text.replace('+', " ")).decode_utf8_lossy().into_owned()
}

/// Text made safe for a query value.
pub fn encode(text: &str) -> String {
    utf8_percent_encode(text, NON_ALPHANUMERIC).to_string()
}

/// A query string from pairs (blank values left out).
pub fn query(pairs: &[(&str, String)]) -> String {
    let parts: Vec<String> = pairs.iter().filter(|(_, v)| !v.is_empty()).map(|(n, v)| format!("{n}={}", encode(v))).collect();
    if parts.is_empty() { String::new() } else { format!("?{}", parts.join("&")) }
}

/// A reply: status, type, body and extra headers.
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    pub headers: Vec<(&'static str, String)>,
}

impl Reply {
    pub fn html(status: u16, body: String) -> Reply {
        Reply { status, content_type: "text/html; charset=utf-8", body: body.into_bytes(), headers: Vec::new() }
    }

    pub fn svg(body: Vec<u8>) -> Reply {
        Reply { status: 200, content_type: "image/svg+xml", body, headers: vec![("Cache-Control", "private, max-age=300".into())] }
    }

    pub fn redirect(to: &str) -> Reply {
        Reply { status: 303, content_type: "text/plain; charset=utf-8", body: Vec::new(), headers: vec![("Location", to.to_string())] }
    }

    pub fn with_header(mut self, name: &'static str, value: String) -> Reply {
        self.headers.push((name, value));
        self
    }

    /// As tiny_http sends it, with the headers every reply carries: no
    /// sniffing, no framing, no referrer abroad, and a policy that lets a
    /// page load only the studio's own files.
    pub fn into_response(self) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
        let policy = if self.content_type == "image/svg+xml" {
            "default-src 'none'; style-src 'unsafe-inline'"
        } else {
            "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        };
        let mut response = tiny_http::Response::from_data(self.body).with_status_code(self.status);
        let mut add = |name: &str, value: &str| {
            if let Ok(h) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
                response.add_header(h);
            }
        };
        add("Content-Type", self.content_type);
        add("X-Content-Type-Options", "nosniff");
        add("X-Frame-Options", "DENY");
        add("Referrer-Policy", "same-origin");
        add("Content-Security-Policy", policy);
        for (name, value) in &self.headers {
            add(name, value);
        }
        response
    }
}

/// A path segment that is a catalog id: ASCII digits only, at most 18 of
/// them (anything else, `..%2f` included, is no id).
pub fn id(segment: &str) -> Option<i64> {
    if segment.is_empty() || segment.len() > 18 || !segment.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    segment.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_digits_make_an_id() {
        assert_eq!(id("12"), Some(12));
        for bad in ["", "-1", "1e3", "..%2f", "%2e%2e", "12.svg", "/etc/passwd", "1234567890123456789", " 1"] {
            assert_eq!(id(bad), None, "{bad}");
        }
    }

    #[test]
    fn fields_decode_plus_and_percent() {
        assert_eq!(fields("a=x+y&b=%27%20OR&c"), vec![("a".into(), "x y".into()), ("b".into(), "' OR".into()), ("c".into(), "".into())]);
        assert_eq!(query(&[("a", "x y".into()), ("b", String::new())]), "?a=x%20y");
    }
}
