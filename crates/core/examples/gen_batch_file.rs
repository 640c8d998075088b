//! Writes a deterministic Azure batch file of support tickets for the
//! benchmark, about 2 KB per line:
//! `cargo run --release --example gen_batch_file -- LINES OUT.jsonl [--text mixed|ascii|halves]`
//! or `... LINES OUT.jsonl --shape korean|english|cjk|tools`.
//!
//! `--text` (default `mixed`): how the ticket text is written.
//! - `mixed`: as users write it, about 30% of the words Hangul within
//!   English text, with other multi-byte text now and then (accented Latin,
//!   Japanese, emoji);
//! - `ascii`: the same tickets in English only (the comparison);
//! - `halves`: half the tickets wholly in Korean, half in English (the
//!   bench file before issue 25).
//!
//! `--shape` (instead of `--text`): the bench's files shaped like users'
//! files, each from its own seed (see [`Shape`]):
//! - `korean`: Korean as written, words separated by spaces, about 30% of
//!   them Hangul (with their particles), the rest English; a system and a
//!   user message of about 2 KB, `max_tokens` 200, a deployment name that
//!   carries its model (`tickets-gpt-4o-mini-batch`);
//! - `english`: the same lines with every Hangul word replaced by an
//!   English word of as many bytes (the ASCII twin of `korean`: same size,
//!   same layout);
//! - `cjk`: the same lines in unspaced Chinese and Japanese runs;
//! - `tools`: structured outputs and tools on every line: a strict
//!   `response_format` json_schema of about 1.5 KB and four function tools
//!   with their parameter schemas, and a short English ticket.

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

/// The bench's file shapes (`--shape`).
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    Korean,
    English,
    Cjk,
    Tools,
}

/// Hangul words as Korean is written: with their particles and endings,
/// separated by spaces.
const KO_EOJEOL: &[&str] = &[
    "주문한",
    "상품이",
    "아직",
    "도착하지",
    "않았습니다",
    "결제가",
    "두",
    "번",
    "되었고",
    "환불을",
    "요청합니다",
    "배송",
    "조회가",
    "안",
    "됩니다",
    "계정에",
    "로그인할",
    "수",
    "없어요",
    "앱을",
    "업데이트한",
    "뒤로",
    "오류가",
    "계속",
    "납니다",
    "교환하고",
    "싶은데",
    "방법을",
    "알려",
    "주세요",
    "카드",
    "결제를",
    "취소했는데",
    "문의드립니다",
    "확인",
    "부탁드립니다",
    "사이즈가",
    "맞지",
    "않아서",
    "반품",
    "신청을",
    "했어요",
    "고객센터",
    "연결이",
    "어렵습니다",
    "빠른",
    "처리",
    "바랍니다",
];

/// The English twin of each of [`KO_EOJEOL`], as long in bytes: the
/// `english` shape is the `korean` one byte for byte in size and layout,
/// with ASCII where the Hangul was.
const EN_TWIN: &[&str] = &[
    "tracking,",
    "delivered",
    "refund",
    "notification",
    "congratulations",
    "yesterday",
    "but",
    "the",
    "cancelled",
    "confirmed",
    "recommendations",
    "charge",
    "different",
    "and",
    "requested",
    "customers",
    "subscription",
    "app",
    "immediate",
    "update",
    "straightforward",
    "orders",
    "tracking,",
    "parcel",
    "delivered",
    "successfully",
    "yesterday",
    "cancelled",
    "please",
    "confirmed",
    "thanks",
    "different",
    "troubleshooting",
    "telecommunications",
    "return",
    "telecommunications",
    "disappointed",
    "refund",
    "requested",
    "charge",
    "customers",
    "immediate",
    "acknowledged",
    "tracking,",
    "internationally",
    "update",
    "orders",
    "troubleshoot",
];

/// Unspaced runs as Chinese and Japanese are written.
const CJK_RUNS: &[&str] = &[
    "三月の注文が二重に請求されており、二回目の請求がまだ返金されていません。",
    "配送状況のページが九日間「輸送中」のまま更新されていません。",
    "最新のアプリに更新してから、Googleアカウントでログインできなくなりました。",
    "届いたミキサーから大きな異音がして、プラスチックが焦げたような臭いがします。",
    "我三月份的订单被重复扣款，第二笔款项至今没有退还。",
    "物流查询页面已经九天显示“运输中”，没有任何更新。",
    "银行说没有问题，但是结账页面一直拒绝我的信用卡。",
    "我想取消订阅，但是点击取消按钮时出现错误。",
    "サイズ表ではMと書いてありますが、届いたジャケットは明らかにSです。",
    "请在发货前把订单48213的收货地址改成我的公司地址。",
];

/// `words` words of ticket text: the words of [`EN`]'s sentences in order,
/// 3 in 10 replaced by a Hangul word in the `korean` shape; the `english`
/// shape draws the same numbers and puts that word's [`EN_TWIN`] there.
fn spaced_words(rng: &mut Rng, shape: Shape, words: usize, out: &mut String) {
    let mut sentence = rng.pick(EN).split(' ');
    for i in 0..words {
        let word = match sentence.next() {
            Some(w) => w,
            None => {
                sentence = rng.pick(EN).split(' ');
                sentence.next().unwrap_or("ticket")
            }
        };
        let roll = rng.next() % 100;
        let k = (rng.next() % KO_EOJEOL.len() as u64) as usize;
        if i > 0 {
            out.push(' ');
        }
        out.push_str(match shape {
            _ if roll >= 30 => word,
            Shape::Korean => KO_EOJEOL[k],
            _ => EN_TWIN[k],
        });
    }
}

/// Unspaced CJK text of about `bytes` bytes.
fn cjk_text(rng: &mut Rng, bytes: usize, out: &mut String) {
    while out.len() < bytes {
        out.push_str(rng.pick(CJK_RUNS));
    }
}

/// The strict `response_format` of the `tools` shape (every object closed,
/// every property required, as strict structured outputs need).
const TOOLS_RESPONSE_FORMAT: &str = r#"{"type": "json_schema", "json_schema": {"name": "ticket_triage", "description": "The triage of one support ticket: summary, category, priority, sentiment, entities and the next action for the agent.", "strict": true, "schema": {"type": "object", "properties": {"summary": {"type": "string", "description": "Two sentences that summarize the ticket in its own language."}, "category": {"type": "string", "enum": ["billing", "shipping", "account", "product", "other"], "description": "What the ticket is about."}, "priority": {"type": "string", "enum": ["low", "normal", "high", "urgent"]}, "sentiment": {"type": "string", "enum": ["negative", "neutral", "positive"]}, "language": {"type": "string", "description": "The ticket's language as a BCP 47 tag."}, "entities": {"type": "array", "description": "Orders, products, amounts and dates the ticket names.", "items": {"type": "object", "properties": {"kind": {"type": "string", "enum": ["order", "product", "amount", "date", "address", "account"]}, "value": {"type": "string"}, "confidence": {"type": "number"}}, "required": ["kind", "value", "confidence"], "additionalProperties": false}}, "next_action": {"type": "object", "properties": {"action": {"type": "string", "enum": ["refund", "replace", "reship", "reset_password", "escalate", "answer", "close"]}, "team": {"type": ["string", "null"], "enum": ["billing", "logistics", "identity", "quality", null]}, "note": {"type": "string", "description": "What the agent should say or do, in one sentence."}}, "required": ["action", "team", "note"], "additionalProperties": false}, "follow_up_days": {"type": ["integer", "null"], "description": "When to follow up, in days; null when no follow-up is needed."}}, "required": ["summary", "category", "priority", "sentiment", "language", "entities", "next_action", "follow_up_days"], "additionalProperties": false}}}"#;

/// The function tools of the `tools` shape.
const TOOLS: &str = r#"[{"type": "function", "function": {"name": "lookup_order", "description": "Looks up an order by its number: items, amounts, payment state and shipment tracking.", "strict": true, "parameters": {"type": "object", "properties": {"order_id": {"type": "string", "description": "The order number as the customer wrote it."}, "include_tracking": {"type": "boolean"}}, "required": ["order_id", "include_tracking"], "additionalProperties": false}}}, {"type": "function", "function": {"name": "refund_payment", "description": "Refunds all or part of an order's payment to the original payment method.", "strict": true, "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}, "amount": {"type": "number", "description": "The amount to refund, in the order's currency."}, "currency": {"type": "string", "enum": ["USD", "EUR", "KRW", "JPY"]}, "reason": {"type": "string", "enum": ["duplicate_charge", "not_delivered", "damaged", "returned", "other"]}}, "required": ["order_id", "amount", "currency", "reason"], "additionalProperties": false}}}, {"type": "function", "function": {"name": "update_address", "description": "Changes the delivery address of an order that has not shipped yet.", "strict": true, "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}, "address": {"type": "object", "properties": {"street": {"type": "string"}, "city": {"type": "string"}, "postal_code": {"type": "string"}, "country": {"type": "string", "description": "ISO 3166-1 alpha-2 code."}}, "required": ["street", "city", "postal_code", "country"], "additionalProperties": false}}, "required": ["order_id", "address"], "additionalProperties": false}}}, {"type": "function", "function": {"name": "escalate_ticket", "description": "Hands the ticket to a specialist team with a note.", "strict": true, "parameters": {"type": "object", "properties": {"team": {"type": "string", "enum": ["billing", "logistics", "identity", "quality"]}, "note": {"type": "string"}, "urgent": {"type": "boolean"}}, "required": ["team", "note", "urgent"], "additionalProperties": false}}}]"#;

/// Writes `lines` lines of a [`Shape`].
fn write_shape(out: &mut impl Write, lines: u64, shape: Shape) -> std::io::Result<()> {
    assert!(KO_EOJEOL.iter().zip(EN_TWIN).all(|(k, e)| k.len() == e.len()) && KO_EOJEOL.len() == EN_TWIN.len());
    let mut rng = Rng(match shape {
        Shape::Korean | Shape::English => 0x4B0_5EED,
        Shape::Cjk => 0xC7C_5EED,
        Shape::Tools => 0x7001_5EED,
    });
    // The system message, the same on every line (drawn like the tickets).
    let mut system = String::new();
    match shape {
        Shape::Korean | Shape::English => spaced_words(&mut rng, shape, 40, &mut system),
        Shape::Cjk => cjk_text(&mut rng, 240, &mut system),
        Shape::Tools => system.push_str(SYSTEM),
    }
    let system = serde_json::to_string(&system)?;
    let mut ticket = String::with_capacity(4096);
    for i in 0..lines {
        ticket.clear();
        match shape {
            // About 2 KB a line, 190 to 236 words: 100,000 lines stay under
            // the services' 200 MB file limit.
            Shape::Korean | Shape::English => {
                let words = 190 + (rng.next() % 47) as usize;
                spaced_words(&mut rng, shape, words, &mut ticket);
            }
            Shape::Cjk => cjk_text(&mut rng, 1_400, &mut ticket),
            // English tickets (the twin's words where Hangul would be).
            Shape::Tools => spaced_words(&mut rng, Shape::English, 60, &mut ticket),
        }
        write!(
            out,
            r#"{{"custom_id": "ticket-{:08}", "method": "POST", "url": "/v1/chat/completions", "body": {{"model": "tickets-gpt-4o-mini-batch", "max_tokens": 200, "messages": [{{"role": "system", "content": {system}}}, {{"role": "user", "content": {}}}]"#,
            i + 1,
            serde_json::to_string(&ticket)?,
        )?;
        if shape == Shape::Tools {
            write!(out, r#", "response_format": {TOOLS_RESPONSE_FORMAT}, "tools": {TOOLS}, "tool_choice": "auto""#)?;
        }
        writeln!(out, "}}}}")?;
    }
    Ok(())
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let shape = match args.iter().position(|a| a == "--shape").map(|i| args.get(i + 1).map(String::as_str)) {
        None => None,
        Some(Some("korean")) => Some(Shape::Korean),
        Some(Some("english")) => Some(Shape::English),
        Some(Some("cjk")) => Some(Shape::Cjk),
        Some(Some("tools")) => Some(Shape::Tools),
        Some(_) => {
            eprintln!("--shape korean|english|cjk|tools");
            std::process::exit(2);
        }
    };
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
        eprintln!("usage: gen_batch_file LINES OUT.jsonl [--text mixed|ascii|halves | --shape korean|english|cjk|tools]");
        std::process::exit(2);
    };
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(path)?);
    if let Some(shape) = shape {
        write_shape(&mut out, lines, shape)?;
        return out.flush();
    }
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
