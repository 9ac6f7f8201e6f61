//! lz-string's base64 form, as f-puzzles and SudokuPad links carry their
//! JSON, read with a bound.
//!
//! The format lets a short text grow with the square of its length: each
//! code may name the dictionary entry being made, one symbol longer than
//! the last, so 54 KB of link decompresses to 1.58 GB. Entries here are
//! kept as (earlier entry, last symbol) pairs, so the dictionary grows with
//! the input, and the text stops at `MAX_SYMBOLS`. Within the bound the
//! result is the `lz-str` crate's (and lz-string's) for every input: the
//! same bit order, the same skipped characters, the same failures.

/// The most UTF-16 symbols a link's text may hold: 4 Mi symbols (8 MB),
/// hundreds of times an f-puzzles 16×16 with every constraint.
pub const MAX_SYMBOLS: usize = 1 << 22;

const KEY: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

#[derive(Debug, PartialEq, Eq)]
pub enum LzError {
    /// The bits do not form an lz-string stream.
    Malformed,
    /// The text would pass `MAX_SYMBOLS`.
    TooLong,
}

/// Bits from the base64 characters, most significant first within each
/// character (lz-string's `getNextValue`), characters outside the alphabet
/// skipped as the crate skips them.
struct Bits<'a> {
    chars: std::iter::FilterMap<std::str::Bytes<'a>, fn(u8) -> Option<u16>>,
    value: u16,
    position: u16,
}

impl Bits<'_> {
    fn read_bit(&mut self) -> Option<bool> {
        let bit = self.value & self.position != 0;
        self.position >>= 1;
        if self.position == 0 {
            // As the crate: the stream fails when the character after the
            // last one read is missing, even if no bit of it is needed.
            self.position = 32;
            self.value = self.chars.next()?;
        }
        Some(bit)
    }

    /// `n` bits, least significant first.
    fn read(&mut self, n: u32) -> Option<u32> {
        let mut value = 0;
        for i in 0..n {
            value |= u32::from(self.read_bit()?) << i;
        }
        Some(value)
    }
}

fn key_value(byte: u8) -> Option<u16> {
    KEY.iter().position(|&k| k == byte).map(|at| at as u16)
}

/// A dictionary entry: the entry it extends (`None` for one symbol) and its
/// last symbol.
#[derive(Clone, Copy)]
struct Entry {
    prefix: Option<u32>,
    last: u16,
    len: u32,
    first: u16,
}

impl Entry {
    fn single(symbol: u16) -> Entry {
        Entry { prefix: None, last: symbol, len: 1, first: symbol }
    }
}

/// Appends entry `at`'s symbols to `out`.
fn spell(dictionary: &[Entry], at: u32, out: &mut Vec<u16>) {
    let start = out.len();
    out.resize(start + dictionary[at as usize].len as usize, 0);
    let mut index = Some(at);
    let mut end = out.len();
    while let Some(i) = index {
        let entry = dictionary[i as usize];
        end -= 1;
        out[end] = entry.last;
        index = entry.prefix;
    }
}

/// The text of an lz-string base64 string.
pub fn decompress_from_base64(text: &str) -> Result<Vec<u16>, LzError> {
    let mut chars = text.bytes().filter_map(key_value as fn(u8) -> Option<u16>);
    let Some(value) = chars.next() else { return Ok(Vec::new()) };
    let mut bits = Bits { chars, value, position: 32 };
    // Codes 0–2 are the stream's own (8-bit symbol, 16-bit symbol, end).
    let mut dictionary: Vec<Entry> = (0..3).map(Entry::single).collect();
    let first = match bits.read(2).ok_or(LzError::Malformed)? {
        code @ (0 | 1) => bits.read(8 + 8 * code).ok_or(LzError::Malformed)? as u16,
        2 => return Ok(Vec::new()),
        _ => return Err(LzError::Malformed),
    };
    dictionary.push(Entry::single(first));
    let mut w = dictionary.len() as u32 - 1;
    let mut out = vec![first];
    let mut num_bits = 3;
    let mut enlarge_in: u64 = 4;
    loop {
        let mut code = bits.read(num_bits).ok_or(LzError::Malformed)?;
        match code {
            0 | 1 => {
                let symbol = bits.read(8 + 8 * code).ok_or(LzError::Malformed)? as u16;
                dictionary.push(Entry::single(symbol));
                code = dictionary.len() as u32 - 1;
                enlarge_in -= 1;
            }
            2 => return Ok(out),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        // lz-string adds w + the entry's first symbol after the entry is
        // written; added first here, it also spells the one case where the
        // code names it (the entry being made is w + w's first symbol).
        let w_entry = dictionary[w as usize];
        let entry = code as usize;
        let first = match dictionary.get(entry) {
            Some(known) => known.first,
            None if entry == dictionary.len() => w_entry.first,
            None => return Err(LzError::Malformed),
        };
        dictionary.push(Entry { prefix: Some(w), last: first, len: w_entry.len + 1, first: w_entry.first });
        if out.len() + dictionary[entry].len as usize > MAX_SYMBOLS {
            return Err(LzError::TooLong);
        }
        spell(&dictionary, code, &mut out);
        enlarge_in -= 1;
        w = code;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        if num_bits > 32 {
            return Err(LzError::Malformed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn reads_what_lz_string_writes() {
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(33);
        for round in 0..300 {
            let len = rng.random_range(0..2_000);
            // Few symbols (long repeats) and the odd symbol past 8 bits.
            let text: String = (0..len)
                .map(|_| if rng.random_range(0..50) == 0 { 'é' } else { char::from(b'a' + rng.random_range(0..(1 + round % 7)) as u8) })
                .collect();
            let packed = lz_str::compress_to_base64(text.as_str());
            let wide = decompress_from_base64(&packed).unwrap();
            assert_eq!(String::from_utf16(&wide).unwrap(), text, "round {round}");
        }
    }

    #[test]
    fn agrees_with_the_crate_on_any_characters() {
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(34);
        let alphabet: Vec<u8> = KEY.iter().copied().chain(*b" -_.%\n").collect();
        for round in 0..3_000 {
            let len = rng.random_range(0..60);
            let text: String = (0..len).map(|_| char::from(alphabet[rng.random_range(0..alphabet.len())])).collect();
            let ours = decompress_from_base64(&text).ok();
            let theirs = lz_str::decompress_from_base64(&text);
            assert_eq!(ours, theirs, "round {round}: {text:?}");
        }
    }

    #[test]
    fn a_text_that_grows_with_the_square_of_its_code_stops_at_the_bound() {
        // After one 8-bit symbol, every code names the entry being made:
        // each adds one symbol more than the last (the f-puzzles bomb).
        let mut bits: Vec<bool> = Vec::new();
        let put = |value: u32, n: u32, bits: &mut Vec<bool>| (0..n).for_each(|i| bits.push(value >> i & 1 == 1));
        put(0, 2, &mut bits);
        put(u32::from(b'a'), 8, &mut bits);
        let (mut size, mut num_bits, mut enlarge_in) = (4u32, 3u32, 4u64);
        for _ in 0..4_000 {
            put(size, num_bits, &mut bits);
            size += 1;
            enlarge_in -= 1;
            if enlarge_in == 0 {
                enlarge_in = 1 << num_bits;
                num_bits += 1;
            }
        }
        let text: String =
            bits.chunks(6).map(|six| KEY[six.iter().enumerate().fold(0, |v, (i, &b)| v | usize::from(b) << (5 - i))] as char).collect();
        assert!(text.len() < 10_000, "{}", text.len());
        assert_eq!(decompress_from_base64(&text), Err(LzError::TooLong));
    }
}
