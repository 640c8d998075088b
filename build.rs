//! With the `split` feature, the app's wasm is linked with its relocations
//! (`--emit-relocs`): `wasm-split-cli` (tools/wasm-split.mjs) needs them to
//! move each lazy route's code into its own chunk. Only the `app` binary on
//! wasm32; nothing else changes (the dependencies keep their fingerprints).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    if wasm && std::env::var_os("CARGO_FEATURE_SPLIT").is_some() {
        println!("cargo:rustc-link-arg-bin=app=--emit-relocs");
    }
}
