//! Issue 38: newer models bill images as 32-px patches × a per-model
//! multiplier (OpenAI's images and vision guide, "patch-based image
//! tokenization"), not 512-px tiles. Expected figures are the guide's own
//! worked examples.

use super::batch_media_tokens::png_data_url;
use batchlane_core::batch::{check_bytes, CheckOptions, Dialect, ImageDetail, PatchFacts};
use batchlane_core::facts::{Catalog, Kind};

fn patch(model: &str) -> PatchFacts {
    PatchFacts::for_model(&Catalog::builtin(), model).unwrap_or_else(|| panic!("{model} counts in patches"))
}

#[test]
fn gpt_5_4_high_detail_matches_the_guides_examples() {
    let p = patch("gpt-5.4");
    // "A 1024 × 1024 image needs 32 × 32 = 1024 patches … ceil(1024 × 1.2) = 1229 tokens."
    assert_eq!(p.patches(1024, 1024, ImageDetail::High), 1024);
    assert_eq!(p.tokens(1024), 1229);
    // "A 2048 × 2048 image … reduces it to 1600 × 1600 pixels, or 50 × 50 = 2500 patches … ceil(2500 × 1.2) = 3000."
    assert_eq!(p.patches(2048, 2048, ImageDetail::High), 2500);
    assert_eq!(p.tokens(p.patches(2048, 2048, ImageDetail::High)), 3000);
    // gpt-5.4's `auto` is `high`.
    assert_eq!(p.patches(2048, 2048, ImageDetail::Auto), 2500);
}

#[test]
fn the_earlier_1536_patch_budget_matches_its_examples() {
    // The earlier revision's examples (budget 1,536): 1024 × 1024 → 1024
    // patches; 1800 × 2400 → 1452 patches (shrunk to 1056 × 1408).
    let p = patch("o4-mini");
    assert_eq!(p.patches(1024, 1024, ImageDetail::Auto), 1024);
    assert_eq!(p.patches(1800, 2400, ImageDetail::High), 1452);
    // o4-mini's multiplier is 1.72: ceil(1452 × 1.72) = 2498.
    assert_eq!(p.tokens(1452), 2498);
}

#[test]
fn models_keep_their_rule() {
    let c = Catalog::builtin();
    for m in ["gpt-5.6-sol", "gpt-5.5", "gpt-5.4-mini", "gpt-5.2", "gpt-4.1-mini", "gpt-5-nano"] {
        assert!(PatchFacts::for_model(&c, m).is_some(), "{m} counts in patches");
    }
    for m in ["gpt-4o", "gpt-4.1", "gpt-4o-mini", "gpt-5.1", "o3"] {
        assert!(PatchFacts::for_model(&c, m).is_none(), "{m} counts in tiles");
        assert!(c.get(Kind::ImageTileTokens, m).is_some(), "{m} has its tile figures");
    }
    // gpt-5.1's tile figures are its own (70 base, 140 a tile), not gpt-4o's.
    assert_eq!((c.get(Kind::ImageBaseTokens, "gpt-5.1"), c.get(Kind::ImageTileTokens, "gpt-5.1")), (Some(70.0), Some(140.0)));
    // gpt-5.6 has no budget on `original`/`auto`: a big image takes every patch.
    let sol = patch("gpt-5.6-sol");
    assert_eq!(sol.patches(4096, 4096, ImageDetail::Auto), 128 * 128);
    assert_eq!(sol.patches(4096, 4096, ImageDetail::High), 2500);
    // `low` fits 512 × 512 there.
    assert_eq!(sol.patches(4096, 2048, ImageDetail::Low), 16 * 8);
}

#[test]
fn a_batch_check_counts_a_gpt_5_4_image_in_patches() {
    let img = format!(r#"{{"type":"image_url","image_url":{{"url":"{}","detail":"high"}}}}"#, png_data_url(2048, 2048));
    let line = format!(
        r#"{{"custom_id":"r1","method":"POST","url":"/v1/chat/completions","body":{{"model":"gpt-5.4","max_completion_tokens":10,"messages":[{{"role":"user","content":[{img}]}}]}}}}"#
    );
    let opts = CheckOptions { dialect: Dialect::OpenAi, count_tokens: true, ..CheckOptions::default() };
    let r = check_bytes(format!("{line}\n").as_bytes(), opts, &Catalog::builtin());
    let m = r.tokens.expect("tokens counted").media;
    assert_eq!((m.image_parts, m.images_estimated, m.image_tokens), (1, 0, 3000));
}
