//! Drafts on every backend (see `scratch`): reserving, expiry, renewal,
//! release, books made from a draft, and editors reserving at once.

use super::super::scratch::every_backend;
use super::super::{BookRow, CandidateFilter, Catalog};
use super::*;
use crate::layout::Layout;

/// `n` validated classic-4 puzzles of `level` (keys `{prefix}{i}`), as
/// `validate` leaves them; their ids, lowest first.
pub(crate) fn stock(catalog: &Catalog, prefix: &str, level: &str, n: usize) -> Vec<i64> {
    let layout = Layout::load("classic-4").unwrap();
    let layout_id = catalog.layout_id(&layout, "cells").unwrap();
    let mut ids = Vec::new();
    for i in 0..n {
        let id: i64 = catalog
            .conn
            .query_one(
                "INSERT INTO puzzles (layout_id, layout_name, givens, solution, canonical, clues, score, level, effort_nodes, seed,
                     generator_version, created_at)
                 VALUES ($1, 'classic-4', '1...', '1234', $2, 1, 10, $3, 1, $4, 'test', @now) RETURNING id",
                vals![layout_id, format!("{prefix}{i}"), level, i as i64],
            )
            .unwrap()
            .get(0)
            .unwrap();
        let row = catalog.puzzle(id).unwrap();
        catalog
            .conn
            .execute(
                "UPDATE puzzles SET validation = 'ok', validated_hash = $2 WHERE id = $1",
                vals![id, crate::validate::verdict_hash(&row, true)],
            )
            .unwrap();
        ids.push(id);
    }
    ids
}

fn take(layout: &str, level: &str, count: usize) -> Pick {
    Pick::Curate { layout: layout.into(), level: level.into(), count, rating: None }
}

fn reserve(catalog: &Catalog, draft: &str, editor: &str, picks: &[Pick]) -> Result<Reserved> {
    catalog.reserve(&ReserveRequest { draft, editor, seconds: 3600, picks })
}

/// The stock's candidates (no draft), as a book of `editor`'s without
/// `--draft` sees them.
fn free(catalog: &Catalog) -> Vec<i64> {
    let filter = CandidateFilter {
        layout: "classic-4",
        level: "easy",
        reprint: false,
        rating: None,
        draft: None,
        source: crate::store::SourceFilter::Generated,
        batches: None,
    };
    catalog.book_candidates(&filter, 1000).unwrap().0.iter().map(|c| c.id).collect()
}

fn expire(catalog: &Catalog, draft: &str) {
    catalog.conn.execute("UPDATE drafts SET expires_at = @unix - 5 WHERE name = $1", vals![draft]).unwrap();
}

fn draft_error(e: anyhow::Error) -> DraftError {
    e.downcast::<DraftError>().unwrap_or_else(|e| panic!("not a draft error: {e:#}"))
}

#[test]
fn a_draft_holds_its_puzzles_from_everyone_else_until_it_expires() {
    for place in every_backend("drafts") {
        let catalog = Catalog::open(&place.target).unwrap();
        let ids = stock(&catalog, "k", "easy", 10);
        let spring = reserve(&catalog, "spring", "alice", &[take("classic-4", "easy", 3)]).unwrap();
        assert_eq!((spring.added.clone(), spring.draft.puzzles.clone()), (ids[..3].to_vec(), ids[..3].to_vec()), "{}", place.target);
        assert!(spring.draft.is_live() && spring.draft.seconds_left > 3500 && spring.draft.editor == "alice");
        // The same draft, its time left read a moment later (a second may tick).
        let listed = catalog.reservations().unwrap();
        assert_eq!(listed.len(), 1);
        assert!((spring.draft.seconds_left - listed[0].seconds_left).abs() <= 2, "{listed:?}");
        assert_eq!(Draft { seconds_left: spring.draft.seconds_left, ..listed[0].clone() }, spring.draft);
        // Everyone else's curation (alice's own books without the draft too) leaves them out.
        assert_eq!(free(&catalog), ids[3..].to_vec());
        // The owner's book from the draft takes exactly them.
        let from_draft = CandidateFilter {
            layout: "classic-4",
            level: "easy",
            reprint: false,
            rating: None,
            draft: Some(spring.draft.id),
            source: crate::store::SourceFilter::Generated,
            batches: None,
        };
        let (got, _) = catalog.book_candidates(&from_draft, 10).unwrap();
        assert_eq!(got.iter().map(|c| c.id).collect::<Vec<_>>(), ids[..3].to_vec());
        // Another editor can neither add to it nor take its puzzles.
        assert!(matches!(draft_error(reserve(&catalog, "spring", "bob", &[]).unwrap_err()), DraftError::NotOwner { .. }));
        let err = draft_error(reserve(&catalog, "bobs", "bob", &[Pick::Puzzles(vec![ids[0]])]).unwrap_err());
        assert!(err.to_string().contains("reserved in draft \"spring\" (alice's)"), "{err}");
        assert!(catalog.draft("bobs").unwrap().is_none(), "a refused reservation leaves nothing");
        let bobs = reserve(&catalog, "bobs", "bob", &[take("classic-4", "easy", 3)]).unwrap();
        assert_eq!(bobs.added, ids[3..6].to_vec());
        // Asking for more than there is refuses the whole reservation.
        let short =
            draft_error(reserve(&catalog, "more", "carol", &[Pick::Puzzles(vec![ids[9]]), take("classic-4", "easy", 5)]).unwrap_err());
        // ids[9] went to her own first pick: 3 are left for the second.
        assert!(matches!(short, DraftError::Short { need: 5, have: 3, .. }), "{short}");
        assert!(catalog.draft("more").unwrap().is_none());
        // Expired, a draft holds nothing: its puzzles are free again.
        expire(&catalog, "spring");
        let listed = catalog.draft("spring").unwrap().unwrap();
        assert!(!listed.is_live() && listed.puzzles == ids[..3]);
        assert_eq!(free(&catalog), [&ids[..3], &ids[6..]].concat());
        reserve(&catalog, "bobs", "bob", &[Pick::Puzzles(vec![ids[0]])]).unwrap();
        // Renewed, it keeps what nobody took meanwhile.
        let renewed = reserve(&catalog, "spring", "alice", &[]).unwrap();
        assert_eq!((renewed.lost, renewed.draft.puzzles.clone()), (vec![ids[0]], ids[1..3].to_vec()));
        assert!(renewed.draft.is_live());
        // Released: by its owner only, some or all.
        assert!(matches!(draft_error(catalog.release("spring", "bob", None).unwrap_err()), DraftError::NotOwner { .. }));
        let missing = draft_error(catalog.release("spring", "alice", Some(&[ids[5]])).unwrap_err());
        assert!(missing.to_string().contains("not in draft \"spring\""), "{missing}");
        assert_eq!(catalog.release("spring", "alice", Some(&[ids[1]])).unwrap(), 1);
        assert_eq!(catalog.draft("spring").unwrap().unwrap().puzzles, vec![ids[2]]);
        assert_eq!(catalog.release("spring", "alice", None).unwrap(), 1);
        assert!(catalog.draft("spring").unwrap().is_none());
        assert!(matches!(draft_error(catalog.release("spring", "alice", None).unwrap_err()), DraftError::NoDraft(_)));
        assert_eq!(free(&catalog), [&ids[1..3], &ids[6..]].concat());
        // An expired draft's name goes to the next editor who asks.
        expire(&catalog, "bobs");
        let taken = reserve(&catalog, "bobs", "carol", &[take("classic-4", "easy", 1)]).unwrap();
        assert_eq!(
            (taken.took_over.as_deref(), taken.draft.editor.as_str(), taken.draft.puzzles.clone()),
            (Some("bob"), "carol", vec![ids[0]])
        );
    }
}

#[test]
fn a_done_book_takes_its_puzzles_out_of_the_draft_and_names_its_maker() {
    for place in every_backend("draft-books") {
        let catalog = Catalog::open(&place.target).unwrap();
        let ids = stock(&catalog, "k", "easy", 4);
        reserve(&catalog, "spring", "alice", &[take("classic-4", "easy", 3)]).unwrap();
        let row = |puzzles: Vec<i64>| BookRow {
            id: 0,
            title: "Spring".into(),
            settings: "s".into(),
            created_at: "2026-01-01T00:00:00Z".into(),
            pdf_path: String::new(),
            pages: 0,
            pdf_hash: String::new(),
            puzzles,
            made_by: Some("alice".into()),
        };
        // Pending, the book's puzzles stay in the draft (a failed book gives them back to it).
        let pending = catalog.write(|_| catalog.insert_book(&row(ids[..2].to_vec()))).unwrap();
        assert_eq!(catalog.draft("spring").unwrap().unwrap().puzzles, ids[..3].to_vec());
        assert_eq!(catalog.pending_books().unwrap()[0].made_by.as_deref(), Some("alice"));
        catalog.delete_book(pending).unwrap();
        assert_eq!(catalog.draft("spring").unwrap().unwrap().puzzles, ids[..3].to_vec());
        let first = catalog.write(|_| catalog.insert_book(&row(ids[..2].to_vec()))).unwrap();
        catalog.finish_book(first, "spring.pdf", 24, "h", || Ok(())).unwrap();
        assert_eq!(catalog.draft("spring").unwrap().unwrap().puzzles, vec![ids[2]]);
        assert_eq!(catalog.book(first).unwrap().made_by.as_deref(), Some("alice"));
        // The draft's last puzzle printed: the draft is gone.
        let second = catalog.add_book(&row(vec![ids[2]])).unwrap();
        assert!(catalog.draft("spring").unwrap().is_none());
        assert_eq!(
            catalog.books().unwrap().iter().map(|b| (b.id, b.made_by.clone())).collect::<Vec<_>>(),
            [(first, Some("alice".to_string())), (second, Some("alice".to_string()))]
        );
        // A printed puzzle cannot be reserved; one no book holds can.
        let printed = draft_error(reserve(&catalog, "later", "bob", &[Pick::Puzzles(vec![ids[0]])]).unwrap_err());
        assert!(printed.to_string().contains(&format!("it is in book {first}")), "{printed}");
        assert_eq!(reserve(&catalog, "later", "bob", &[Pick::Puzzles(vec![ids[3]])]).unwrap().added, vec![ids[3]]);
        let unknown = draft_error(reserve(&catalog, "later", "bob", &[Pick::Puzzles(vec![9999])]).unwrap_err());
        assert!(unknown.to_string().contains("puzzle 9999: there is no such puzzle"), "{unknown}");
        // A draft's owner must be named for a book made from it.
        assert!(matches!(draft_error(catalog.draft_for_book("later", "alice").unwrap_err()), DraftError::NotOwner { .. }));
        assert_eq!(catalog.draft_for_book("later", "bob").unwrap(), catalog.draft("later").unwrap().unwrap().id);
    }
}

/// Editors reserving at once, each on a connection of their own, never get
/// the same puzzle: reserving is one write transaction (SQLite's IMMEDIATE,
/// PostgreSQL's write lock). Where the stock runs short, the late ones are
/// refused whole.
#[test]
fn editors_reserving_at_once_get_disjoint_puzzles() {
    for place in every_backend("draft-race") {
        let catalog = Catalog::open(&place.target).unwrap();
        stock(&catalog, "k", "easy", 50);
        for round in 0..5 {
            let start = std::sync::Arc::new(std::sync::Barrier::new(4));
            let editors: Vec<_> = (0..4)
                .map(|e| {
                    let (target, start) = (place.target.clone(), start.clone());
                    std::thread::spawn(move || {
                        let catalog = Catalog::open(&target).unwrap();
                        start.wait();
                        let name = format!("draft-{round}-{e}");
                        reserve(&catalog, &name, &format!("editor-{e}"), &[take("classic-4", "easy", 3)])
                            .map(|r| r.added)
                            .map_err(|e| format!("{e:#}"))
                    })
                })
                .collect();
            let results: Vec<_> = editors.into_iter().map(|t| t.join().unwrap()).collect();
            // 50 puzzles, 12 a round: rounds 0–3 are served whole, round 4 has 2 left.
            let served: Vec<Vec<i64>> = results.iter().filter_map(|r| r.clone().ok()).collect();
            let refused = results.iter().filter(|r| r.is_err()).count();
            assert_eq!((served.len(), refused), if round < 4 { (4, 0) } else { (0, 4) }, "{}: round {round}: {results:?}", place.target);
            if round == 4 {
                assert!(results.iter().all(|r| r.as_ref().unwrap_err().contains("need 3, have 2")), "{results:?}");
            }
        }
        let drafts = catalog.reservations().unwrap();
        let mut seen = std::collections::HashSet::new();
        for d in &drafts {
            assert_eq!(d.puzzles.len(), 3);
            for p in &d.puzzles {
                assert!(seen.insert(*p), "{}: puzzle {p} is in two drafts", place.target);
            }
        }
        assert_eq!(seen.len(), 48);
    }
}

#[test]
fn editor_names_come_from_the_flag_the_variable_or_the_user() {
    assert_eq!(editor_name(Some("  alice ")).unwrap(), "alice");
    assert!(editor_name(Some(" ")).unwrap_err().to_string().contains("--editor: the name is empty"));
    assert!(editor_name(Some("a\tb")).unwrap_err().to_string().contains("control character"));
    assert!(editor_name(Some(&"x".repeat(65))).unwrap_err().to_string().contains("longer than 64"));
    assert_eq!(span_text(40), "40 s");
    assert_eq!(span_text(3 * 3600 + 120), "3 h 2 min");
    assert_eq!(span_text(7 * 86_400), "7 d 0 h");
}

#[test]
fn a_studio_draft_keeps_its_settings_and_order_and_stays_when_emptied() {
    for place in every_backend("drafts-studio") {
        let catalog = Catalog::open(&place.target).unwrap();
        let ids = stock(&catalog, "s", "easy", 4);
        let made = catalog.create_draft("spring", "ada", 3600, "title = \"Spring\"").unwrap();
        assert_eq!((made.puzzles.len(), made.settings.as_deref()), (0, Some("title = \"Spring\"")));
        // The name is taken: by ada again, or by bob while it lives.
        assert!(format!("{:#}", catalog.create_draft("spring", "ada", 3600, "").unwrap_err()).contains("already a draft"));
        assert!(matches!(draft_error(catalog.create_draft("spring", "bob", 3600, "").unwrap_err()), DraftError::NotOwner { .. }));
        // Added at the end, in the order asked.
        reserve(&catalog, "spring", "ada", &[Pick::Puzzles(vec![ids[2], ids[0]])]).unwrap();
        reserve(&catalog, "spring", "ada", &[Pick::Puzzles(vec![ids[1]])]).unwrap();
        assert_eq!(catalog.draft_order("spring").unwrap(), vec![ids[2], ids[0], ids[1]]);
        catalog.move_in_draft("spring", "ada", ids[1], true).unwrap();
        assert_eq!(catalog.draft_order("spring").unwrap(), vec![ids[2], ids[1], ids[0]]);
        catalog.move_in_draft("spring", "ada", ids[2], true).unwrap(); // first already: stays
        assert_eq!(catalog.draft_order("spring").unwrap(), vec![ids[2], ids[1], ids[0]]);
        // Only ada changes it; an order must hold each puzzle once.
        assert!(matches!(draft_error(catalog.move_in_draft("spring", "bob", ids[1], true).unwrap_err()), DraftError::NotOwner { .. }));
        assert!(matches!(draft_error(catalog.set_draft_settings("spring", "bob", "x").unwrap_err()), DraftError::NotOwner { .. }));
        assert!(
            format!("{:#}", catalog.set_draft_order("spring", "ada", &[ids[0], ids[0], ids[1]]).unwrap_err()).contains("each of its 3")
        );
        catalog.set_draft_settings("spring", "ada", "title = \"Summer\"").unwrap();
        let by_id = catalog.draft_by_id(made.id).unwrap().unwrap();
        assert_eq!(by_id.settings.as_deref(), Some("title = \"Summer\""));
        // Emptied, a studio draft stays; released whole, it is gone.
        catalog.release("spring", "ada", Some(&[ids[0], ids[1], ids[2]])).unwrap();
        assert_eq!(catalog.draft("spring").unwrap().unwrap().puzzles, Vec::<i64>::new());
        catalog.release("spring", "ada", None).unwrap();
        assert!(catalog.draft("spring").unwrap().is_none());
        // A draft made by `reserve` (no settings) is gone once emptied, as before.
        reserve(&catalog, "plain", "ada", &[Pick::Puzzles(vec![ids[3]])]).unwrap();
        catalog.release("plain", "ada", Some(&[ids[3]])).unwrap();
        assert!(catalog.draft("plain").unwrap().is_none());
    }
}
