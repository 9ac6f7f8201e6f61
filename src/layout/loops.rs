//! Slitherlink boards as layouts (`shape = "loops"`): only the board's size;
//! the loop rules live in `crate::slither`.

/// How to play Slitherlink, as every book prints it.
pub const RULES: &str = "Draw one loop along the lines between the dots; it never crosses or touches itself, and a number tells how many sides of its cell the loop uses.";
/// [`RULES`] in the languages the shipped layouts speak: a board whose
/// English rules are `RULES` reads these unless its file gives its own
/// (`words.de.rules`).
pub(super) fn rules_in(lang: &str) -> Option<&'static str> {
    Some(match lang {
        "de" => {
            "Gesucht ist eine einzige geschlossene Schleife entlang der Linien zwischen den Punkten. Sie kreuzt und berührt sich nirgends, und jede Zahl gibt an, wie viele Seiten ihres Feldes die Schleife benutzt."
        }
        "fr" => {
            "Tracer une seule boucle le long des lignes entre les points. Elle ne se croise ni ne se touche jamais, et chaque nombre indique combien de côtés de sa case la boucle emprunte."
        }
        "es" => {
            "Hay que trazar un único bucle a lo largo de las líneas entre los puntos. Nunca se cruza ni se toca a sí mismo, y cada número indica cuántos lados de su casilla usa el bucle."
        }
        "it" => {
            "Tracciare un unico anello lungo le linee tra i punti. L’anello non si incrocia né si tocca mai, e ogni numero indica quanti lati della sua casella usa l’anello."
        }
        "nl" => {
            "Trek één gesloten lus langs de lijnen tussen de stippen. De lus kruist of raakt zichzelf nergens, en elk getal geeft aan hoeveel zijden van zijn vakje de lus gebruikt."
        }
        "pt" => {
            "É preciso traçar um único laço fechado ao longo das linhas entre os pontos. Ele nunca se cruza nem se toca, e cada número indica quantos lados da sua casa o laço usa."
        }
        "pl" => {
            "Należy narysować jedną zamkniętą pętlę wzdłuż linii między kropkami. Pętla nigdy się nie przecina ani nie dotyka samej siebie, a każda liczba mówi, ile boków jej pola należy do pętli."
        }
        _ => return None,
    })
}

/// The words the shipped layouts carried before: only dots print.
const OLD_RULES: &str =
    "Draw one loop along the dotted lines that never crosses or touches itself; a number tells how many sides of its cell the loop uses.";

use super::build::Part;
use super::file::LayoutFile;
use super::picture::SourceSpot;
use super::{Board, Kind, LayoutError};
use std::path::Path;

/// Slitherlink's part of a layout file (`shape = "loops"`): `size`
/// columns, `rows` rows or as many as columns.
pub(super) fn read(path: &Path, source: &str, file: &LayoutFile) -> Result<Part, LayoutError> {
    let cols = *file.size.get_ref();
    let rows = file.rows.unwrap_or(cols);
    let sides = crate::slither::MIN_SIDE..=crate::slither::MAX_SIDE;
    if !sides.contains(&rows) || !sides.contains(&cols) {
        let span = file.size.span();
        return Err(LayoutError {
            file: path.display().to_string(),
            line: Some(SourceSpot { text: source, span: span.clone() }.line_at(span.start)),
            message: format!(
                "a {rows}×{cols} Slitherlink board is out of range ({} to {} cells a side)",
                crate::slither::MIN_SIDE,
                crate::slither::MAX_SIDE
            ),
        });
    }
    Ok(Part {
        // The shipped layouts take their rules from here; puzzles stored
        // with the old words ("dotted lines", where only dots print) read
        // the new ones.
        rules: file.rules.clone().filter(|r| r != OLD_RULES).unwrap_or_else(|| RULES.into()),
        kind: Kind::Board { shape: "loops", board: Board { rows, cols } },
    })
}
