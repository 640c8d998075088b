//! The Service Bus message checker: body and application properties against
//! the tier's limits, and the claim-check recommendation and message.

use crate::facts::Kind;
use crate::format::prose_number;
use serde::{Deserialize, Serialize};

use super::lint::Severity;
use super::text::{FormError, Text};
use crate::facts::Catalog;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tier {
    Basic,
    Standard,
    Premium,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Property {
    pub name: String,
    pub value: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MessageInput {
    pub tier: Tier,
    /// Premium only: the entity's max message size; `None` = the catalog's default (1 MB).
    pub premium_entity_max_bytes: Option<f64>,
    /// The body as pasted.
    pub body: String,
    /// The body's size when only the size is known (overrides `body`'s length).
    pub body_bytes: Option<f64>,
    pub properties: Vec<Property>,
    pub message_id: String,
    pub session_id: String,
    /// On a topic: how many subscriptions the message matches (quota counting).
    pub matching_subscriptions: Option<u32>,
}

/// What a finding is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SbCode {
    MessageTooLarge,
    PropertyTooLarge,
    PropertiesTooLarge,
    CountsMoreThanOnce,
    IdTooLong,
    ClaimCheckRecommended,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SbFinding {
    pub code: SbCode,
    pub severity: Severity,
    pub text: Text,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MessageCheck {
    pub body_bytes: f64,
    /// Names + values of the application properties, UTF-8 bytes.
    pub properties_bytes: f64,
    /// Body + properties + message id + session id.
    pub total_bytes: f64,
    /// The message size limit that applies.
    pub limit_bytes: f64,
    /// Times the message counts toward the entity's size quota.
    pub quota_charge: u32,
    pub claim_check_recommended: bool,
    pub findings: Vec<SbFinding>,
}

/// A body at least this large is treated as a payload that belongs in Blob
/// Storage (our heuristic, not a Service Bus limit).
pub const CLAIM_CHECK_HINT_BYTES: usize = 16 * 1024;
/// A plain-text body with at least this many words reads as a document.
pub const CLAIM_CHECK_HINT_WORDS: usize = 200;

fn kb(x: f64) -> String {
    format!("{} KB", prose_number(x / 1024.0))
}

/// Why a body looks like it carries a prompt or a document (empty: it doesn't).
pub fn prompt_or_document_signals(body: &str) -> Vec<Text> {
    let mut s = Vec::new();
    if body.len() >= CLAIM_CHECK_HINT_BYTES {
        s.push(Text::new(
            format!("the body is {} bytes", prose_number(body.len() as f64)),
            format!("바디가 {}바이트입니다", prose_number(body.len() as f64)),
        ));
    }
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(body) {
        let has_messages = v.get("messages").and_then(|m| m.as_array()).is_some_and(|a| a.iter().any(|m| m.get("role").is_some()));
        if has_messages {
            s.push(Text::new("it holds a chat \"messages\" array", "채팅 \"messages\" 배열이 들어 있습니다"));
        }
        for key in ["prompt", "input", "document", "content", "text"] {
            if v.get(key).is_some_and(|x| x.as_str().is_some_and(|t| t.split_whitespace().count() >= CLAIM_CHECK_HINT_WORDS / 4)) {
                s.push(Text::new(format!("its \"{key}\" field holds running text"), format!("\"{key}\" 필드에 긴 본문이 들어 있습니다")));
            }
        }
    } else if body.split_whitespace().count() >= CLAIM_CHECK_HINT_WORDS {
        s.push(Text::new("it reads as running text (a document)", "본문(문서)처럼 보이는 긴 텍스트입니다"));
    }
    s
}

pub fn validate(input: &MessageInput, catalog: &Catalog) -> Vec<FormError> {
    let mut e = Vec::new();
    if let Some(b) = input.body_bytes {
        if !b.is_finite() || b < 0.0 {
            e.push(crate::snippets::form_error(
                "body_bytes",
                "The body size must be a number of bytes, 0 or more.",
                "바디 크기는 0 이상의 바이트 수여야 합니다.",
            ));
        }
    }
    if let Some(m) = input.premium_entity_max_bytes {
        let cap = catalog.require(Kind::SbMaxMessageBytes, "premium");
        if !m.is_finite() || m <= 0.0 || m > cap {
            e.push(crate::snippets::form_error(
                "premium_entity_max_bytes",
                format!("The entity's max message size must be above 0 and at most {} (Premium).", kb(cap)),
                format!("엔티티의 최대 메시지 크기는 0보다 크고 {} 이하여야 합니다 (Premium).", kb(cap)),
            ));
        }
    }
    e
}

/// Checks a message against the tier's limits.
pub fn check_message(input: &MessageInput, catalog: &Catalog) -> Result<MessageCheck, Vec<FormError>> {
    let errors = validate(input, catalog);
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut findings = Vec::new();
    let mut push = |code, severity, en: String, ko: String| findings.push(SbFinding { code, severity, text: Text::new(en, ko) });
    let body_bytes = input.body_bytes.unwrap_or(input.body.len() as f64);
    let per_prop = catalog.require(Kind::SbMaxPropertyBytes, "any");
    let all_props = catalog.require(Kind::SbMaxPropertiesBytes, "any");
    let mut properties_bytes = 0.0;
    for p in &input.properties {
        let n = (p.name.len() + p.value.len()) as f64;
        properties_bytes += n;
        if n > per_prop {
            push(
                SbCode::PropertyTooLarge,
                Severity::Error,
                format!("Property \"{}\" is {}; each property may be at most {}.", p.name, kb(n), kb(per_prop)),
                format!("속성 \"{}\"의 크기가 {}입니다. 속성 하나는 최대 {}까지입니다.", p.name, kb(n), kb(per_prop)),
            );
        }
    }
    let ids = (input.message_id.len() + input.session_id.len()) as f64;
    if properties_bytes + ids > all_props {
        push(
            SbCode::PropertiesTooLarge,
            Severity::Error,
            format!(
                "All properties together are {}; above {} sending fails with a SerializationException (nothing is truncated).",
                kb(properties_bytes + ids),
                kb(all_props)
            ),
            format!(
                "속성 전체가 {}입니다. {}를 넘으면 잘리는 대신 SerializationException으로 전송이 실패합니다.",
                kb(properties_bytes + ids),
                kb(all_props)
            ),
        );
    }
    let max_id = catalog.require(Kind::SbMaxIdChars, "any");
    for (field, v) in [("message id", &input.message_id), ("session id", &input.session_id)] {
        let n = v.chars().count() as f64;
        if n > max_id {
            push(
                SbCode::IdTooLong,
                Severity::Error,
                format!("The {field} has {} characters; at most {} are allowed.", prose_number(n), prose_number(max_id)),
                format!(
                    "{} {}자입니다. 최대 {}자까지 허용됩니다.",
                    crate::text::josa::attach(field, "가"),
                    prose_number(n),
                    prose_number(max_id)
                ),
            );
        }
    }
    let total_bytes = body_bytes + properties_bytes + ids;
    let limit_bytes = match input.tier {
        Tier::Basic | Tier::Standard => catalog.require(Kind::SbMaxMessageBytes, "standard"),
        Tier::Premium => input.premium_entity_max_bytes.unwrap_or_else(|| catalog.require(Kind::SbEntityDefaultMaxMessageBytes, "premium")),
    };
    if total_bytes > limit_bytes {
        let (en_hint, ko_hint) = match input.tier {
            Tier::Premium => {
                ("raise the entity's max message size or use claim-check", "엔티티의 최대 메시지 크기를 늘리거나 claim-check를 쓰세요")
            }
            _ => ("use claim-check (or Premium)", "claim-check(또는 Premium)를 쓰세요"),
        };
        push(
            SbCode::MessageTooLarge,
            Severity::Error,
            format!("The message is {}, over the {} limit: {en_hint}.", kb(total_bytes), kb(limit_bytes)),
            format!("메시지가 {}로 한도 {}를 넘습니다. {ko_hint}.", kb(total_bytes), kb(limit_bytes)),
        );
    }
    let double = catalog.require(Kind::SbDoubleCountBytes, "any");
    let quota_charge = if total_bytes > double { input.matching_subscriptions.map_or(2, |x| x + 1) } else { 1 };
    if quota_charge > 1 {
        push(
            SbCode::CountsMoreThanOnce,
            Severity::Warning,
            format!("Above {} a message counts {quota_charge} times toward the entity's size quota.", kb(double)),
            format!("{}를 넘는 메시지는 엔티티 크기 할당량에 {quota_charge}번 계산됩니다.", kb(double)),
        );
    }
    let signals = prompt_or_document_signals(&input.body);
    let claim_check_recommended = !signals.is_empty() || body_bytes >= CLAIM_CHECK_HINT_BYTES as f64;
    if claim_check_recommended {
        let (en, ko): (Vec<String>, Vec<String>) = signals.into_iter().map(|t| (t.en, t.ko)).unzip();
        let why_en = if en.is_empty() { format!("the body is {}", kb(body_bytes)) } else { en.join("; ") };
        let why_ko = if ko.is_empty() { format!("바디가 {}입니다", kb(body_bytes)) } else { ko.join("; ") };
        push(SbCode::ClaimCheckRecommended, Severity::Warning,
            format!("The prompt or document seems to travel in the message ({why_en}). Use claim-check: put it in Blob Storage and send a reference, so messages stay small and queue depth stays a meaningful metric."),
            format!("프롬프트나 문서가 메시지에 실려 있는 것 같습니다 ({why_ko}). claim-check 패턴을 쓰세요. 문서는 Blob Storage에 두고 참조만 보내면 메시지가 작게 유지되고 큐 깊이도 의미 있는 메트릭으로 남습니다."));
    }
    findings.sort_by_key(|f| f.severity);
    Ok(MessageCheck { body_bytes, properties_bytes, total_bytes, limit_bytes, quota_charge, claim_check_recommended, findings })
}

/// What the claim-check message carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimCheckInput {
    /// `https://<account>.blob.core.windows.net/<container>/<blob>`
    pub blob_url: String,
    pub tenant_id: String,
    pub model_alias: String,
    pub correlation_id: String,
}

/// The claim-check message body (pretty JSON); send it with
/// `message_id` / `correlation_id` = the correlation ID.
pub fn claim_check_message(input: &ClaimCheckInput, catalog: &Catalog) -> Result<String, Vec<FormError>> {
    let mut e = Vec::new();
    let url = input.blob_url.trim();
    if !url.starts_with("https://") || url.len() <= "https://".len() || url.chars().any(char::is_whitespace) {
        e.push(crate::snippets::form_error(
            "blob_url",
            "The blob reference must be an https:// address without spaces.",
            "blob 참조는 공백 없는 https:// 주소여야 합니다.",
        ));
    }
    for (field, v) in [("tenant_id", &input.tenant_id), ("model_alias", &input.model_alias), ("correlation_id", &input.correlation_id)] {
        if v.trim().is_empty() {
            e.push(crate::snippets::form_error(
                field,
                format!("{field} is required."),
                format!("{} 필수입니다.", crate::text::josa::attach(field, "는")),
            ));
        }
    }
    let max_id = catalog.require(Kind::SbMaxIdChars, "any");
    if input.correlation_id.chars().count() as f64 > max_id {
        e.push(crate::snippets::form_error(
            "correlation_id",
            format!("The correlation ID is used as the message id: at most {} characters.", prose_number(max_id)),
            format!("correlation ID는 message id로도 쓰이므로 최대 {}자입니다.", prose_number(max_id)),
        ));
    }
    if !e.is_empty() {
        return Err(e);
    }
    let v = serde_json::json!({
        "blob_url": url,
        "tenant_id": input.tenant_id.trim(),
        "model_alias": input.model_alias.trim(),
        "correlation_id": input.correlation_id.trim(),
    });
    Ok(super::code::json_pretty(&v))
}
