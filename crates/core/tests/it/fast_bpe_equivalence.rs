//! The fast token counter (the hand-written pre-tokenizer of
//! `batch/tokens/scan_pieces.rs`, the piece cache and our own byte-pair merge over
//! the packed rank tables) counts exactly as tiktoken-rs `encode_ordinary`
//! (the same as Python tiktoken), for o200k_base and cl100k_base: whitespace
//! and pre-tokenization edge cases, the samples and fixtures, long pieces and
//! random text.

use batchlane_core::batch::{Tiktoken, TokenCounter, TokenizerProvider, SAMPLES};
use batchlane_core::facts::Encoding;
use proptest::prelude::*;

thread_local! {
    static OURS: [Box<dyn TokenCounter>; 2] =
        [Tiktoken.counter(Encoding::O200kBase).unwrap(), Tiktoken.counter(Encoding::Cl100kBase).unwrap()];
}

fn ours(enc: Encoding, text: &str) -> usize {
    OURS.with(|c| c[if enc == Encoding::O200kBase { 0 } else { 1 }].count(text) as usize)
}

fn reference(enc: Encoding, text: &str) -> usize {
    let bpe = match enc {
        Encoding::O200kBase => tiktoken_rs::o200k_base_singleton(),
        Encoding::Cl100kBase => tiktoken_rs::cl100k_base_singleton(),
    };
    bpe.encode_ordinary(text).len()
}

fn assert_same(text: &str) {
    for enc in [Encoding::O200kBase, Encoding::Cl100kBase] {
        assert_eq!(ours(enc, text), reference(enc, text), "{enc:?} on {text:?}");
    }
}

#[test]
fn whitespace_edge_cases() {
    for t in [
        "",
        " ",
        "  ",
        "a ",
        "a  ",
        " a",
        "  a",
        "   a",
        "a  b",
        "a \t b",
        "\t\ta",
        "a\u{3000}\u{3000}b",
        "a\u{a0}\u{a0}b",
        "\n",
        "\n\n",
        " \n",
        "\n ",
        "\n  a",
        " \r\n a",
        "a \n",
        "a  \r\n\r\n  b  ",
        "  ,",
        "  '",
        "  1",
        "  \u{301}",
        "x   \u{AC00}",
        "1234567",
        "don't  I'LL  we've",
        "hello\n\n\n\nworld   \n",
        "   \t\t  \n\r\t  x",
    ] {
        assert_same(t);
    }
}

#[test]
fn samples_and_fixtures() {
    for s in SAMPLES {
        assert_same(s.text);
        for line in s.text.lines() {
            assert_same(line);
        }
    }
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures");
    let mut stack = vec![std::path::PathBuf::from(dir)];
    let mut files = 0;
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
        } else if let Ok(text) = std::fs::read_to_string(&p) {
            assert_same(&text);
            files += 1;
        }
    }
    assert!(files > 5, "fixtures found: {files}");
}

#[test]
fn long_runs_use_the_large_merge() {
    assert_same(&"a".repeat(1000));
    assert_same(&" ".repeat(500));
    assert_same(&format!("x{}y", " ".repeat(300)));
    assert_same(&"ab".repeat(400));
    assert_same(&"안녕하세요".repeat(50));
    assert_same(&"=".repeat(257));
}

#[test]
fn long_single_pieces_are_counted_by_windows_like_tiktoken() {
    // Longer than one window (see bpe.rs): merged window by window.
    let mut x = 12_345u32;
    let mut next = |n: u32| {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (x >> 16) % n
    };
    let letters: String = (0..20_000).map(|_| char::from(b'a' + next(26) as u8)).collect();
    let few: String = (0..20_000).map(|_| if next(5) == 0 { 'b' } else { 'a' }).collect();
    let hanzi: String = (0..8_000).map(|_| char::from_u32(0x4E00 + next(2000)).unwrap()).collect();
    for text in ["a".repeat(20_000), "z".repeat(30_001), letters, few, hanzi, "ab".repeat(10_000), "=".repeat(20_000), "가".repeat(10_000)]
    {
        assert_same(&text);
    }
}

#[test]
fn long_pieces_that_repeat_window_by_window() {
    // Windows with the same bytes reuse the last merge (bpe.rs): periods
    // that divide the window, that do not, and runs whose windows end
    // mid-token.
    let block = format!("{}b", "a".repeat(4095));
    for text in [
        block.repeat(4),
        "abcd".repeat(4_100),
        "abc".repeat(5_000),
        format!("{}q", "x".repeat(16_385)),
        "-=".repeat(6_000),
        "😀".repeat(3_000),
        "Ab".repeat(7_000),
    ] {
        assert_same(&text);
    }
}

#[test]
fn pre_tokenization_edge_cases() {
    for t in [
        // ASCII words, capitals, contractions (also with U+017F, which `(?i:s)` matches).
        "Hello World HTTPServer iPhone McDONALD's",
        "don't DON'T we'll THEY'RE you've I'M he'd it'S 'T ''s",
        "x'ſ x'ſt 'ſ",
        // Digits in threes, other scripts' digits and number signs.
        "1 12 123 1234 1234567 ١٢٣٤٥ ½¼ 𝟘𝟙𝟚𝟛",
        // Whitespace runs, Unicode spaces, newlines.
        "a    b\t\t\tc \u{85}\u{2028}d\u{2029} \u{3000}\u{3000}e",
        "   \n\n   \r\n  x   \n",
        "  ",
        "end\n\n  ",
        // Marks on their own and after letters and capitals.
        "\u{301}A \u{301} a\u{301}B\u{301}c \u{300}\u{301}x",
        "ǅungla ǅ ᾈx Xᾈ",
        // Hangul, CJK, emoji (with skin tones and joiners).
        "안녕하세요, 세계! 받은 블렌더에서 갈리는 소리가",
        "日本語のテキスト。漢字とかな",
        "😀😀 👍🏽 a😀b 👩‍👩‍👧 🇰🇷",
        // Punctuation with slashes and newlines after it.
        "a/b//c\n/\n !!\n\n/ x ,",
    ] {
        assert_same(t);
    }
}

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z]{1,8}",
        "[0-9]{1,5}",
        "[ \t]{1,4}",
        Just("\r".to_string()),
        Just("\n".to_string()),
        Just("\r\n".to_string()),
        "[!-/:-@\\[-`{-~]{1,3}",
        prop::sample::select(vec!["'s", "'T", "'re", "'LL", "'d", "'", "'ve"]).prop_map(str::to_string),
        "[가-힣]{1,4}",
        "[一-龥]{1,3}",
        "[àéîõüÀÉÇñß]{1,3}",
        "[\u{300}-\u{36f}]{1,2}",
        "[\u{a0}\u{3000}\u{2003}]{1,2}",
        "[ΑαΣσЖж]{1,3}",
        "[ǅᾈ]{1}",
        "[😀👍🏽🇰]{1,3}",
        "[١٢½𝟘]{1,3}",
        prop::sample::select(vec!["'ſ", "\u{85}", "\u{2028}", "  \n", "\t\t"]).prop_map(str::to_string),
        "[a-z]{9,30}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    #[test]
    fn counts_of_any_chars_match_tiktoken(text in "\\PC{0,40}") {
        for enc in [Encoding::O200kBase, Encoding::Cl100kBase] {
            prop_assert_eq!(ours(enc, &text), reference(enc, &text), "{:?} on {:?}", enc, text);
        }
    }

    #[test]
    fn counts_match_tiktoken(parts in prop::collection::vec(piece(), 0..24)) {
        let text: String = parts.concat();
        for enc in [Encoding::O200kBase, Encoding::Cl100kBase] {
            prop_assert_eq!(ours(enc, &text), reference(enc, &text), "{:?} on {:?}", enc, text);
        }
    }
}
