//! The shape keys of a layout file (`boxes`, `regions`, `diagonals`,
//! `grids`, `shape = "pie"` …) read into a [`Frame`]: cells and houses.

use super::build::parse_boxes;
use super::file::LayoutFile;
use super::frame::{self, Frame, GridRegions, GridSpec};
use super::picture::{SourceSpot, parse_picture};
use super::{LayoutError, regions};
use toml::Spanned;

/// The largest canvas of overlapping grids, cells a side (a samurai is 21).
pub(super) const MAX_CANVAS: usize = 64;

pub(super) type Err<'a> = dyn Fn(Option<usize>, String) -> LayoutError + 'a;

/// Cells and houses: one square grid, several overlapping ones, or a pie.
pub(super) fn build_frame<'a>(
    file: &LayoutFile,
    size: usize,
    spot_of: &dyn Fn(std::ops::Range<usize>) -> SourceSpot<'a>,
    err: &Err,
) -> Result<Frame, LayoutError> {
    let line_of = |span: std::ops::Range<usize>| spot_of(span.clone()).line_at(span.start);
    let shape = file.shape.as_ref().map(|s| (s.get_ref().as_str(), line_of(s.span())));
    match shape {
        Some(("pie", line)) => {
            if file.boxes.is_some() || file.regions.is_some() || file.grids.is_some() || file.diagonals {
                return Err(err(Some(line), "a pie has rings and slices: remove boxes, regions, grids and diagonals".into()));
            }
            let sliding = match file.pairing.as_ref().map(|p| (p.get_ref().as_str(), line_of(p.span()))) {
                None | Some(("fixed", _)) => false,
                Some(("sliding", _)) => true,
                Some((other, line)) => return Err(err(Some(line), format!("pairing \"{other}\": expected \"fixed\" or \"sliding\""))),
            };
            frame::pie(size, file.sectors.unwrap_or(size), file.rings.unwrap_or(size / 2), sliding).map_err(|m| err(Some(line), m))
        }
        None | Some(("squares", _)) => {
            if let Some(p) = &file.pairing {
                return Err(err(Some(line_of(p.span())), "pairing is a setting of shape = \"pie\"".into()));
            }
            let boxes = file.boxes.as_ref().map(|b| (b.get_ref().as_str(), line_of(b.span())));
            let drawn_later = file.random_regions.as_ref().filter(|r| *r.get_ref()).map(|r| line_of(r.span()));
            let default = match drawn_later {
                None => grid_regions(boxes, file.regions.as_ref(), size, spot_of, err)?,
                Some(line) if boxes.is_some() || file.regions.is_some() => {
                    return Err(err(Some(line), "give `boxes`, a `regions` picture or `random_regions = true`, not two".into()));
                }
                Some(line) if file.grids.is_some() => {
                    return Err(err(Some(line), "random_regions need a single square grid (no `grids`)".into()));
                }
                // Until a puzzle's regions are drawn the rows stand in for
                // them (repeating houses already there): the model of the
                // bare layout is the Latin square.
                Some(_) => Some(GridRegions::Boxes(1, size)),
            };
            let specs = match &file.grids {
                None => {
                    let regions =
                        default.ok_or_else(|| err(None, "missing `boxes` (e.g. boxes = \"3x3\") or a `regions` picture".into()))?;
                    vec![GridSpec { at: (0, 0), regions, diagonals: file.diagonals }]
                }
                Some(entries) => {
                    let line = line_of(entries.span());
                    if entries.get_ref().is_empty() {
                        return Err(err(Some(line), "grids: list at least one grid".into()));
                    }
                    let mut specs = Vec::new();
                    for (k, entry) in entries.get_ref().iter().enumerate() {
                        let own = grid_regions(entry.boxes.as_deref().map(|b| (b, line)), entry.regions.as_ref(), size, spot_of, err)?;
                        let regions = own.or_else(|| default.clone()).ok_or_else(|| {
                            err(Some(line), format!("grid {}: give `boxes` or `regions` (here or for the whole file)", k + 1))
                        })?;
                        let at = (entry.at[0], entry.at[1]);
                        if at.0.max(at.1).checked_add(size).is_none_or(|far| far > MAX_CANVAS) {
                            return Err(err(
                                Some(line),
                                format!(
                                    "grid {}: at [{}, {}] puts it past the largest canvas ({MAX_CANVAS}×{MAX_CANVAS} cells; rows and columns count from 0)",
                                    k + 1,
                                    at.0,
                                    at.1
                                ),
                            ));
                        }
                        if specs.iter().any(|s: &GridSpec| s.at == at) {
                            return Err(err(Some(line), format!("grid {}: two grids at [{}, {}]", k + 1, at.0, at.1)));
                        }
                        specs.push(GridSpec { at, regions, diagonals: entry.diagonals || file.diagonals });
                    }
                    specs
                }
            };
            Ok(frame::squares(size, &specs))
        }
        Some(("triangle", line)) => {
            if file.boxes.is_some() || file.regions.is_some() || file.grids.is_some() || file.diagonals {
                return Err(err(
                    Some(line),
                    "a Tridoku triangle has its own nonets and legs: remove boxes, regions, grids and diagonals".into(),
                ));
            }
            frame::triangle(size).map_err(|m| err(Some(line), m))
        }
        Some((other, line)) => {
            Err(err(Some(line), format!("shape \"{other}\": expected \"squares\", \"pie\", \"triangle\", \"loops\" or \"nonogram\"")))
        }
    }
}

/// A grid's regions from `boxes` or a `regions` picture, `None` if neither.
pub(super) fn grid_regions<'a>(
    boxes: Option<(&str, usize)>,
    picture: Option<&Spanned<String>>,
    size: usize,
    spot_of: &dyn Fn(std::ops::Range<usize>) -> SourceSpot<'a>,
    err: &Err,
) -> Result<Option<GridRegions>, LayoutError> {
    match (boxes, picture) {
        (Some(_), Some(regions)) => {
            Err(err(Some(spot_of(regions.span()).line_at(regions.span().start)), "give either `boxes` or `regions`, not both".into()))
        }
        (None, None) => Ok(None),
        (Some((text, line)), None) => {
            let (h, w) = parse_boxes(text, size).map_err(|m| err(Some(line), m))?;
            Ok(Some(GridRegions::Boxes(h, w)))
        }
        (None, Some(picture)) => {
            let spot = spot_of(picture.span());
            let pic = parse_picture("regions", picture.get_ref(), size, &spot, err)?;
            let mut names: Vec<char> = Vec::new();
            let region_of = pic
                .cells
                .iter()
                .map(|c| {
                    names.iter().position(|n| n == c).unwrap_or_else(|| {
                        names.push(*c);
                        names.len() - 1
                    })
                })
                .collect::<Vec<_>>();
            let here = Some(spot.line_at(picture.span().start));
            if names.len() != size {
                return Err(err(here, format!("regions picture has {} different letters, expected {size} regions", names.len())));
            }
            regions::check(size, &region_of, &names, size).map_err(|m| err(here, m))?;
            Ok(Some(GridRegions::Picture(region_of, names)))
        }
    }
}
