//! The cover's colour themes: a few named palettes in process inks (CMYK),
//! each colour under the 240 % total ink printers ask of a cover, each
//! title readable on its ground (contrast ratio 4.5 or more, WCAG's
//! measure on the screen approximation of the inks).

use crate::pdf::canvas::Ink;
use anyhow::{Result, bail};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Most total ink a cover colour may carry (240 %: 2.4 of 4).
pub const MAX_COVERAGE: f32 = 2.4;
/// Least contrast ratio between a theme's title and its ground.
pub const MIN_CONTRAST: f32 = 4.5;

/// A named palette.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    Navy,
    Sunrise,
    Forest,
    Classic,
    Pastel,
    Berry,
}

/// What each part of a themed cover is printed in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// The ground over the whole wrap, into the bleed.
    pub ground: Ink,
    /// The title, subtitle, author and spine lettering.
    pub title: Ink,
    /// The badge band across the front and the rules.
    pub accent: Ink,
    /// The badge's words on the accent.
    pub on_accent: Ink,
    /// The card the front's puzzle sits on, and the back's text panel.
    pub card: Ink,
    /// The puzzle's lines and digits on the card, and the back's words.
    pub card_ink: Ink,
}

impl Theme {
    pub const ALL: [Theme; 6] = [Theme::Navy, Theme::Sunrise, Theme::Forest, Theme::Classic, Theme::Pastel, Theme::Berry];

    pub fn name(self) -> &'static str {
        match self {
            Theme::Navy => "navy",
            Theme::Sunrise => "sunrise",
            Theme::Forest => "forest",
            Theme::Classic => "classic",
            Theme::Pastel => "pastel",
            Theme::Berry => "berry",
        }
    }

    /// What a user is told the theme looks like (`--help`, errors).
    pub fn looks(self) -> &'static str {
        match self {
            Theme::Navy => "deep navy, white title, gold badge",
            Theme::Sunrise => "warm orange, deep plum title, cream badge",
            Theme::Forest => "forest green, cream title, light green badge",
            Theme::Classic => "black, white title, red badge",
            Theme::Pastel => "pale mint, navy title, coral badge",
            Theme::Berry => "berry red, white title, pink badge",
        }
    }

    pub fn palette(self) -> Palette {
        let white = Ink::PAPER;
        let navy = Ink::cmyk(1.0, 0.8, 0.25, 0.3);
        match self {
            Theme::Navy => Palette {
                ground: navy,
                title: white,
                accent: Ink::cmyk(0.0, 0.25, 0.9, 0.0),
                on_accent: Ink::cmyk(1.0, 0.8, 0.25, 0.35),
                card: white,
                card_ink: navy,
            },
            Theme::Sunrise => Palette {
                ground: Ink::cmyk(0.0, 0.5, 0.85, 0.0),
                title: Ink::cmyk(0.35, 0.95, 0.45, 0.6),
                accent: Ink::cmyk(0.0, 0.04, 0.2, 0.0),
                on_accent: Ink::cmyk(0.35, 0.95, 0.45, 0.6),
                card: Ink::cmyk(0.0, 0.02, 0.1, 0.0),
                card_ink: Ink::cmyk(0.35, 0.95, 0.45, 0.6),
            },
            Theme::Forest => Palette {
                ground: Ink::cmyk(0.85, 0.3, 0.9, 0.35),
                title: Ink::cmyk(0.0, 0.03, 0.18, 0.0),
                accent: Ink::cmyk(0.3, 0.0, 0.6, 0.0),
                on_accent: Ink::cmyk(0.85, 0.3, 0.85, 0.4),
                card: Ink::cmyk(0.0, 0.02, 0.1, 0.0),
                card_ink: Ink::cmyk(0.85, 0.3, 0.85, 0.4),
            },
            Theme::Classic => Palette {
                // Rich black: 50/40/40/100 = 230 %.
                ground: Ink::cmyk(0.5, 0.4, 0.4, 1.0),
                title: white,
                accent: Ink::cmyk(0.0, 1.0, 1.0, 0.15),
                on_accent: white,
                card: white,
                card_ink: Ink::cmyk(0.0, 0.0, 0.0, 1.0),
            },
            Theme::Pastel => Palette {
                ground: Ink::cmyk(0.2, 0.0, 0.12, 0.0),
                title: navy,
                accent: Ink::cmyk(0.0, 0.5, 0.4, 0.0),
                on_accent: Ink::cmyk(1.0, 0.8, 0.25, 0.35),
                card: white,
                card_ink: navy,
            },
            Theme::Berry => Palette {
                ground: Ink::cmyk(0.25, 1.0, 0.45, 0.25),
                title: white,
                accent: Ink::cmyk(0.0, 0.3, 0.05, 0.0),
                on_accent: Ink::cmyk(0.3, 1.0, 0.5, 0.4),
                card: white,
                card_ink: Ink::cmyk(0.3, 1.0, 0.5, 0.4),
            },
        }
    }

    /// The theme a book gets when none is asked for.
    pub fn default_theme() -> Theme {
        Theme::Navy
    }

    fn choices() -> String {
        Theme::ALL.iter().map(|t| format!("{} ({})", t.name(), t.looks())).collect::<Vec<_>>().join(", ")
    }
}

impl FromStr for Theme {
    type Err = anyhow::Error;

    fn from_str(text: &str) -> Result<Theme> {
        let wanted = text.trim().to_ascii_lowercase();
        match Theme::ALL.into_iter().find(|t| t.name() == wanted) {
            Some(theme) => Ok(theme),
            None => bail!("cover theme '{text}': choose {}", Theme::choices()),
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// WCAG's relative luminance of an ink's screen approximation.
pub fn luminance(ink: Ink) -> f32 {
    let linear = |v: f32| if v <= 0.03928 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) };
    let [r, g, b] = ink.rgb();
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// WCAG's contrast ratio of two inks (1 to 21).
pub fn contrast(a: Ink, b: Ink) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_theme_reads_and_stays_under_the_ink_limit() {
        for theme in Theme::ALL {
            let p = theme.palette();
            for (what, fore, back) in
                [("title on ground", p.title, p.ground), ("badge", p.on_accent, p.accent), ("card ink on card", p.card_ink, p.card)]
            {
                let ratio = contrast(fore, back);
                assert!(ratio >= MIN_CONTRAST, "{theme}: {what} contrast {ratio:.2} under {MIN_CONTRAST}");
            }
            for ink in [p.ground, p.title, p.accent, p.on_accent, p.card, p.card_ink] {
                assert!(ink.coverage() <= MAX_COVERAGE + 1e-6, "{theme}: {ink:?} carries {:.0} % ink", ink.coverage() * 100.0);
                for v in [ink.c, ink.m, ink.y, ink.k] {
                    assert!((0.0..=1.0).contains(&v), "{theme}: {ink:?}");
                }
            }
            assert_eq!(theme.name().parse::<Theme>().unwrap(), theme);
        }
        // The measure itself: black on white is 21, a colour on itself 1.
        assert!((contrast(Ink::cmyk(0.0, 0.0, 0.0, 1.0), Ink::PAPER) - 21.0).abs() < 0.01);
        assert!((contrast(Theme::Navy.palette().ground, Theme::Navy.palette().ground) - 1.0).abs() < 1e-6);
        // A pale title on a pale ground would fail it.
        assert!(contrast(Ink::cmyk(0.0, 0.1, 0.2, 0.0), Ink::cmyk(0.2, 0.0, 0.12, 0.0)) < MIN_CONTRAST);
        let e = "teal".parse::<Theme>().unwrap_err().to_string();
        assert!(e.contains("teal") && e.contains("navy") && e.contains("berry"), "{e}");
    }
}
