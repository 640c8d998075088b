//! Issue 17, item 5: image parts and tool definitions count (they counted
//! zero), by the catalog's tile formula and the Cookbook's tool estimate,
//! and the report says which of them are estimates.

use batchlane_core::batch::{check_bytes, CheckOptions, Dialect};
use batchlane_core::facts::{Catalog, Kind};

fn opts() -> CheckOptions {
    CheckOptions { dialect: Dialect::OpenAi, model: Some("gpt-4o".into()), ..CheckOptions::default() }
}

fn line(i: u32, image: &str) -> String {
    format!(
        r#"{{"custom_id":"r{i}","method":"POST","url":"/v1/chat/completions","body":{{"model":"gpt-4o","max_tokens":10,"messages":[{{"role":"user","content":[{{"type":"text","text":"What is in this picture?"}},{image}]}}]}}}}"#
    )
}

fn file(image: &str) -> String {
    (0..50).map(|i| line(i, image) + "\n").collect()
}

/// A base64 PNG header of a `w` × `h` image (enough for its size; the
/// patch tests use it too).
pub(crate) fn png_data_url(w: u32, h: u32) -> String {
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    png.extend_from_slice(&w.to_be_bytes());
    png.extend_from_slice(&h.to_be_bytes());
    png.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0]);
    const T: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let b64: String = png
        .chunks(3)
        .flat_map(|c| {
            let n = c.iter().enumerate().fold(0u32, |a, (i, &x)| a | (x as u32) << (16 - 8 * i));
            (0..4).map(move |i| if i <= c.len() { T[(n >> (18 - 6 * i) & 63) as usize] as char } else { '=' })
        })
        .collect();
    format!("data:image/png;base64,{b64}")
}

#[test]
fn a_high_detail_image_counts_its_tiles() {
    let c = Catalog::builtin();
    let (base, tile) = (c.require(Kind::ImageBaseTokens, "gpt-4o") as u64, c.require(Kind::ImageTileTokens, "gpt-4o") as u64);
    let text_only = check_bytes(file(r#"{"type":"text","text":""}"#).as_bytes(), opts(), &c).summary.prompt_tokens.unwrap();
    // 1024 × 1024, high detail: scaled to 768 × 768, 4 tiles (the guide's example).
    let img = format!(r#"{{"type":"image_url","image_url":{{"url":"{}","detail":"high"}}}}"#, png_data_url(1024, 1024));
    let r = check_bytes(file(&img).as_bytes(), opts(), &c);
    assert_eq!(r.summary.prompt_tokens.unwrap() - text_only, 50 * (base + 4 * tile));
    let m = r.tokens.as_ref().unwrap().media;
    assert_eq!((m.image_parts, m.images_estimated, m.image_tokens), (50, 0, 50 * (base + 4 * tile)));
    // 2048 × 4096: fit in 2048 (1024 × 2048), short side 768 (768 × 1536), 2 × 3 tiles.
    let tall = format!(r#"{{"type":"image_url","image_url":{{"url":"{}"}}}}"#, png_data_url(2048, 4096));
    let r = check_bytes(file(&tall).as_bytes(), opts(), &c);
    assert_eq!(r.tokens.unwrap().media.image_tokens, 50 * (base + 6 * tile));
}

#[test]
fn an_image_of_unknown_size_counts_at_the_upper_bound_and_says_so() {
    let c = Catalog::builtin();
    let (base, tile) = (c.require(Kind::ImageBaseTokens, "gpt-4o") as u64, c.require(Kind::ImageTileTokens, "gpt-4o") as u64);
    let short = c.require(Kind::ImageShortSidePx, "tile");
    let fit = c.require(Kind::ImageFitSidePx, "tile");
    let side = c.require(Kind::ImageTileSidePx, "tile");
    let max_tiles = (short / side).ceil() as u64 * (fit / side).ceil() as u64;
    let img = r#"{"type":"image_url","image_url":{"url":"https://example.com/cat.png","detail":"high"}}"#;
    let r = check_bytes(file(img).as_bytes(), opts(), &c);
    let m = r.tokens.as_ref().unwrap().media;
    assert_eq!((m.image_parts, m.images_estimated), (50, 50));
    assert_eq!(m.image_tokens, 50 * (base + max_tiles * tile));
    assert!(r.summary.prompt_tokens.unwrap() > 50 * (base + max_tiles * tile), "the text counts too");
    // Low detail: a flat figure, exact whatever the size.
    let low = r#"{"type":"image_url","image_url":{"url":"https://example.com/cat.png","detail":"low"}}"#;
    let m = check_bytes(file(low).as_bytes(), opts(), &c).tokens.unwrap().media;
    assert_eq!((m.images_estimated, m.image_tokens), (0, 50 * c.require(Kind::ImageLowDetailTokens, "gpt-4o") as u64));
}

#[test]
fn tool_definitions_count_as_an_estimate() {
    let c = Catalog::builtin();
    let plain = r#"{"custom_id":"a","method":"POST","url":"/v1/chat/completions","body":{"model":"gpt-4o","max_tokens":10,"messages":[{"role":"user","content":"weather?"}]}}"#;
    let tools = plain.replace(
        r#""messages""#,
        r#""tools":[{"type":"function","function":{"name":"get_weather","description":"Current weather.","parameters":{"type":"object","properties":{"city":{"type":"string","description":"City name"},"unit":{"type":"string","enum":["c","f"]}}}}}],"messages""#,
    );
    let a = check_bytes(plain.as_bytes(), opts(), &c).summary.prompt_tokens.unwrap();
    let r = check_bytes(tools.as_bytes(), opts(), &c);
    let m = r.tokens.as_ref().unwrap().media;
    assert_eq!(m.tool_requests, 1);
    assert!(m.tool_tokens > c.require(Kind::ToolFuncEnd, "gpt-4o") as u64);
    assert_eq!(r.summary.prompt_tokens.unwrap(), a + m.tool_tokens);
}
