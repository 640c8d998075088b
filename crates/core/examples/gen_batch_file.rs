//! Writes a deterministic Azure batch file of support tickets for the
//! benchmark, about 2 KB per line:
//! `cargo run --release --example gen_batch_file -- LINES OUT.jsonl [--text mixed|ascii|halves]`.
//!
//! `--text` (default `mixed`): how the ticket text is written.
//! - `mixed`: as users write it, about 30% of the words Hangul within
//!   English text, with other multi-byte text now and then (accented Latin,
//!   Japanese, emoji);
//! - `ascii`: the same tickets in English only (the comparison);
//! - `halves`: half the tickets wholly in Korean, half in English (the
//!   bench file before issue 25).

use std::io::{BufWriter, Write};

/// A small deterministic generator (SplitMix64); no rand crate needed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

const SYSTEM: &str = "You are a support assistant for an online retailer. Summarize the customer's ticket in two sentences, classify it as billing, shipping, account, product or other, and propose the next action for the agent. Answer in the language of the ticket.";

const EN: &[&str] = &[
    "I was charged twice for my March order and the second charge has not been refunded yet.",
    "The package tracking page has shown 'in transit' for nine days without any update.",
    "After the latest app update I can no longer log in with my Google account.",
    "The blender I received makes a loud grinding noise and smells like burning plastic.",
    "Please change the delivery address on order 48213 to my office before it ships.",
    "Your checkout page rejects my card although the bank says there is no problem.",
    "I would like to cancel my subscription but the cancel button gives an error.",
    "The size chart says medium but the jacket I received is clearly a small.",
];

const KO: &[&str] = &[
    "3월 주문 건이 두 번 결제되었는데 두 번째 결제가 아직 환불되지 않았습니다.",
    "배송 조회 화면이 9일째 '배송 중'으로만 나오고 변동이 없습니다.",
    "앱을 최신 버전으로 업데이트한 뒤로 구글 계정으로 로그인이 되지 않습니다.",
    "받은 블렌더에서 갈리는 소리가 크게 나고 플라스틱 타는 냄새가 납니다.",
    "주문 48213의 배송지를 발송 전에 회사 주소로 바꿔 주세요.",
    "은행에서는 문제가 없다는데 결제 페이지에서 카드가 계속 거절됩니다.",
    "구독을 해지하고 싶은데 해지 버튼을 누르면 오류가 납니다.",
    "사이즈표에는 M이라고 되어 있는데 받은 재킷은 분명히 S입니다.",
];

/// Hangul words mixed into English text (product names, status words).
const KO_WORDS: &[&str] =
    &["결제", "환불", "배송", "주문", "계정", "로그인", "오류", "해지", "구독", "재킷", "사이즈", "교환", "문의", "확인", "요청"];
/// Other multi-byte text users paste: accented Latin, Japanese, emoji.
const OTHER: &[&str] = &["café", "naïve", "Zürich", "注文", "配送", "返金", "🙂", "📦", "—", "€12"];

#[derive(Clone, Copy, PartialEq)]
enum Text {
    Mixed,
    Ascii,
    Halves,
}

/// About 1.5 KB of ticket text.
fn ticket_text(rng: &mut Rng, text: Text, out: &mut String) {
    out.clear();
    match text {
        Text::Halves => {
            let korean = rng.next().is_multiple_of(2);
            while out.len() < 1_480 {
                out.push_str(rng.pick(if korean { KO } else { EN }));
                out.push(' ');
            }
        }
        Text::Ascii | Text::Mixed => {
            // English sentences word by word; in `mixed`, 3 words in 10
            // become Hangul and 1 in 50 other multi-byte text.
            while out.len() < 1_480 {
                for word in rng.pick(EN).split(' ') {
                    let roll = rng.next() % 100;
                    if text == Text::Mixed && roll < 30 {
                        out.push_str(rng.pick(KO_WORDS));
                    } else if text == Text::Mixed && roll < 32 {
                        out.push_str(rng.pick(OTHER));
                    } else {
                        out.push_str(word);
                    }
                    out.push(' ');
                }
            }
        }
    }
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = match args.iter().position(|a| a == "--text").map(|i| args.get(i + 1).map(String::as_str)) {
        None | Some(Some("mixed")) => Text::Mixed,
        Some(Some("ascii")) => Text::Ascii,
        Some(Some("halves")) => Text::Halves,
        Some(_) => {
            eprintln!("--text mixed|ascii|halves");
            std::process::exit(2);
        }
    };
    let (Some(lines), Some(path)) = (args.first().and_then(|n| n.parse::<u64>().ok()), args.get(1)) else {
        eprintln!("usage: gen_batch_file LINES OUT.jsonl [--text mixed|ascii|halves]");
        std::process::exit(2);
    };
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(path)?);
    let mut rng = Rng(0x5EED_BA7C);
    let mut ticket = String::with_capacity(4096);
    for i in 0..lines {
        ticket_text(&mut rng, text, &mut ticket);
        // Written by hand to keep the keys in the usual order.
        writeln!(
            out,
            r#"{{"custom_id": "ticket-{:08}", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "batch-summarize", "max_tokens": 300, "messages": [{{"role": "system", "content": {}}}, {{"role": "user", "content": {}}}]}}}}"#,
            i + 1,
            serde_json::to_string(SYSTEM)?,
            serde_json::to_string(ticket.trim_end())?,
        )?;
    }
    out.flush()
}
