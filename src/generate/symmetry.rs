//! Symmetric givens: which cells are erased together so that the clue
//! picture keeps a symmetry of the page.
//!
//! A symmetry is a group of motions of the drawing (turns, reflections).
//! It applies to a layout only when every motion maps the layout onto
//! itself: each cell onto a cell (never a gap of an overlapping canvas),
//! each house onto a house, each mark onto the same mark, each relation,
//! cage and lettered cell onto its like. The generator then erases whole
//! orbits (a cell and all its images), so a puzzle is minimal among
//! symmetric removals: no orbit of givens can go.

use crate::layout::{CellLayout, Geometry, Layout};
use std::collections::HashSet;

/// Which givens are erased together, so the clue pattern keeps a symmetry.
/// Stored with each batch by [`Symmetry::as_str`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    #[default]
    None,
    /// 180° rotation about the centre.
    Rot180,
    /// Quarter turns (90°, 180°, 270°): orbits of up to four cells.
    Rot90,
    /// Left–right mirror.
    Mirror,
    /// Reflection in the main diagonal (top left to bottom right).
    Diag,
    /// Reflection in the anti-diagonal (top right to bottom left).
    Antidiag,
    /// Both diagonal reflections at once (and so the half turn).
    Diagonal,
    /// One of the symmetries the layout admits, drawn per puzzle from its seed.
    Any,
}

/// A motion of the drawing, as a map of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Motion {
    HalfTurn,
    /// Clockwise.
    QuarterTurn,
    MirrorLeftRight,
    Transpose,
    AntiTranspose,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diag,
        Symmetry::Antidiag,
        Symmetry::Diagonal,
        Symmetry::Any,
    ];

    /// The catalog's (and the command line's) spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diag => "diag",
            Symmetry::Antidiag => "antidiag",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Any => "any",
        }
    }

    /// The motions that generate the group (none for `None`; `Any` is
    /// resolved to a concrete symmetry before this is asked).
    fn motions(self) -> &'static [Motion] {
        match self {
            Symmetry::None | Symmetry::Any => &[],
            Symmetry::Rot180 => &[Motion::HalfTurn],
            Symmetry::Rot90 => &[Motion::QuarterTurn],
            Symmetry::Mirror => &[Motion::MirrorLeftRight],
            Symmetry::Diag => &[Motion::Transpose],
            Symmetry::Antidiag => &[Motion::AntiTranspose],
            Symmetry::Diagonal => &[Motion::Transpose, Motion::AntiTranspose],
        }
    }

    /// The groups of cells erased together on `layout`: every cell in
    /// exactly one orbit, orbits in order of their first cell, cells
    /// ascending. An error (naming the layout, the symmetry and the first
    /// thing it would break) when the symmetry does not map the layout
    /// onto itself; `Any` must be resolved first ([`Symmetry::admitted`]).
    pub fn orbits(self, layout: &Layout) -> Result<Vec<Vec<usize>>, SymmetryError> {
        let refuse = |why: String| SymmetryError { layout: layout.id.clone(), symmetry: self, why };
        let Some(cells) = layout.cells() else {
            return Err(refuse("its clues are not cells of a grid".into()));
        };
        let n = cells.model.cell_count();
        if self == Symmetry::Any {
            return Err(refuse("`any` stands for one of several symmetries, drawn per puzzle".into()));
        }
        if self == Symmetry::None {
            return Ok((0..n).map(|c| vec![c]).collect());
        }
        if !cells.random.is_empty() {
            return Err(refuse(
                "it draws marks, islands, regions or cages anew for each puzzle, and they would not keep the symmetry".into(),
            ));
        }
        let mut images = Vec::new();
        for &motion in self.motions() {
            let image = motion.image(&cells.geometry).map_err(refuse)?;
            keeps_layout(cells, &image).map_err(refuse)?;
            images.push(image);
        }
        Ok(orbits_of(n, &images))
    }

    /// The symmetries other than `none` that map `layout` onto itself, in
    /// [`Symmetry::ALL`] order, each with its orbits: what `any` draws from.
    pub fn admitted(layout: &Layout) -> Vec<(Symmetry, Vec<Vec<usize>>)> {
        Symmetry::ALL
            .into_iter()
            .filter(|s| !matches!(s, Symmetry::None | Symmetry::Any))
            .filter_map(|s| s.orbits(layout).ok().map(|orbits| (s, orbits)))
            .collect()
    }

    /// Whether a clue picture (`true` = a given) keeps this symmetry on `layout`.
    pub fn keeps(self, layout: &Layout, givens: &[bool]) -> bool {
        match self.orbits(layout) {
            Ok(orbits) => orbits.iter().all(|orbit| orbit.iter().all(|&c| givens[c] == givens[orbit[0]])),
            Err(_) => false,
        }
    }
}

impl std::fmt::Display for Symmetry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Symmetry {
    type Err = String;
    fn from_str(text: &str) -> Result<Symmetry, String> {
        Symmetry::ALL.into_iter().find(|s| s.as_str().eq_ignore_ascii_case(text.trim())).ok_or_else(|| {
            let known: Vec<&str> = Symmetry::ALL.iter().map(|s| s.as_str()).collect();
            format!("unknown symmetry '{text}' (expected {})", known.join(", "))
        })
    }
}

/// Why a symmetry does not apply to a layout.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--symmetry {symmetry} does not apply to {layout}: {why}")]
pub struct SymmetryError {
    pub layout: String,
    pub symmetry: Symmetry,
    pub why: String,
}

impl Motion {
    fn name(self) -> &'static str {
        match self {
            Motion::HalfTurn => "half turn",
            Motion::QuarterTurn => "quarter turn",
            Motion::MirrorLeftRight => "left–right mirror",
            Motion::Transpose => "reflection in the main diagonal",
            Motion::AntiTranspose => "reflection in the anti-diagonal",
        }
    }

    /// The image of every cell, or why the drawing has no such motion.
    fn image(self, geometry: &Geometry) -> Result<Vec<usize>, String> {
        match geometry {
            Geometry::Squares { rows, cols, .. } => {
                let (rows, cols) = (*rows, *cols);
                let turns_the_canvas = matches!(self, Motion::QuarterTurn | Motion::Transpose | Motion::AntiTranspose);
                if turns_the_canvas && rows != cols {
                    return Err(format!("its canvas is {rows}×{cols}, not square, so it has no {}", self.name()));
                }
                (0..geometry.cell_count())
                    .map(|cell| {
                        let (r, c) = geometry.position(cell);
                        let (r2, c2) = match self {
                            Motion::HalfTurn => (rows - 1 - r, cols - 1 - c),
                            Motion::QuarterTurn => (c, rows - 1 - r),
                            Motion::MirrorLeftRight => (r, cols - 1 - c),
                            Motion::Transpose => (c, r),
                            Motion::AntiTranspose => (cols - 1 - c, rows - 1 - r),
                        };
                        geometry.cell_at(r2, c2).ok_or_else(|| {
                            format!(
                                "the {} takes {} to r{}c{}, a gap between its grids",
                                self.name(),
                                geometry.cell_name(cell),
                                r2 + 1,
                                c2 + 1
                            )
                        })
                    })
                    .collect()
            }
            // Sector s spans the angles [s, s + 1) × 360°/S clockwise from
            // twelve o'clock; a reflection in the axis at angle θ takes it
            // to sector 2θ/w − s − 1 (w = 360°/S).
            Geometry::Pie { sectors, rings, .. } => {
                let (s_count, rings) = (*sectors, *rings);
                let quarter = s_count / 4;
                let needs_quarters = matches!(self, Motion::QuarterTurn | Motion::Transpose | Motion::AntiTranspose);
                if needs_quarters && !s_count.is_multiple_of(4) {
                    return Err(format!("its {s_count} sectors cannot turn a quarter, so it has no {}", self.name()));
                }
                if self == Motion::HalfTurn && !s_count.is_multiple_of(2) {
                    return Err(format!("its {s_count} sectors have no half turn"));
                }
                Ok((0..geometry.cell_count())
                    .map(|cell| {
                        let (s, k) = geometry.position(cell);
                        let to = match self {
                            Motion::HalfTurn => (s + s_count / 2) % s_count,
                            Motion::QuarterTurn => (s + quarter) % s_count,
                            Motion::MirrorLeftRight => s_count - 1 - s,
                            Motion::Transpose => (3 * s_count - quarter - 1 - s) % s_count,
                            Motion::AntiTranspose => (2 * s_count + quarter - 1 - s) % s_count,
                        };
                        to * rings + k
                    })
                    .collect())
            }
            Geometry::Triangle { .. } => match self {
                Motion::MirrorLeftRight => Ok((0..geometry.cell_count())
                    .map(|cell| {
                        let (r, k) = geometry.position(cell);
                        r * r + 2 * r - k
                    })
                    .collect()),
                _ => Err(format!("a triangle has no {}", self.name())),
            },
        }
    }
}

/// Checks that `image` maps the layout onto itself; the first thing it
/// would break otherwise.
fn keeps_layout(layout: &CellLayout, image: &[usize]) -> Result<(), String> {
    let model = &layout.model;
    let name = |c: usize| model.cell_names[c].clone();
    let sorted = |mut v: Vec<usize>| {
        v.sort_unstable();
        v
    };
    let houses: HashSet<Vec<usize>> = model.houses.iter().map(|h| sorted(h.cells.clone())).collect();
    for house in &model.houses {
        let moved = sorted(house.cells.iter().map(|&c| image[c]).collect());
        if !houses.contains(&moved) {
            let cells: Vec<String> = moved.iter().map(|&c| name(c)).collect();
            return Err(format!("{} would go to cells that form no house ({})", house.name, cells.join(" ")));
        }
    }
    for (c, &to) in image.iter().enumerate() {
        if model.allowed[c] != model.allowed[to] || layout.marks[c] != layout.marks[to] {
            let mark = |c: usize| layout.marks[c].map_or("no mark".to_string(), |m| format!("mark {m}"));
            return Err(format!("{} ({}) would go to {} ({})", name(c), mark(c), name(to), mark(to)));
        }
        if layout.letters[c].is_some() != layout.letters[to].is_some() {
            return Err(format!("the lettered cells would not go to lettered cells ({} to {})", name(c), name(to)));
        }
    }
    // A relation says the same read either way round.
    let relation =
        |a: usize, a_set: u32, b: usize, b_set: u32| if (a, a_set) <= (b, b_set) { (a, a_set, b, b_set) } else { (b, b_set, a, a_set) };
    let relations: HashSet<(usize, u32, usize, u32)> =
        model.conflicts.iter().map(|r| relation(r.a, r.a_symbols.0, r.b, r.b_symbols.0)).collect();
    if let Some(r) = model.conflicts.iter().find(|r| !relations.contains(&relation(image[r.a], r.a_symbols.0, image[r.b], r.b_symbols.0))) {
        return Err(format!(
            "the relation between {} and {} would go to {} and {}, which have none (the magic 5 reads upwards)",
            name(r.a),
            name(r.b),
            name(image[r.a]),
            name(image[r.b])
        ));
    }
    let cages: HashSet<(Vec<usize>, u32)> = model.cages.iter().map(|k| (sorted(k.cells.clone()), k.sum)).collect();
    if let Some(cage) = model.cages.iter().find(|k| !cages.contains(&(sorted(k.cells.iter().map(|&c| image[c]).collect()), k.sum))) {
        return Err(format!("the cage of sum {} at {} would go to no cage of that sum", cage.sum, name(cage.cells[0])));
    }
    Ok(())
}

/// The orbits of the group generated by `images` (union–find).
fn orbits_of(n: usize, images: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut c: usize) -> usize {
        while parent[c] != c {
            parent[c] = parent[parent[c]];
            c = parent[c];
        }
        c
    }
    for image in images {
        for (c, &to) in image.iter().enumerate() {
            let (a, b) = (root(&mut parent, c), root(&mut parent, to));
            // The smaller cell is the root, so orbits come out in order.
            parent[a.max(b)] = a.min(b);
        }
    }
    let mut orbits: Vec<Vec<usize>> = Vec::new();
    let mut index_of_root = vec![usize::MAX; n];
    for c in 0..n {
        let r = root(&mut parent, c);
        if index_of_root[r] == usize::MAX {
            index_of_root[r] = orbits.len();
            orbits.push(Vec::new());
        }
        orbits[index_of_root[r]].push(c);
    }
    orbits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(id: &str) -> Layout {
        Layout::load(id).unwrap()
    }

    fn refusal(id: &str, symmetry: Symmetry) -> String {
        symmetry.orbits(&layout(id)).unwrap_err().to_string()
    }

    #[test]
    fn orbits_on_a_square_grid_have_the_sizes_of_the_group() {
        let classic = layout("classic-9");
        let sizes = |s: Symmetry| {
            let orbits = s.orbits(&classic).unwrap();
            let mut count = [0usize; 5];
            for o in &orbits {
                count[o.len()] += 1;
            }
            assert_eq!(orbits.iter().map(Vec::len).sum::<usize>(), 81, "{s}");
            count
        };
        // The centre is fixed by every motion; a diagonal fixes its 9 cells.
        assert_eq!(sizes(Symmetry::None), [0, 81, 0, 0, 0]);
        assert_eq!(sizes(Symmetry::Rot180), [0, 1, 40, 0, 0]);
        assert_eq!(sizes(Symmetry::Rot90), [0, 1, 0, 0, 20]);
        assert_eq!(sizes(Symmetry::Mirror), [0, 9, 36, 0, 0]);
        assert_eq!(sizes(Symmetry::Diag), [0, 9, 36, 0, 0]);
        assert_eq!(sizes(Symmetry::Antidiag), [0, 9, 36, 0, 0]);
        // Both diagonals: the centre, 8 pairs on the diagonals, 16 fours.
        assert_eq!(sizes(Symmetry::Diagonal), [0, 1, 8, 0, 16]);
        // r1c2 under quarter turns: r2c9, r9c8, r8c1.
        let orbits = Symmetry::Rot90.orbits(&classic).unwrap();
        let names = |cells: &[usize]| cells.iter().map(|&c| classic.name_of_cell(c).unwrap().to_string()).collect::<Vec<_>>();
        let of_r1c2 = orbits.iter().find(|o| o.contains(&1)).unwrap();
        assert_eq!(names(of_r1c2), ["r1c2", "r2c9", "r8c1", "r9c8"]);
        let of_r1c2 = Symmetry::Antidiag.orbits(&classic).unwrap().into_iter().find(|o| o.contains(&1)).unwrap();
        assert_eq!(names(&of_r1c2), ["r1c2", "r8c9"]);
    }

    #[test]
    fn a_symmetry_that_breaks_the_layout_is_refused_naming_what_it_breaks() {
        assert_eq!(
            refusal("jigsaw-9", Symmetry::Rot180),
            "--symmetry rot180 does not apply to jigsaw-9: region A would go to cells that form no house (r5c7 r6c7 r7c7 r8c7 r8c8 r8c9 r9c7 r9c8 r9c9)"
        );
        assert_eq!(
            refusal("classic-6", Symmetry::Rot90),
            "--symmetry rot90 does not apply to classic-6: box 1 would go to cells that form no house (r1c5 r1c6 r2c5 r2c6 r3c5 r3c6)"
        );
        assert_eq!(refusal("atlantis-9", Symmetry::Rot180).split(':').next().unwrap(), "--symmetry rot180 does not apply to atlantis-9");
        assert!(refusal("atlantis-random-9", Symmetry::Mirror).ends_with("and they would not keep the symmetry"));
        assert_eq!(refusal("tridoku", Symmetry::Rot90), "--symmetry rot90 does not apply to tridoku: a triangle has no quarter turn");
        assert!(refusal("twodoku", Symmetry::Mirror).contains("a gap between its grids"), "{}", refusal("twodoku", Symmetry::Mirror));
        assert_eq!(
            "spiral".parse::<Symmetry>().unwrap_err(),
            "unknown symmetry 'spiral' (expected none, rot180, rot90, mirror, diag, antidiag, diagonal, any)"
        );
    }

    #[test]
    fn overlapping_grids_and_pies_admit_the_symmetries_of_their_picture() {
        let admitted = |id: &str| Symmetry::admitted(&layout(id)).into_iter().map(|(s, _)| s.as_str()).collect::<Vec<_>>().join(" ");
        assert_eq!(admitted("classic-9"), "rot180 rot90 mirror diag antidiag diagonal");
        assert_eq!(admitted("samurai"), "rot180 rot90 mirror diag antidiag diagonal");
        assert_eq!(admitted("diagonal-9"), "rot180 rot90 mirror diag antidiag diagonal");
        assert_eq!(admitted("classic-6"), "rot180 mirror");
        assert_eq!(admitted("pie-12"), "rot180 mirror");
        assert_eq!(admitted("jigsaw-9"), "");
        assert_eq!(admitted("tridoku"), "mirror");
    }
}
