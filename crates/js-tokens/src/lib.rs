//! `batchlane_tokens`: the token counter of batchlane's core alone, built
//! by wasm-bindgen (`--target web`) into the npm package's
//! `batchlane-core/tokens` entry (`./dev npm`). It links nothing of the
//! checker, so the module a page downloads to count tokens stays small
//! (the bench prints its size beside the o200k table's). The counts are
//! the core's `Tiktoken` counter's, the same as `batchlane-core`'s
//! `countTokens` and the CLI's. Errors are thrown as `"Kind: message"`,
//! as in `batchlane_js`.

use batchlane_core::batch::{self, TokenizerProvider};
use batchlane_core::facts::Encoding;
use wasm_bindgen::prelude::*;

fn err(kind: &str, message: impl std::fmt::Display) -> JsValue {
    JsValue::from_str(&format!("{kind}: {message}"))
}

fn encoding(name: &str) -> Result<Encoding, JsValue> {
    Encoding::from_name(name).ok_or_else(|| err("OptionError", format!("unknown encoding '{name}' (o200k_base or cl100k_base)")))
}

/// Installs an encoding's packed rank table (the package's
/// `tokenizers/NAME.bin`); a table already there is kept.
#[wasm_bindgen(js_name = installRankTable)]
pub fn install_rank_table(name: &str, packed: &[u8]) -> Result<(), JsValue> {
    batch::install_rank_table(encoding(name)?, packed).map_err(|e| err("ReadError", format!("not a rank table of {name} (at {})", e.line)))
}

/// Whether an encoding's table is installed.
#[wasm_bindgen(js_name = rankTableReady)]
pub fn rank_table_ready(name: &str) -> Result<bool, JsValue> {
    Ok(batch::rank_table_ready(encoding(name)?))
}

/// The file name of an encoding's table in the package (`tokenizers/`).
#[wasm_bindgen(js_name = rankTableFile)]
pub fn rank_table_file(name: &str) -> Result<String, JsValue> {
    Ok(batch::rank_table_file(encoding(name)?).to_string())
}

/// Tokens of `text` in an encoding: equal to tiktoken's
/// `len(encode_ordinary(text))`.
#[wasm_bindgen(js_name = countTokens)]
pub fn count_tokens(text: &str, encoding_name: &str) -> Result<f64, JsValue> {
    let e = encoding(encoding_name)?;
    let counter = batch::Tiktoken.counter(e).ok_or_else(|| err("InternalError", format!("the {encoding_name} table is not installed")))?;
    // A count is far below 2^53: exact as a JavaScript number.
    Ok(counter.count(text) as f64)
}

/// The package's version (the crate's; `batchlane-core`'s main entry re-exports it).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
