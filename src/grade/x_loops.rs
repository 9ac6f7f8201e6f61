//! X-loops (Sukaku Explainer's "(n Strong Links) X-Loop" and "Grouped
//! X-Loop", `StrongLinks.createHint1`): a chain of n strong links of one
//! digit, consecutive links joined by a weak link, whose last link ends in
//! cells sharing a house with its first link's start. Around the loop each
//! weak link then holds the digit on exactly one side (if the first start
//! is false, every start is false and every end true; if it is true, every
//! end is false), so the digit leaves every cell that sees both sides of any
//! weak link, the closing one included.
//!
//! SE finds them in its search for n strong links (n = 2 to 4 here) and rates
//! them as the open chain of those links (`strong_links::chain_bonus`): the
//! search for n links here looks for both and keeps the easiest, then the one
//! removing most.

use super::Technique;
use super::board::{Board, CellSet, Hint, Topology};
use super::hint::{ChainNode, Link as L};
use super::strong_links::{Digit, Found, chain_bonus, chain_pattern, closes, could_beat, write_links};

/// The best loop of `n` links of digit `d` into `best`, among those rated
/// `base` + `room` or less.
pub(super) fn best_loop(b: &Board, d: usize, n: usize, (base, room): (u32, u32), digit: &Digit, best: &mut Option<Found>) {
    let links = &digit.links;
    if links.len() < n {
        return;
    }
    let mut chain: Vec<usize> = Vec::with_capacity(n);
    // A loop starts at its first link in link order: n - 1 links follow it.
    for (i, l) in links.iter().enumerate().take(links.len() + 1 - n) {
        // The bonus only grows with the links: a first link rated past the
        // room alone starts no loop (the search would list its followers
        // and refuse each).
        if room < 3 && chain_bonus(links, &[i]) > room {
            continue;
        }
        chain.push(i);
        grow(b, d, n, (base, room), digit, &mut chain, l.from | l.to, best);
        chain.pop();
    }
}

#[allow(clippy::too_many_arguments)]
fn grow(
    b: &Board,
    d: usize,
    n: usize,
    (base, room): (u32, u32),
    digit: &Digit,
    chain: &mut Vec<usize>,
    cells: CellSet,
    best: &mut Option<Found>,
) {
    let links = &digit.links;
    if chain.len() == n {
        if !closes(digit, chain) {
            return;
        }
        // Each weak link: from one link's end to the next link's start, the
        // last back to the first.
        let mut victims = CellSet::EMPTY;
        for k in 0..n {
            victims |= digit.seen_to[chain[k]] & digit.seen_from[chain[(k + 1) % n]];
        }
        let victims = (victims & b.dpos[d]).minus(&cells);
        if victims.is_empty() {
            return;
        }
        let rating = base + chain_bonus(links, chain);
        if could_beat(best, rating, victims.count() as usize) {
            *best = Some(Found::new(rating, d, chain, victims, true));
        }
        return;
    }
    let (first, last) = (chain[0], chain[chain.len() - 1]);
    digit.for_each_follower(last, |j| {
        // A loop is found from each of its links: keep the turn that starts
        // at its first link in link order.
        if j <= first {
            return;
        }
        let l = links[j];
        if !(cells & (l.from | l.to)).is_empty() {
            return;
        }
        // The loop's last link has to end where it closes: what the call
        // would test first, here, before a call per follower.
        if chain.len() + 1 == n && !links[first].from.minus(&digit.seen_to[j]).is_empty() {
            return;
        }
        chain.push(j);
        // The link-type bonus only grows as links are added: a loop rated
        // past the ceiling, or past the best chain so far, goes no further
        // (the victims of a loop grow with its links, so they bound
        // nothing).
        if room < 3 || best.is_some() {
            let bonus = chain_bonus(links, chain);
            if bonus > room || best.as_ref().is_some_and(|f| base + bonus > f.rating) {
                chain.pop();
                return;
            }
        }
        grow(b, d, n, (base, room), digit, chain, cells | l.from | l.to, best);
        chain.pop();
    });
}

/// The step an X-loop of digit `d` through `chain` makes, rated `rating`.
pub(super) fn loop_hint(topo: &Topology, digit: &Digit, d: usize, chain: &[usize], rating: u32, victims: CellSet) -> Hint {
    let (links, n) = (&digit.links, chain.len());
    let grouped = links_grouped(digit, chain);
    let path = chain.iter().flat_map(|&i| links[i].from.iter().chain(links[i].to.iter()));
    let mut hint =
        Hint::new(Technique::XLoop, rating).focused(Vec::new(), Vec::new(), Vec::new(), 1 << d).through(path).with_pattern(|p| {
            chain_pattern(p, links, chain, d);
            // The closing weak link, back to the first node.
            let cells: Vec<usize> = links[chain[0]].from.iter().collect();
            if let Some(nodes) = p.chains.last_mut() {
                nodes.push(ChainNode { cells, digit: d as u8, on: false, link: L::Weak });
            }
        });
    hint.eliminations.extend(victims.iter().map(|c| (c, d as u8)));
    hint.finish_with(topo, |s| {
        if grouped {
            s.push_str("grouped ");
        }
        s.push_str(Technique::XLoop.name());
        s.push_str(&format!(" ({n} strong links): "));
        write_links(s, topo, links, chain);
        s.push_str(" - ");
        s.push_str(&super::strong_links::group_name(topo, &links[chain[0]].from));
        s.push_str(" on ");
        s.push_str(topo.sym(d));
    })
}

/// Whether a link of the loop joins groups of two cells or more (SE's
/// "Grouped X-Loop"), not only a link in a variant house.
fn links_grouped(digit: &Digit, chain: &[usize]) -> bool {
    chain.iter().any(|&i| digit.links[i].from.count() > 1 || digit.links[i].to.count() > 1)
}
