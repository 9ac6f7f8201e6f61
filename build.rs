//! Links the `puzzlebook` binary as a plain (non-PIE) executable on Linux
//! with glibc. A position-independent executable is relocated by the
//! dynamic loader at every start: about 15,000 relocations, each writing a
//! page of vtables and string tables that then has to be copied. A short
//! `solve` spent most of its start-up there (docs/speed.md, item 3). The
//! library and the test binaries are built as before; only the binaries'
//! link changes.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
