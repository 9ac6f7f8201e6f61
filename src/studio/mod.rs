//! The studio: a web app on the catalog, served by the binary itself
//! (`puzzlebook studio`). Server-rendered pages (maud: every value
//! escaped unless the code says otherwise), the project's own SVG art for
//! pictures, no file from anywhere but the binary.
//!
//! The server is synchronous (tiny_http, a few worker threads): the
//! catalog's drivers are synchronous (rusqlite, and the postgres crate,
//! which must not run inside an async runtime), so a thread per request in
//! flight is the plain way to serve them. Catalog connections are pooled.
//!
//! This module knows HTTP; the library below it does not.

mod batches;
mod drafts;
pub use drafts::HOLD_VAR;
pub mod http;
mod pages;

use crate::family::{Family, GradeReport};
use crate::pdf::fonts::Fonts;
use crate::store::browse::Choices;
use crate::store::{Catalog, DbTarget, Role, User, token_hash};
use anyhow::{Context, Result, bail};
use http::{Refused, Reply, Request};
use std::collections::HashMap;
use std::net::{SocketAddr, ToSocketAddrs};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The session cookie's name.
pub const COOKIE: &str = "pb_session";
/// How long a login lasts.
const SESSION_LIFE: Duration = Duration::from_secs(12 * 3600);
/// Puzzles per catalog page.
pub const PAGE_ROWS: usize = 50;

pub struct Options {
    pub db: DbTarget,
    /// host:port to listen on.
    pub listen: String,
    /// Requests served at once.
    pub workers: usize,
    /// Where built books are written (`--out`).
    pub out: std::path::PathBuf,
}

/// A bound, ready studio.
pub struct Studio {
    server: Arc<tiny_http::Server>,
    state: Arc<State>,
    workers: usize,
    pub addr: SocketAddr,
}

/// Who is asking.
#[derive(Clone, Debug)]
pub struct Who {
    /// None: a catalog without users, served on loopback only.
    pub user: Option<User>,
    pub role: Role,
}

struct Session {
    user_id: i64,
    expires: Instant,
}

pub(crate) struct State {
    target: DbTarget,
    pool: Mutex<Vec<Catalog>>,
    /// Connections kept: one a worker.
    pool_size: usize,
    sessions: Mutex<HashMap<String, Session>>,
    fonts: Fonts,
    families: Mutex<HashMap<String, Arc<dyn Family>>>,
    grades: Mutex<HashMap<i64, Arc<Result<GradeReport, String>>>>,
    /// The catalog page's filter choices, and when they were read.
    choices: Mutex<Option<(Instant, Arc<Choices>)>>,
    /// Book builds, queued apart from the threads serving pages.
    builds: Arc<drafts::Builds>,
}

impl Studio {
    /// Opens the catalog (it must exist), checks who may reach the address
    /// and binds it. Listening beyond loopback is refused while the
    /// catalog has no user: anyone who could reach it would be admin.
    pub fn bind(options: Options) -> Result<Studio> {
        let catalog = crate::family::open_existing_catalog(&options.db)?;
        let addrs: Vec<SocketAddr> = options
            .listen
            .to_socket_addrs()
            .with_context(|| format!("--listen {}: not an address to listen on (write e.g. 127.0.0.1:8080)", options.listen))?
            .collect();
        let Some(&addr) = addrs.first() else { bail!("--listen {}: the name gives no address", options.listen) };
        if !addrs.iter().all(|a| a.ip().is_loopback()) && catalog.user_count()? == 0 {
            bail!(
                "--listen {}: the studio listens beyond this machine only once the catalog has a user (anyone reaching it would be admin); make one first: `puzzlebook studio user add NAME --role admin --db {}`",
                options.listen,
                options.db
            );
        }
        let listener = std::net::TcpListener::bind(addr).with_context(|| format!("--listen {}: cannot listen there", options.listen))?;
        // Replies go out as two writes (tiny_http's head, then the body):
        // with Nagle's algorithm the body waits for the client's delayed
        // acknowledgement of the head, 40 ms on every kept-alive request.
        // Connections accepted from the listener inherit this.
        socket2::SockRef::from(&listener).set_tcp_nodelay(true).context("TCP_NODELAY on the studio's listener")?;
        let server = tiny_http::Server::from_listener(listener, None)
            .map_err(|e| anyhow::anyhow!("--listen {}: cannot listen there: {e}", options.listen))?;
        let addr = server.server_addr().to_ip().context("the server has no IP address")?;
        let state = State {
            target: options.db.clone(),
            pool: Mutex::new(vec![catalog]),
            pool_size: options.workers.max(1),
            sessions: Mutex::new(HashMap::new()),
            fonts: Fonts::unembedded()?,
            families: Mutex::new(HashMap::new()),
            grades: Mutex::new(HashMap::new()),
            choices: Mutex::new(None),
            builds: drafts::Builds::start(options.db.clone(), options.out.clone()),
        };
        Ok(Studio { server: Arc::new(server), state: Arc::new(state), workers: options.workers.max(1), addr })
    }

    /// Serves until the process ends.
    pub fn run(self) -> Result<()> {
        let threads: Vec<_> = (0..self.workers)
            .map(|_| {
                let (server, state) = (self.server.clone(), self.state.clone());
                std::thread::spawn(move || {
                    while let Ok(mut raw) = server.recv() {
                        let reply = match Request::read(&mut raw) {
                            Ok(request) => state.handle(&request),
                            Err(Refused::TooLarge) => {
                                pages::error(413, &format!("The request is larger than {} KiB.", http::MAX_BODY / 1024))
                            }
                            Err(Refused::Unreadable) => pages::error(400, "The request could not be read."),
                        };
                        let _ = raw.respond(reply.into_response());
                    }
                })
            })
            .collect();
        for t in threads {
            let _ = t.join();
        }
        Ok(())
    }
}

impl State {
    /// Runs `f` on a pooled catalog (opening one when none is free); a
    /// catalog whose work failed is not returned to the pool.
    fn with<T>(&self, f: impl FnOnce(&Catalog) -> Result<T>) -> Result<T> {
        let pooled = self.pool.lock().map_err(|_| anyhow::anyhow!("the catalog pool is poisoned"))?.pop();
        let catalog = match pooled {
            Some(c) => c,
            None => {
                let c = Catalog::open_existing(&self.target)?;
                // One connection a worker, each with a modest page cache
                // (a command's connection takes 64 MB for its writes).
                if c.conn.dialect() == crate::store::db::Dialect::Sqlite {
                    c.conn.batch("PRAGMA cache_size = -8192")?;
                }
                c
            }
        };
        let result = f(&catalog);
        // Kept for the next request: a connection opened per request costs
        // its opening checks and starts with a cold cache.
        if result.is_ok()
            && let Ok(mut pool) = self.pool.lock()
            && pool.len() < self.pool_size
        {
            pool.push(catalog);
        }
        result
    }

    /// The family of a stored layout, made once per layout text.
    fn family(&self, name: &str, source: &str) -> Result<Arc<dyn Family>> {
        let key = format!("{name}\n{}", crate::store::fingerprint(source));
        if let Some(f) = self.families.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return Ok(f);
        }
        let family: Arc<dyn Family> = Arc::from(crate::family::stored(name, source)?);
        if let Ok(mut m) = self.families.lock() {
            m.insert(key, family.clone());
        }
        Ok(family)
    }

    /// The catalog page's filter choices, read again after a minute (they
    /// scan the catalog).
    fn choices(&self, catalog: &Catalog) -> Result<Arc<Choices>> {
        if let Some((at, choices)) = self.choices.lock().ok().and_then(|c| c.clone())
            && at.elapsed() < Duration::from_secs(60)
        {
            return Ok(choices);
        }
        let choices = Arc::new(catalog.browse_choices()?);
        if let Ok(mut c) = self.choices.lock() {
            *c = Some((Instant::now(), choices.clone()));
        }
        Ok(choices)
    }

    /// A puzzle's grade with its steps, computed once per puzzle (the
    /// latest 256 kept).
    fn grade(&self, id: i64, family: &dyn Family, givens: &str) -> Arc<Result<GradeReport, String>> {
        if let Some(g) = self.grades.lock().ok().and_then(|m| m.get(&id).cloned()) {
            return g;
        }
        let graded = Arc::new(family.grade(givens).map_err(|e| format!("{e:#}")));
        if let Ok(mut m) = self.grades.lock() {
            if m.len() >= 256 {
                m.clear();
            }
            m.insert(id, graded.clone());
        }
        graded
    }

    /// Who sent the request: the session's user; everyone (as admin) while
    /// the catalog has no user (the studio then listens on loopback only);
    /// else None.
    fn who(&self, request: &Request) -> Result<Option<Who>> {
        let session = request.cookie(COOKIE).map(token_hash);
        self.with(|catalog| {
            if catalog.user_count()? == 0 {
                return Ok(Some(Who { user: None, role: Role::Admin }));
            }
            let Some(key) = session else { return Ok(None) };
            let user_id = {
                let mut sessions = self.sessions.lock().map_err(|_| anyhow::anyhow!("the sessions are poisoned"))?;
                match sessions.get(&key) {
                    Some(s) if s.expires > Instant::now() => Some(s.user_id),
                    Some(_) => {
                        sessions.remove(&key);
                        None
                    }
                    None => None,
                }
            };
            let Some(user_id) = user_id else { return Ok(None) };
            Ok(catalog.user(user_id)?.map(|u| Who { role: u.role, user: Some(u) }))
        })
    }

    /// A reply for every request: what failed is said in words on a page
    /// with a way back (a failing catalog, and even a bug that panics).
    fn handle(&self, request: &Request) -> Reply {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.route(request))) {
            Ok(Ok(reply)) => reply,
            Ok(Err(e)) => pages::error(500, &format!("The catalog could not answer: {e:#}")),
            Err(_) => pages::error(500, "The studio failed on this request (a bug: its console says where). Nothing else is affected."),
        }
    }

    fn route(&self, request: &Request) -> Result<Reply> {
        let segments: Vec<&str> = request.path.strip_prefix('/').unwrap_or(&request.path).split('/').collect();
        let post = request.method == "POST";
        if !post && request.method != "GET" && request.method != "HEAD" {
            return Ok(pages::error(405, "The studio answers GET and POST only."));
        }
        // Every change is a POST, and none comes from another site.
        if post && request.cross_site() {
            return Ok(pages::error(403, "Refused: this form was sent from another site."));
        }
        match (post, segments.as_slice()) {
            (false, ["static", "studio.css"]) => {
                return Ok(Reply {
                    status: 200,
                    content_type: "text/css; charset=utf-8",
                    body: pages::CSS.as_bytes().to_vec(),
                    headers: vec![],
                });
            }
            (false, ["static", "batches.js"]) => {
                return Ok(Reply {
                    status: 200,
                    content_type: "text/javascript; charset=utf-8",
                    body: batches::SCRIPT.as_bytes().to_vec(),
                    headers: vec![],
                });
            }
            (false, ["login"]) => return Ok(pages::login(None)),
            (true, ["login"]) => return self.login(request),
            (true, ["logout"]) => {
                if let Some(key) = request.cookie(COOKIE).map(token_hash)
                    && let Ok(mut s) = self.sessions.lock()
                {
                    s.remove(&key);
                }
                return Ok(
                    Reply::redirect("/login").with_header("Set-Cookie", format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"))
                );
            }
            _ => {}
        }
        let Some(who) = self.who(request)? else {
            return Ok(match segments.last().is_some_and(|s| s.ends_with(".svg")) {
                true => pages::error(401, "Log in to see this."),
                false => Reply::redirect("/login"),
            });
        };
        if let Some(reply) = drafts::route(self, post, &segments, request, &who) {
            return reply;
        }
        match (post, segments.as_slice()) {
            (false, [""]) => self.with(|c| pages::catalog(c, &*self.choices(c)?, request, &who)),
            (false, ["puzzle", id]) => match http::id(id) {
                Some(id) => self.puzzle_page(id, request, &who),
                None => Ok(pages::not_found()),
            },
            (false, ["puzzle", id, picture]) => match http::id(id) {
                Some(id) => self.picture(id, picture, None),
                None => Ok(pages::not_found()),
            },
            (false, ["puzzle", id, "step", step]) => match (http::id(id), step.strip_suffix(".svg").and_then(http::id)) {
                (Some(id), Some(step)) => self.picture(id, "step", Some(step as usize)),
                _ => Ok(pages::not_found()),
            },
            (_, ["batches", rest @ ..]) => self.batches_route(post, rest, request, &who),
            (false, ["users"]) | (true, ["users"]) if who.role < Role::Admin => Ok(pages::error(403, "Only an admin manages users.")),
            (false, ["users"]) => self.with(|c| Ok(pages::users(&c.users()?, &who, None))),
            (true, ["users"]) => self.add_user(request, &who),
            (true, _) => Ok(pages::not_found()),
            _ => Ok(pages::not_found()),
        }
    }

    fn login(&self, request: &Request) -> Result<Reply> {
        let token = request.field("token").unwrap_or("").trim().to_string();
        let user = if token.is_empty() { None } else { self.with(|c| c.user_by_token(&token))? };
        let Some(user) = user else {
            return Ok(pages::login(Some("That token belongs to no user. Ask an admin for yours (`puzzlebook studio user add`).")));
        };
        let session = crate::store::new_token();
        if let Ok(mut s) = self.sessions.lock() {
            let now = Instant::now();
            s.retain(|_, v| v.expires > now);
            s.insert(token_hash(&session), Session { user_id: user.id, expires: now + SESSION_LIFE });
        }
        Ok(Reply::redirect("/").with_header(
            "Set-Cookie",
            format!("{COOKIE}={session}; Path=/; HttpOnly; SameSite=Strict; Max-Age={}", SESSION_LIFE.as_secs()),
        ))
    }

    fn add_user(&self, request: &Request, who: &Who) -> Result<Reply> {
        let name = request.field("name").unwrap_or("");
        let role = request.field("role").unwrap_or("").parse::<Role>();
        self.with(|c| {
            let made = match role {
                Err(e) => Err(e),
                Ok(role) => c.add_user(name, role).map_err(|e| format!("{e:#}")),
            };
            let users = c.users()?;
            Ok(match made {
                Ok((user, token)) => pages::users(&users, who, Some(Ok((user, token)))),
                Err(e) => {
                    let mut reply = pages::users(&users, who, Some(Err(e)));
                    reply.status = 400;
                    reply
                }
            })
        })
    }

    fn puzzle_page(&self, id: i64, request: &Request, who: &Who) -> Result<Reply> {
        let found = self.with(|c| {
            let Some(p) = c.puzzle_if_any(id)? else { return Ok(None) };
            Ok(Some((c.books_of(id)?, p, drafts::own_drafts(c, who)?)))
        })?;
        let Some((books, p, drafts)) = found else { return Ok(pages::not_found()) };
        let family = self.family(&p.layout_file, &p.layout_source)?;
        let grade = self.grade(id, &*family, &p.givens);
        let hint = family.hint(&p.givens);
        Ok(pages::puzzle(&p, &books, &*family, &grade, hint.as_ref(), request, who, &drafts))
    }

    /// `picture.svg`, `solution.svg`, `qr.svg` or a step's picture.
    fn picture(&self, id: i64, what: &str, step: Option<usize>) -> Result<Reply> {
        let Some(p) = self.with(|c| c.puzzle_if_any(id))? else { return Ok(pages::not_found()) };
        let family = self.family(&p.layout_file, &p.layout_source)?;
        let options = crate::art::ArtOptions { width: 288.0, svg_text: crate::art::SvgText::Outlines, ..Default::default() };
        let figure = match (what, step) {
            ("picture.svg", None) => crate::art::figure(&*family, &p.givens, None, &options, &self.fonts),
            ("solution.svg", None) => crate::art::figure(&*family, &p.givens, Some(&p.solution), &options, &self.fonts),
            ("qr.svg", None) => {
                let Ok(link) = family.link(&p.givens) else { return Ok(pages::not_found()) };
                let mut recorder = crate::art::Recorder::new(&self.fonts);
                crate::pdf::qr::draw(&mut recorder, &link, 0.0, 0.0, 144.0)?;
                crate::art::Figure { width: 144.0, height: 144.0, items: recorder.items }
            }
            ("step", Some(n)) => {
                let grade = self.grade(id, &*family, &p.givens);
                let Ok(report) = grade.as_ref() else { return Ok(pages::not_found()) };
                if n == 0 || n > report.step_cells.len() {
                    return Ok(pages::not_found());
                }
                pages::step_figure(&*family, &p.givens, &report.step_cells, n, &options, &self.fonts)
            }
            _ => return Ok(pages::not_found()),
        };
        let title = format!("{} #{}", p.layout_name, p.id);
        Ok(Reply::svg(crate::art::encode(&figure, crate::art::ArtFormat::Svg, &options, &self.fonts, &title, "")?))
    }
}
