//! A book's pages and cover as pictures (the studio's page thumbnails):
//! laid out once by the same code as the PDF (`render::lay_out`: the same
//! pagination, flowed text and checks) and drawn by the same page code on
//! a [`Recorder`] instead of the PDF canvas, then written as SVG.

use super::Book;
use super::cover::{CoverGeometry, CoverOptions, draw_cover};
use super::render::lay_out;
use crate::art::{Figure, Recorder, page_svg};
use crate::page::PageFrame;
use crate::pdf::fonts::Fonts;
use anyhow::{Result, bail};

/// One page as drawn: its boxes and what was drawn on it (points from the
/// bottom-left corner of the sheet, as in the PDF).
pub struct PagePicture {
    pub frame: PageFrame,
    pub figure: Figure,
}

/// Every page of `book` as the PDF draws it, recorded: page 1 first, as
/// many as the PDF has. Refused as `render::render` refuses the book.
pub fn page_pictures(book: &Book) -> Result<Vec<PagePicture>> {
    pictures_with(book, &Fonts::unembedded()?)
}

fn pictures_with(book: &Book, fonts: &Fonts) -> Result<Vec<PagePicture>> {
    let laid = lay_out(book, fonts)?;
    Ok((0..laid.pages.len())
        .map(|i| {
            let frame = laid.frame(i);
            let mut recorder = Recorder::new(fonts);
            laid.draw(i, &mut recorder);
            let media = frame.media;
            PagePicture { frame, figure: Figure { width: media.right(), height: media.top(), items: recorder.items } }
        })
        .collect())
}

/// The widest picture asked for: 40 inches (a page thumbnail is a few).
const MAX_WIDTH_PT: f32 = 2880.0;

fn check_width(width_pt: f32) -> Result<()> {
    if !(width_pt > 0.0 && width_pt <= MAX_WIDTH_PT) {
        bail!("a page picture is more than 0 and at most {MAX_WIDTH_PT} pt wide, not {width_pt} pt");
    }
    Ok(())
}

/// Every page of `book` as an SVG `width_pt` points wide (its height in
/// the page's proportion), page 1 first: the page as cut (its trim box)
/// on white, drawn by the same code as the PDF's page. Text is real text
/// in DejaVu Sans, named rather than embedded (a page stays a few
/// kilobytes; each string is held to its printed width). Refused, with the
/// same words, where `render::render` refuses the book.
pub fn thumbnails(book: &Book, width_pt: f32) -> Result<Vec<Vec<u8>>> {
    check_width(width_pt)?;
    let fonts = Fonts::unembedded()?;
    let title = &book.settings.title;
    pictures_with(book, &fonts)?
        .iter()
        .enumerate()
        .map(|(i, page)| page_svg(&page.figure, page.frame.trim, width_pt, &fonts, &format!("{title}, page {}", i + 1)))
        .collect()
}

/// `book`'s cover for an interior of `pages` pages, as recorded by the
/// cover's drawing code (the sheet with its bleed, points from its
/// bottom-left corner), with its geometry.
pub fn cover_picture(book: &Book, pages: usize, options: &CoverOptions) -> Result<(CoverGeometry, Figure)> {
    cover_with(book, pages, options, &Fonts::unembedded()?)
}

fn cover_with(book: &Book, pages: usize, options: &CoverOptions, fonts: &Fonts) -> Result<(CoverGeometry, Figure)> {
    let geometry = CoverGeometry::new(book.settings.trim, pages, options.paper);
    let mut recorder = Recorder::new(fonts);
    let image = super::cover::front_image(book)?;
    draw_cover(book, &geometry, options, fonts, &mut recorder, image.as_ref())?;
    let media = geometry.media();
    Ok((geometry, Figure { width: media.width, height: media.height, items: recorder.items }))
}

/// `book`'s cover (the full wrap: back, spine, front, as cut) for an
/// interior of `pages` pages as an SVG `width_pt` points wide, drawn by the
/// same code as the cover's PDF.
pub fn cover_thumbnail(book: &Book, pages: usize, options: &CoverOptions, width_pt: f32) -> Result<Vec<u8>> {
    check_width(width_pt)?;
    let fonts = Fonts::unembedded()?;
    let (geometry, figure) = cover_with(book, pages, options, &fonts)?;
    page_svg(&figure, geometry.trimmed(), width_pt, &fonts, &format!("{} (cover)", book.settings.title))
}

#[cfg(test)]
mod tests;
