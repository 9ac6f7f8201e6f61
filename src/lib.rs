//! puzzlebook: generates sudoku-family puzzles under layout rules, proves
//! each has exactly one solution, grades it, and (in later stages) stores
//! and prints it. The binary's `cli` only parses arguments and calls these.

pub mod art;
pub mod batch;
pub mod bits;
pub mod book;
pub mod canon;
pub mod check;
pub mod cli;
pub mod family;
pub mod fill;
pub mod formats;
pub mod generate;
pub mod grade;
pub mod import;
pub mod killer;
pub mod lang;
pub mod layout;
pub mod level;
pub mod model;
pub mod nonogram;
pub mod page;
pub mod pdf;
pub mod preflight;
pub mod puzzle_file;
pub mod raster;
pub mod record;
pub mod score;
pub mod slither;
pub mod snake;
pub mod solver;
pub mod store;
pub mod studio;
pub mod twins;
pub mod validate;
