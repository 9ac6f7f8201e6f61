//! Fixed-width bitsets over cells, the representation of the hot path.
//!
//! `W` is the number of 64-bit words: a 9×9 grid fits in `Bits<2>`, a 16×16
//! grid in `Bits<4>`, a samurai canvas (369 cells) in `Bits<6>`. Making the
//! width a const generic lets the compiler unroll every word loop.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> Bits<W> {
    pub const EMPTY: Self = Bits([0; W]);
    pub const CAPACITY: usize = W * 64;

    /// The set {0, 1, …, n-1}.
    pub fn first_n(n: usize) -> Self {
        let mut bits = Self::EMPTY;
        for i in 0..n {
            bits.insert(i);
        }
        bits
    }

    #[inline(always)]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1u64 << (i & 63);
    }

    #[inline(always)]
    pub fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1u64 << (i & 63));
    }

    #[inline(always)]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// `self & !other`, the cells of `self` not in `other`.
    #[inline(always)]
    pub fn minus(self, other: Self) -> Self {
        let mut out = self;
        for i in 0..W {
            out.0[i] &= !other.0[i];
        }
        out
    }

    #[inline(always)]
    pub fn intersects(&self, other: &Self) -> bool {
        (0..W).any(|i| self.0[i] & other.0[i] != 0)
    }

    #[inline(always)]
    pub fn first(&self) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    #[inline(always)]
    pub fn iter(&self) -> BitIter<W> {
        BitIter { bits: *self, word: 0, current: if W > 0 { self.0[0] } else { 0 } }
    }
}

/// The set bits, lowest first. The word being read is kept apart from the
/// array (in a register), which an indexed array would not be.
pub struct BitIter<const W: usize> {
    bits: Bits<W>,
    word: usize,
    current: u64,
}

impl<const W: usize> Iterator for BitIter<W> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        loop {
            if self.current != 0 {
                let bit = self.current.trailing_zeros() as usize;
                self.current &= self.current - 1;
                return Some(self.word * 64 + bit);
            }
            self.word += 1;
            if self.word >= W {
                return None;
            }
            self.current = self.bits.0[self.word];
        }
    }
}

macro_rules! wordwise {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl<const W: usize> $trait for Bits<W> {
            type Output = Self;
            #[inline(always)]
            fn $method(self, rhs: Self) -> Self {
                let mut out = self;
                for i in 0..W {
                    out.0[i] = self.0[i] $op rhs.0[i];
                }
                out
            }
        }
        impl<const W: usize> $assign_trait for Bits<W> {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Self) {
                for i in 0..W {
                    self.0[i] = self.0[i] $op rhs.0[i];
                }
            }
        }
    };
}
wordwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wordwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wordwise!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<const W: usize> Not for Bits<W> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        let mut out = self;
        for w in out.0.iter_mut() {
            *w = !*w;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate_across_words() {
        let mut b = Bits::<2>::EMPTY;
        for i in [0, 63, 64, 80, 127] {
            b.insert(i);
        }
        b.remove(63);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 64, 80, 127]);
        assert_eq!(b.len(), 4);
        assert_eq!(b.first(), Some(0));
        assert!(b.contains(80) && !b.contains(63));
        assert_eq!(Bits::<2>::first_n(81).len(), 81);
        assert_eq!((b.minus(Bits::first_n(65))).iter().collect::<Vec<_>>(), vec![80, 127]);
    }

    #[test]
    fn iteration_skips_empty_words_and_ends_on_the_last() {
        assert_eq!(Bits::<4>::EMPTY.iter().next(), None);
        let mut b = Bits::<4>::EMPTY;
        b.insert(255);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![255]);
        b.insert(130);
        b.insert(64);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![64, 130, 255]);
        assert_eq!(Bits::<4>::first_n(256).iter().count(), 256);
        assert_eq!(Bits::<10>::first_n(600).iter().last(), Some(599));
    }
}
