//! Locked candidates: pointing (SE 2.6) and claiming (2.8), and SE's
//! "direct" forms (1.7 / 1.9) that are only used when the elimination at
//! once leaves a hidden single, which is then placed.

use super::Technique;
use super::board::{Board, Hint, HouseKind, Topology, symbol_char};

pub(crate) fn locked_candidates(topo: &Topology, b: &Board, direct: bool) -> Option<Hint> {
    for ix in &topo.intersections {
        let mut digits = 0u16;
        for c in ix.common.iter() {
            digits |= b.cand[c];
        }
        let base = &topo.houses[ix.base];
        let pointing = base.kind == HouseKind::Box;
        for d in super::board::bits(digits) {
            let pos = base.set & b.dpos[d];
            if pos.count() < 2 || !pos.minus(&ix.common).is_empty() {
                continue;
            }
            let other = &topo.houses[ix.other];
            let head = || {
                format!("{}: {} of {} locked in {}", if pointing { "pointing" } else { "claiming" }, symbol_char(d), base.name, other.name)
            };
            if !direct {
                let victims = ix.rest & b.dpos[d];
                if victims.is_empty() {
                    continue;
                }
                let (t, r) = if pointing { (Technique::Pointing, 26) } else { (Technique::Claiming, 28) };
                let mut hint = Hint::new(t, r).focused(vec![ix.base], vec![ix.other], pos.iter().collect(), 1 << d);
                hint.eliminations.extend(victims.iter().map(|c| (c, d as u8)));
                return Some(hint.finish(topo, &head()));
            }
            // Direct: another house of the base's family, crossing `other`,
            // keeps a single place for d once `other` is cleared.
            let Some(f) = topo.family_of[ix.base] else { continue };
            for &h3 in &topo.families[f] {
                if h3 == ix.base {
                    continue;
                }
                let house3 = &topo.houses[h3];
                if (house3.set & other.set).is_empty() {
                    continue;
                }
                let pos3 = house3.set & b.dpos[d];
                if pos3.count() < 2 {
                    continue;
                }
                let left = pos3.minus(&other.set);
                if left.count() == 1 {
                    let c = left.first()?;
                    let (t, r) = if pointing { (Technique::DirectPointing, 17) } else { (Technique::DirectClaiming, 19) };
                    let mut hint = Hint::new(t, r).focused(vec![ix.base], vec![ix.other, h3], pos.iter().collect(), 1 << d);
                    hint.placements.push((c, d as u8));
                    let head = format!("direct {}, hidden single in {}", head(), house3.name);
                    return Some(hint.finish(topo, &head));
                }
            }
        }
    }
    None
}
