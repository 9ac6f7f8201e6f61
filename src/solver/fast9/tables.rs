//! Look-up tables and bit tricks of the band representation.

/// Bit `k` set if the 9-bit row pattern has a cell in box column `k`.
pub(super) const SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// For a triad occupancy (bit `3 * row + box`), the triads that some
/// row→box permutation fully inside it uses (same bits); 0 if none.
pub(super) const PERM_UNION: [u16; 512] = {
    const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u16; 512];
    let mut occ = 0;
    while occ < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut bits = 0u16;
            let mut ok = true;
            let mut r = 0;
            while r < 3 {
                let b = 3 * r + perm[r];
                if occ >> b & 1 == 0 {
                    ok = false;
                }
                bits |= 1 << b;
                r += 1;
            }
            if ok {
                t[occ] |= bits;
            }
            p += 1;
        }
        occ += 1;
    }
    t
};

/// [`PERM_UNION`] spread to the band cells of the kept triads.
pub(super) const COMPLEX: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut occ = 0;
    while occ < 512 {
        let union = PERM_UNION[occ];
        let mut b = 0;
        while b < 9 {
            if union >> b & 1 != 0 {
                t[occ] |= 7 << (9 * (b / 3) + 3 * (b % 3));
            }
            b += 1;
        }
        occ += 1;
    }
    t
};

/// `STACK_KEEP[s][occ]`: for a stack's (column, band) occupancy `occ` (bit
/// `3 * band + column in stack`), the band-major column bits (bit
/// `9 * band + column`) of the pairs [`PERM_UNION`] keeps.
pub(super) const STACK_KEEP: [[u32; 512]; 3] = {
    let mut t = [[0u32; 512]; 3];
    let mut s = 0;
    while s < 3 {
        let mut occ = 0;
        while occ < 512 {
            let union = PERM_UNION[occ] as u32;
            let mut b = 0;
            while b < 3 {
                t[s][occ] |= (union >> (3 * b) & 7) << (9 * b + 3 * s);
                b += 1;
            }
            occ += 1;
        }
        s += 1;
    }
    t
};

/// The first stack's (column, band) occupancy of band-major column bits
/// `c` (shift `c` right by 3 or 6 for the other stacks).
#[inline(always)]
pub(super) fn stack_occupancy(c: u32) -> u32 {
    let x = c & 0x1C0E07;
    (x | x >> 6 | x >> 12) & 0x1FF
}

/// The 9-bit row pattern itself if it has exactly one cell, else 0.
pub(super) const ONE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 1;
    while x < 512 {
        if x & (x - 1) == 0 {
            t[x] = x as u16;
        }
        x += 1;
    }
    t
};

/// Other cells of the same row and box within the band, per band bit.
pub(super) const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (r, c) = (p / 9, p % 9);
        let mut m = 0x1FFu32 << (9 * r);
        let mut rr = 0;
        while rr < 3 {
            m |= 7 << (9 * rr + 3 * (c / 3));
            rr += 1;
        }
        t[p] = m & !(1 << p);
        p += 1;
    }
    t
};

/// Per cell (row-major), the cells of its row, column and box, itself
/// included, as bits of the three band boards side by side (band `b` at
/// bit `27 * b`, which is the row-major cell index).
pub(super) const PEERS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let mut o = 0;
        while o < 81 {
            if o / 9 == c / 9 || o % 9 == c % 9 || (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3) {
                t[c] |= 1 << o;
            }
            o += 1;
        }
        c += 1;
    }
    t
};

/// A 9-bit column set copied into the three rows of a band.
#[inline(always)]
pub(super) fn spread(cols: u32) -> u32 {
    cols * 0x40201
}

/// The columns (9 bits) a band board touches.
#[inline(always)]
pub(super) fn columns(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1FF
}

/// The three boxes of a band, as band bits.
pub(super) const BOX: [u32; 3] = [0x1C0E07, 0x1C0E07 << 3, 0x1C0E07 << 6];

/// The band cells of the rows (bit `r`) of a 3-bit row set.
pub(super) const ROW_CELLS: [u32; 8] = {
    let mut t = [0u32; 8];
    let mut x = 0;
    while x < 8 {
        let mut r = 0;
        while r < 3 {
            if x >> r & 1 != 0 {
                t[x] |= 0x1FF << (9 * r);
            }
            r += 1;
        }
        x += 1;
    }
    t
};

/// The band cells of the boxes (bit `k`) of a 3-bit box set.
pub(super) const BOX_CELLS: [u32; 8] = {
    let mut t = [0u32; 8];
    let mut x = 0;
    while x < 8 {
        let mut k = 0;
        while k < 3 {
            if x >> k & 1 != 0 {
                t[x] |= BOX[k];
            }
            k += 1;
        }
        x += 1;
    }
    t
};
