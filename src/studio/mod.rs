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
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::net::{SocketAddr, ToSocketAddrs};
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::{Duration, Instant};

/// The session cookie's name.
pub const COOKIE: &str = "pb_session";
/// How long a login lasts.
const SESSION_LIFE: Duration = Duration::from_secs(12 * 3600);
/// Puzzles per catalog page.
pub const PAGE_ROWS: usize = 50;
/// How often the catalog page's filter choices are read again (by a
/// thread of their own, never while a request waits).
const CHOICES_EVERY: Duration = Duration::from_secs(60);
/// Grades, hints and pictures kept (each: the latest this many puzzles).
const KEPT: usize = 2048;

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

/// A picture kept: its puzzle, which picture, and the step (for a step's).
type PictureKey = (i64, String, Option<usize>);

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
    grades: Mutex<Recent<i64, Arc<Result<GradeReport, String>>>>,
    hints: Mutex<Recent<i64, Arc<Option<crate::book::hints::Hint>>>>,
    /// Pictures drawn: by puzzle, picture and step.
    pictures: Mutex<Recent<PictureKey, Arc<Vec<u8>>>>,
    /// The catalog page's filter choices (read again every [`CHOICES_EVERY`]).
    choices: Mutex<Option<Arc<Choices>>>,
    /// CPU-heavy work (grading a puzzle, its hint, drawing pictures and
    /// thumbnails) runs through this gate, a few at a time, so that
    /// catalog pages, which are quick, never wait behind a crowd of them.
    pub(crate) heavy: Gate,
    /// Book builds, queued apart from the threads serving pages.
    builds: Arc<drafts::Builds>,
}

impl Studio {
    /// Opens the catalog (it must exist), checks who may reach the address
    /// and binds it. Listening beyond loopback is refused while the
    /// catalog has no user: anyone who could reach it would be admin.
    pub fn bind(options: Options) -> Result<Studio> {
        let catalog = crate::cli::open_existing_catalog(&options.db)?;
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
            grades: Mutex::new(Recent::new(KEPT)),
            hints: Mutex::new(Recent::new(KEPT)),
            pictures: Mutex::new(Recent::new(KEPT)),
            choices: Mutex::new(None),
            heavy: Gate::new(heavy_slots()),
            builds: drafts::Builds::start(options.db.clone(), options.out.clone()),
        };
        let state = Arc::new(state);
        refresh_choices_every(Arc::downgrade(&state), CHOICES_EVERY);
        Ok(Studio { server: Arc::new(server), state, workers: options.workers.max(1), addr })
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

    /// The catalog page's filter choices as last read: read here only the
    /// first time (and after a failed read); a thread of their own reads
    /// them again every [`CHOICES_EVERY`].
    fn choices(&self, catalog: &Catalog) -> Result<Arc<Choices>> {
        if let Some(choices) = self.choices.lock().ok().and_then(|c| c.clone()) {
            return Ok(choices);
        }
        let choices = Arc::new(catalog.browse_choices()?);
        if let Ok(mut c) = self.choices.lock() {
            *c = Some(choices.clone());
        }
        Ok(choices)
    }

    /// A puzzle's grade with its steps, computed once per puzzle (the
    /// latest [`KEPT`] kept), through the heavy-work gate.
    fn grade(&self, id: i64, family: &dyn Family, givens: &str) -> Arc<Result<GradeReport, String>> {
        if let Some(g) = self.grades.lock().ok().and_then(|m| m.get(&id)) {
            return g;
        }
        let graded = Arc::new(self.heavy.run(|| family.grade(givens).map_err(|e| format!("{e:#}"))));
        if let Ok(mut m) = self.grades.lock() {
            m.put(id, graded.clone());
        }
        graded
    }

    /// A puzzle's hint (the book's), computed once per puzzle, as its grade.
    fn hint(&self, id: i64, family: &dyn Family, givens: &str) -> Arc<Option<crate::book::hints::Hint>> {
        if let Some(h) = self.hints.lock().ok().and_then(|m| m.get(&id)) {
            return h;
        }
        let hint = Arc::new(self.heavy.run(|| family.hint(givens, &crate::lang::english())));
        if let Ok(mut m) = self.hints.lock() {
            m.put(id, hint.clone());
        }
        hint
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
        let hint = self.hint(id, &*family, &p.givens);
        Ok(pages::puzzle(&p, &books, &*family, &grade, hint.as_ref().as_ref(), request, who, &drafts))
    }

    /// `picture.svg`, `solution.svg`, `qr.svg` or a step's picture.
    fn picture(&self, id: i64, what: &str, step: Option<usize>) -> Result<Reply> {
        let key = (id, what.to_string(), step);
        if let Some(svg) = self.pictures.lock().ok().and_then(|m| m.get(&key)) {
            return Ok(Reply::svg(svg.to_vec()));
        }
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
        let svg = self.heavy.run(|| crate::art::encode(&figure, crate::art::ArtFormat::Svg, &options, &self.fonts, &title, ""))?;
        if let Ok(mut m) = self.pictures.lock() {
            m.put(key, Arc::new(svg.clone()));
        }
        Ok(Reply::svg(svg))
    }
}

/// Reads the catalog page's filter choices again every `every`, on a
/// thread of its own (a request never waits for it), for as long as the
/// studio lives. A failed read keeps the choices read before.
fn refresh_choices_every(state: Weak<State>, every: Duration) {
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(every);
            let Some(state) = state.upgrade() else { return };
            if let Ok(choices) = state.with(|c| c.browse_choices())
                && let Ok(mut c) = state.choices.lock()
            {
                *c = Some(Arc::new(choices));
            }
        }
    });
}

/// Lowers the calling thread's scheduling priority (nice 10; Linux sets
/// it per thread). Elsewhere it does nothing.
pub(crate) fn lower_this_threads_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: plain system calls on this thread's own id; no memory is shared.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, 10);
    }
}

/// How much heavy work runs at once: one less than the cores (at least
/// one), so a core is left for the catalog pages.
fn heavy_slots() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).saturating_sub(1).max(1)
}

/// A counting semaphore: at most its number of holders at once; the rest wait.
pub(crate) struct Gate {
    free: Mutex<usize>,
    opened: Condvar,
}

impl Gate {
    pub(crate) fn new(slots: usize) -> Gate {
        Gate { free: Mutex::new(slots.max(1)), opened: Condvar::new() }
    }

    /// Runs `f` once a slot is free (the slot is given back even if `f` panics).
    pub(crate) fn run<T>(&self, f: impl FnOnce() -> T) -> T {
        struct Held<'a>(&'a Gate);
        impl Drop for Held<'_> {
            fn drop(&mut self) {
                if let Ok(mut free) = self.0.free.lock() {
                    *free += 1;
                }
                self.0.opened.notify_one();
            }
        }
        let held = match self.free.lock() {
            Ok(free) => match self.opened.wait_while(free, |f| *f == 0) {
                Ok(mut free) => {
                    *free -= 1;
                    Some(Held(self))
                }
                Err(_) => None,
            },
            // A poisoned gate lets the work through rather than fail it.
            Err(_) => None,
        };
        let result = f();
        drop(held);
        result
    }
}

/// A map keeping its latest `cap` entries (the oldest put goes first).
pub(crate) struct Recent<K, V> {
    cap: usize,
    map: HashMap<K, V>,
    order: VecDeque<K>,
}

impl<K: Hash + Eq + Clone, V: Clone> Recent<K, V> {
    pub(crate) fn new(cap: usize) -> Recent<K, V> {
        Recent { cap: cap.max(1), map: HashMap::new(), order: VecDeque::new() }
    }

    pub(crate) fn get(&self, key: &K) -> Option<V> {
        self.map.get(key).cloned()
    }

    pub(crate) fn put(&mut self, key: K, value: V) {
        if self.map.insert(key.clone(), value).is_none() {
            self.order.push_back(key);
            while self.order.len() > self.cap {
                if let Some(old) = self.order.pop_front() {
                    self.map.remove(&old);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn the_gate_lets_only_its_number_through_at_once() {
        let gate = Arc::new(Gate::new(2));
        let (inside, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (gate, inside, most) = (gate.clone(), inside.clone(), most.clone());
                std::thread::spawn(move || {
                    gate.run(|| {
                        let now = inside.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(20));
                        inside.fetch_sub(1, Ordering::SeqCst);
                    })
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let most = most.load(Ordering::SeqCst);
        assert!((1..=2).contains(&most), "{most} at once");
        // A panic inside gives its slot back.
        let g = gate.clone();
        assert!(std::thread::spawn(move || g.run(|| panic!("inside"))).join().is_err());
        assert_eq!(gate.run(|| gate.run(|| 7)), 7, "both slots are free again");
    }

    #[test]
    fn recent_keeps_the_latest_entries() {
        let mut r = Recent::new(3);
        for i in 0..5 {
            r.put(i, i * 10);
        }
        r.put(4, 41);
        assert_eq!((0..5).map(|i| r.get(&i)).collect::<Vec<_>>(), [None, None, Some(20), Some(30), Some(41)]);
    }
}
