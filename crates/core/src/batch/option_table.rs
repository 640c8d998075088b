//! The batch check's options as one table (issue 39): a row per option,
//! from which every surface is derived — the /batch page's link keys
//! (`batch::share`), `batchlane check`'s flags and its `--help`, and the
//! Python `check_file`/`check_lines` keywords. One name per option: the
//! link key and the Python keyword are the row's `name`, the flag is
//! `--name` with `-` for `_` (a switch also reads `--no-name`). Spellings
//! a saved link, script or notebook may still hold are rows' `old`
//! entries, read on their surface and never written.
//!
//! What the user gave is a [`CheckInput`] (a raw value per row, as typed);
//! [`check_options`] is the one mapping from it to [`CheckOptions`], and
//! its refusal is a [`FieldError`] (the row, the value, why) that every
//! surface words with its own spelling of the option.

use super::{CheckOptions, Dialect, OptionError, QuotaChoice, Subscription};
use crate::cost::PriceOverride;
use crate::facts::{Catalog, Encoding, Scope, OPENAI_TIERS};
use crate::text::Text;

/// What a row's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One of these words.
    Word(&'static [&'static str]),
    /// On or off: `1`/`0` in a link (`true`/`false` read too), `--name` /
    /// `--no-name` on the command line, a `bool` in Python.
    Switch,
    /// Printable text of at most this many characters.
    Text(usize),
    /// A catalog model name ("" = read it from the file).
    Model,
    /// A price in USD per 1M tokens at the batch price ("" = the catalog's).
    Price,
    /// The enqueued-token limit: "" or `none`, a subscription's catalog
    /// figure (`ea`, `default`, `credit_card`, `msdn`, in the `zone`), an
    /// OpenAI usage tier's queue limit (`openai1` … `openai5`), or a whole
    /// number of tokens.
    Limit,
}

/// A surface the options are given on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// The /batch page's link (and its stored options).
    Link,
    /// `batchlane check`'s flags.
    Cli,
    /// The Python package's keyword arguments.
    Python,
}

/// How an old spelling's value reads in today's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OldValue {
    /// The value, with this text put before it (`--openai-tier 3` →
    /// `openai3`).
    Prefixed(&'static str),
    /// A flag that takes no value and stands for this one (`--no-tokens` → `0`).
    Fixed(&'static str),
}

/// A spelling a user may still have (a saved link, a script): read, never written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OldSpelling {
    pub surface: Surface,
    pub spelling: &'static str,
    pub value: OldValue,
}

const fn old(surface: Surface, spelling: &'static str, value: OldValue) -> OldSpelling {
    OldSpelling { surface, spelling, value }
}

/// One option of the check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOption {
    /// The link key and the Python keyword; the flag is derived ([`CheckOption::flag`]).
    pub name: &'static str,
    pub kind: OptionKind,
    /// The value when none is given, as a link writes it.
    pub default: &'static str,
    /// The value's name in `--help` (`NAME`, `URL`, …; empty for a switch).
    pub metavar: &'static str,
    /// The page's label (a key of the app's translation tables, both languages).
    pub label_key: &'static str,
    /// What the option does, for `--help` and the Python docs.
    pub help_en: &'static str,
    pub help_ko: &'static str,
    pub old: &'static [OldSpelling],
}

impl CheckOption {
    /// The command-line flag: `--` and the name with `-` for `_`.
    pub fn flag(&self) -> String {
        format!("--{}", self.name.replace('_', "-"))
    }

    /// A switch's "off" flag (`--no-count-tokens`).
    pub fn negated_flag(&self) -> Option<String> {
        (self.kind == OptionKind::Switch).then(|| format!("--no-{}", self.name.replace('_', "-")))
    }

    /// The help in both languages.
    pub fn help(&self) -> Text {
        Text::new(self.help_en, self.help_ko)
    }

    /// The link's check of a value (`io::Table`'s kind).
    pub fn link_kind(&self) -> crate::io::Kind {
        use crate::io::Kind;
        match self.kind {
            OptionKind::Word(words) => Kind::Enum(words.to_vec()),
            OptionKind::Switch => Kind::Bool,
            OptionKind::Text(max_chars) => Kind::Text { max_chars },
            OptionKind::Model => Kind::Enum(std::iter::once("").chain(crate::facts::MODELS.iter().map(|m| m.name)).collect()),
            // Typed numbers: kept as typed (the form shows why one is refused).
            OptionKind::Price | OptionKind::Limit => Kind::Text { max_chars: crate::io::MAX_SHORT_CHARS },
        }
    }
}

/// The words the enqueued-token limit takes besides a number.
pub const LIMIT_WORDS: [&str; 11] =
    ["none", "ea", "default", "credit_card", "msdn", "openai1", "openai2", "openai3", "openai4", "openai5", ""];

/// Every option of the check, in form and `--help` order.
pub const CHECK_OPTIONS: &[CheckOption] = &[
    CheckOption {
        name: "dialect",
        kind: OptionKind::Word(&["azure", "openai"]),
        default: "azure",
        metavar: "azure|openai",
        label_key: "batch.dialect",
        help_en: "the batch service: Azure OpenAI (azure, the default) or OpenAI's Batch API (openai)",
        help_ko: "배치 서비스: Azure OpenAI(azure, 기본값) 또는 OpenAI Batch API(openai)",
        old: &[],
    },
    CheckOption {
        name: "endpoint",
        kind: OptionKind::Text(200),
        default: "",
        metavar: "URL",
        label_key: "batch.endpoint",
        help_en: "the batch's endpoint (/v1/chat/completions, /v1/responses, /v1/embeddings, …): a line whose url differs is an error (invalid_url on OpenAI, url_mismatch on Azure); without it the first line's url stands",
        help_ko: "배치의 엔드포인트(/v1/chat/completions, /v1/responses, /v1/embeddings 등): url이 다른 줄은 오류(OpenAI는 invalid_url, Azure는 url_mismatch)이며, 지정하지 않으면 첫 줄의 url을 따릅니다",
        old: &[],
    },
    CheckOption {
        name: "model",
        kind: OptionKind::Model,
        default: "",
        metavar: "NAME",
        label_key: "batch.model",
        help_en: "the model behind the deployment (a catalog name such as gpt-4.1-mini): its limits (context window, output cap), prices and token encoding apply; without it the model is guessed from body.model and the report says so; an unknown name is refused",
        help_ko: "배포 뒤의 모델(gpt-4.1-mini 같은 카탈로그 이름): 그 모델의 한도(컨텍스트 창, 출력 상한), 가격, 토큰 인코딩이 적용됩니다. 지정하지 않으면 body.model에서 추정하고 보고서가 그렇다고 알립니다. 모르는 이름은 거부됩니다",
        old: &[],
    },
    CheckOption {
        name: "enqueued_limit",
        kind: OptionKind::Limit,
        default: "",
        metavar: "TOKENS|SOURCE",
        label_key: "batch.quota",
        help_en: "the enqueued-token limit the file's tokens are held against: a whole number of tokens; ea, default, credit_card or msdn (the catalog's quota of the model for that subscription, in the zone); openai1 to openai5 (OpenAI's batch queue limit of the model at that usage tier, a warning: batches already queued share it); default: no check",
        help_ko: "파일의 토큰을 비교할 대기열 토큰 한도: 토큰 수(정수), ea·default·credit_card·msdn(해당 구독에 대한 카탈로그의 모델 할당량, zone 기준), openai1~openai5(해당 사용 등급에서 OpenAI 배치 대기열 한도, 이미 대기 중인 배치와 함께 쓰므로 경고). 기본값: 확인하지 않음",
        old: &[
            old(Surface::Cli, "--quota", OldValue::Prefixed("")),
            old(Surface::Cli, "--openai-tier", OldValue::Prefixed("openai")),
            old(Surface::Python, "quota", OldValue::Prefixed("")),
        ],
    },
    CheckOption {
        name: "zone",
        kind: OptionKind::Word(&["global", "datazone"]),
        default: "global",
        metavar: "global|datazone",
        label_key: "batch.zone",
        help_en: "the batch deployment type whose catalog quota a subscription's limit takes: global (the default) or datazone",
        help_ko: "구독 한도가 카탈로그 할당량을 가져올 배치 배포 유형: global(기본값) 또는 datazone",
        old: &[],
    },
    CheckOption {
        name: "encoding",
        kind: OptionKind::Word(&["", "o200k_base", "cl100k_base"]),
        default: "",
        metavar: "o200k_base|cl100k_base",
        label_key: "batch.encoding",
        help_en: "count tokens with this encoding instead of the model's",
        help_ko: "모델의 인코딩 대신 이 인코딩으로 토큰을 셉니다",
        old: &[],
    },
    CheckOption {
        name: "price_in",
        kind: OptionKind::Price,
        default: "",
        metavar: "USD",
        label_key: "batch.price.input",
        help_en: "the input price in USD per 1M tokens at the batch price (default: the catalog's Global price with the batch discount)",
        help_ko: "배치 가격 기준 입력 100만 토큰당 USD(기본값: 카탈로그의 Global 가격에 배치 할인 적용)",
        old: &[],
    },
    CheckOption {
        name: "price_out",
        kind: OptionKind::Price,
        default: "",
        metavar: "USD",
        label_key: "batch.price.output",
        help_en: "the output price in USD per 1M tokens at the batch price (default: the catalog's Global price with the batch discount)",
        help_ko: "배치 가격 기준 출력 100만 토큰당 USD(기본값: 카탈로그의 Global 가격에 배치 할인 적용)",
        old: &[],
    },
    CheckOption {
        name: "byo_storage",
        kind: OptionKind::Switch,
        default: "0",
        metavar: "",
        label_key: "batch.byo",
        help_en: "the batch reads its file from your own Blob storage (Azure: the larger file limit applies)",
        help_ko: "배치가 자체 Blob 스토리지에서 파일을 읽습니다(Azure: 더 큰 파일 한도 적용)",
        old: &[old(Surface::Link, "byo", OldValue::Prefixed(""))],
    },
    CheckOption {
        name: "count_tokens",
        kind: OptionKind::Switch,
        default: "1",
        metavar: "",
        label_key: "batch.count_tokens",
        help_en: "whether prompt tokens are counted (on by default; off: structure only, faster)",
        help_ko: "프롬프트 토큰을 셀지 여부(기본값 켬; 끄면 구조만 확인하며 더 빠름)",
        old: &[old(Surface::Cli, "--no-tokens", OldValue::Fixed("0"))],
    },
];

/// The row called `name`.
pub fn check_option(name: &str) -> Option<&'static CheckOption> {
    CHECK_OPTIONS.iter().find(|o| o.name == name)
}

/// A spelling on a surface: today's row it names and how an old spelling's
/// value reads (`None` for today's own spelling).
pub fn resolve_spelling(surface: Surface, spelling: &str) -> Option<(&'static CheckOption, Option<OldValue>)> {
    for o in CHECK_OPTIONS {
        let own = match surface {
            Surface::Cli => o.flag() == spelling,
            Surface::Link | Surface::Python => o.name == spelling,
        };
        if own {
            return Some((o, None));
        }
        if surface == Surface::Cli && o.negated_flag().as_deref() == Some(spelling) {
            return Some((o, Some(OldValue::Fixed("0"))));
        }
        if let Some(s) = o.old.iter().find(|s| s.surface == surface && s.spelling == spelling) {
            return Some((o, Some(s.value)));
        }
    }
    None
}

/// Why a value of one option is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldProblem {
    /// Not one of these words.
    NotOneOf(Vec<String>),
    NotABool,
    /// Not a number (a price).
    NotANumber,
    /// Not a whole number of tokens above 0, nor a word the limit takes.
    NotALimit,
    PriceNegative,
    /// Over the sanity bound (`OptionError::PriceAbsurd`).
    PriceAbsurd,
    UnknownModel,
    /// The dialect's batch service does not take this endpoint; it takes these.
    EndpointNotServed(Vec<String>),
    ControlCharacter,
    TooLong(usize),
    /// A flag or keyword the check does not have.
    Unknown,
}

/// One option refused: which (the row's name, e.g. `enqueued_limit`, or
/// what was given for an unknown one), the value as given, and why — the
/// one field-error shape, worded by each surface with its spelling.
pub type FieldError = crate::io::FieldError<String, FieldProblem>;

/// Why, in both languages, without the option's name (the page shows it
/// under the field).
impl crate::io::Explain for FieldProblem {
    fn reason(&self, value: &str) -> Text {
        let v = value;
        match self {
            FieldProblem::NotOneOf(words) => {
                let list = words.iter().filter(|w| !w.is_empty()).cloned().collect::<Vec<_>>().join(", ");
                Text::new(format!("'{v}' is not one of: {list}"), format!("'{v}': 다음 중 하나가 아닙니다: {list}"))
            }
            FieldProblem::NotABool => {
                Text::new(format!("'{v}' is not on or off (1 or 0)"), format!("'{v}': 켬 또는 끔(1 또는 0)이 아닙니다"))
            }
            FieldProblem::NotANumber => Text::new(format!("'{v}' is not a number, e.g. 1.25"), format!("'{v}': 숫자가 아닙니다(예: 1.25)")),
            FieldProblem::NotALimit if v.trim().is_empty() => {
                Text::new("type a whole number of tokens above 0, e.g. 5,000,000", "0보다 큰 토큰 수(정수)를 입력하세요. 예: 5,000,000")
            }
            FieldProblem::NotALimit => Text::new(
                format!("'{v}' is not a whole number of tokens above 0 (e.g. 5,000,000) nor one of: {}", limit_words()),
                format!("'{v}': 0보다 큰 토큰 수(예: 5,000,000)도, 다음 중 하나도 아닙니다: {}", limit_words()),
            ),
            FieldProblem::PriceNegative => Text::new("a price can't be negative", "가격은 음수일 수 없습니다"),
            FieldProblem::PriceAbsurd => {
                let e = OptionError::PriceAbsurd.to_string();
                Text::new(e.clone(), format!("{}: {e}", "비현실적인 가격"))
            }
            FieldProblem::UnknownModel => {
                Text::new(format!("the catalog has no model called {v}"), format!("카탈로그에 {v} 모델이 없습니다"))
            }
            FieldProblem::EndpointNotServed(allowed) => {
                let list = allowed.join(", ");
                Text::new(
                    format!("the batch service does not take the endpoint {v} (it takes {list})"),
                    format!("배치 서비스는 엔드포인트 {} 받지 않습니다({list}만 받음)", crate::text::josa::attach(v, "를")),
                )
            }
            FieldProblem::ControlCharacter => Text::new("contains a control character", "제어 문자가 들어 있습니다"),
            FieldProblem::TooLong(max) => Text::new(format!("longer than {max} characters"), format!("{max}자보다 깁니다")),
            FieldProblem::Unknown => Text::new("no such option", "그런 옵션은 없습니다"),
        }
    }

    fn quotes_value(&self) -> bool {
        matches!(
            self,
            FieldProblem::NotOneOf(_)
                | FieldProblem::NotABool
                | FieldProblem::NotANumber
                | FieldProblem::NotALimit
                | FieldProblem::UnknownModel
                | FieldProblem::EndpointNotServed(_)
        )
    }
}

/// The surfaces' wording of a refused option.
impl FieldError {
    /// The option as `surface` spells it (`--enqueued-limit`, `enqueued_limit`).
    pub fn spelled(&self, surface: Surface) -> String {
        match (surface, check_option(&self.field)) {
            (Surface::Cli, Some(o)) => o.flag(),
            _ => self.field.clone(),
        }
    }

    /// The message a surface shows: the option in its spelling, and why (English).
    pub fn message(&self, surface: Surface) -> String {
        format!("{}: {}", self.spelled(surface), self.reason().en)
    }
}

fn limit_words() -> String {
    LIMIT_WORDS.iter().filter(|w| !w.is_empty()).copied().collect::<Vec<_>>().join(", ")
}

/// What the user gave for the check: a raw value per row of
/// [`CHECK_OPTIONS`] (as typed; [`check_options`] reads them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckInput {
    values: Vec<(&'static str, String)>,
}

impl Default for CheckInput {
    fn default() -> Self {
        CheckInput { values: CHECK_OPTIONS.iter().map(|o| (o.name, o.default.to_string())).collect() }
    }
}

impl CheckInput {
    /// The value of the row `name` ("" for no such row).
    pub fn get(&self, name: &str) -> &str {
        self.values.iter().find(|(n, _)| *n == name).map_or("", |(_, v)| v.as_str())
    }

    /// Sets the row `name` (as typed; checked by [`check_options`]).
    pub fn set(&mut self, name: &str, value: impl Into<String>) -> Result<(), FieldError> {
        let value = value.into();
        match self.values.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => {
                slot.1 = value;
                Ok(())
            }
            None => Err(crate::io::FieldError::new(name, &value, FieldProblem::Unknown)),
        }
    }

    /// Sets an option as a surface spells it, old spellings included:
    /// `value` is `None` for a flag given alone (a switch turned on, or an
    /// old flag that stands for a value). A flag that needs a value and got
    /// none is refused as not one of its values.
    pub fn set_spelled(&mut self, surface: Surface, spelling: &str, value: Option<&str>) -> Result<(), FieldError> {
        let (row, old) = resolve_spelling(surface, spelling)
            .ok_or_else(|| crate::io::FieldError::new(spelling, value.unwrap_or(""), FieldProblem::Unknown))?;
        let v = match (old, value) {
            (Some(OldValue::Fixed(v)), _) => v.to_string(),
            (Some(OldValue::Prefixed(p)), Some(v)) => format!("{p}{}", v.trim()),
            (None, Some(v)) => v.to_string(),
            (_, None) if row.kind == OptionKind::Switch => "1".to_string(),
            (_, None) => String::new(),
        };
        self.set(row.name, v)
    }

    /// Every row as (name, value), in table order.
    pub fn pairs(&self) -> Vec<(String, String)> {
        self.values.iter().map(|(n, v)| (n.to_string(), v.clone())).collect()
    }

    /// The rows whose value differs from the default, in table order.
    pub fn changed(&self) -> Vec<(String, String)> {
        CHECK_OPTIONS.iter().zip(&self.values).filter(|(o, (_, v))| v != o.default).map(|(_, (n, v))| (n.to_string(), v.clone())).collect()
    }
}

/// A sanity bound on typed prices (as [`CheckOptions::validate`]'s), not a vendor figure.
fn price(row: &str, text: &str) -> Result<Option<f64>, FieldError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let p = crate::io::parse_number(text).ok_or_else(|| crate::io::FieldError::new(row, text, FieldProblem::NotANumber))?;
    let probe = CheckOptions { price: PriceOverride { input: Some(p), ..PriceOverride::default() }, ..CheckOptions::default() };
    match probe.validate() {
        Err(OptionError::PriceNegative) => Err(crate::io::FieldError::new(row, text, FieldProblem::PriceNegative)),
        Err(OptionError::PriceAbsurd) => Err(crate::io::FieldError::new(row, text, FieldProblem::PriceAbsurd)),
        Err(_) => Err(crate::io::FieldError::new(row, text, FieldProblem::NotANumber)),
        Ok(()) => Ok(Some(p)),
    }
}

fn word<'a>(row: &CheckOption, v: &'a str) -> Result<&'a str, FieldError> {
    let t = v.trim();
    match row.kind {
        OptionKind::Word(words) if words.contains(&t) => Ok(t),
        OptionKind::Word(words) => {
            Err(crate::io::FieldError::new(row.name, v, FieldProblem::NotOneOf(words.iter().map(|w| w.to_string()).collect())))
        }
        _ => Ok(t),
    }
}

fn switch(row: &str, v: &str) -> Result<bool, FieldError> {
    match v.trim() {
        "1" | "true" | "True" => Ok(true),
        "0" | "false" | "False" => Ok(false),
        _ => Err(crate::io::FieldError::new(row, v, FieldProblem::NotABool)),
    }
}

/// The enqueued-token limit as the check's [`QuotaChoice`].
fn limit(v: &str, zone: Scope) -> Result<QuotaChoice, FieldError> {
    let t = v.trim();
    let refused = || crate::io::FieldError::new("enqueued_limit", v, FieldProblem::NotALimit);
    Ok(match t {
        "" | "none" => QuotaChoice::None,
        _ => {
            if let Some(sub) = Subscription::from_code(t) {
                QuotaChoice::Catalog { zone, subscription: sub }
            } else if let Some(tier) = t.strip_prefix("openai") {
                QuotaChoice::OpenAiTier(tier.parse::<u8>().ok().filter(|n| OPENAI_TIERS.contains(n)).ok_or_else(refused)?)
            } else {
                QuotaChoice::Tokens(crate::io::parse_whole(t).filter(|&n| n > 0).ok_or_else(refused)?)
            }
        }
    })
}

/// The one mapping from what the user gave to the check's options: every
/// surface (the /batch page, `batchlane check`, Python) calls it. Refuses
/// the first row (in table order) whose value does not read; the options
/// only a program sets (`max_stored_per_code`, `file_name`, the line
/// limits) keep [`CheckOptions::default`]'s.
pub fn check_options(input: &CheckInput, catalog: &Catalog) -> Result<CheckOptions, FieldError> {
    let mut o = CheckOptions::default();
    let (mut price_in, mut price_out) = (None, None);
    for row in CHECK_OPTIONS {
        let v = input.get(row.name);
        if let OptionKind::Text(max) = row.kind {
            if v.chars().count() > max {
                return Err(crate::io::FieldError::new(row.name, v, FieldProblem::TooLong(max)));
            }
            if v.chars().any(char::is_control) {
                return Err(crate::io::FieldError::new(row.name, v, FieldProblem::ControlCharacter));
            }
        }
        match row.name {
            "dialect" => o.dialect = Dialect::from_name(word(row, v)?).unwrap_or(Dialect::Azure),
            "endpoint" => o.endpoint = Some(v.trim().to_string()).filter(|e| !e.is_empty()),
            "model" => {
                let m = v.trim();
                if !m.is_empty() && crate::facts::model_for_name(m).is_none() {
                    return Err(crate::io::FieldError::new(row.name, v, FieldProblem::UnknownModel));
                }
                o.model = Some(m.to_string()).filter(|m| !m.is_empty());
            }
            // Read with the zone, below.
            "enqueued_limit" => {}
            "zone" => {
                let zone = if word(row, v)? == "datazone" { Scope::DataZone } else { Scope::Global };
                o.quota = limit(input.get("enqueued_limit"), zone)?;
            }
            "encoding" => o.encoding = Encoding::from_name(word(row, v)?),
            "price_in" => price_in = price(row.name, v)?,
            "price_out" => price_out = price(row.name, v)?,
            "byo_storage" => o.byo_storage = switch(row.name, v)?,
            "count_tokens" => o.count_tokens = switch(row.name, v)?,
            _ => {}
        }
    }
    // Typed at the batch price: the catalog's factor turns them into list prices.
    if price_in.is_some() || price_out.is_some() {
        let factor = catalog.require(crate::facts::Kind::BatchPriceFactor, "any");
        o.price = PriceOverride::at_batch_price(price_in, price_out, factor);
    }
    if let Some(e) = o.endpoint.as_deref().filter(|e| !o.dialect.allowed_urls().contains(e)) {
        let allowed = o.dialect.allowed_urls().iter().map(|u| u.to_string()).collect();
        return Err(crate::io::FieldError::new("endpoint", e, FieldProblem::EndpointNotServed(allowed)));
    }
    Ok(o)
}

/// `batchlane check`'s `--help` lines for the options, from the table.
pub fn cli_help() -> String {
    let mut out = String::new();
    for o in CHECK_OPTIONS {
        let head = match o.kind {
            OptionKind::Switch if o.default == "1" => o.negated_flag().unwrap_or_default(),
            OptionKind::Switch => o.flag(),
            _ => format!("{} {}", o.flag(), o.metavar),
        };
        out.push_str(&format!("  {head}\n"));
        out.push_str(&wrap(o.help_en, 18, 78));
        let olds: Vec<&str> = o.old.iter().filter(|s| s.surface == Surface::Cli).map(|s| s.spelling).collect();
        if !olds.is_empty() {
            out.push_str(&wrap(&format!("(formerly {})", olds.join(", ")), 18, 78));
        }
    }
    out
}

/// `text` in lines of at most `width` characters, each indented by `indent` spaces.
fn wrap(text: &str, indent: usize, width: usize) -> String {
    let pad = " ".repeat(indent);
    let mut out = String::new();
    let mut line = String::new();
    for w in text.split_whitespace() {
        if !line.is_empty() && indent + line.chars().count() + 1 + w.chars().count() > width {
            out.push_str(&format!("{pad}{line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        out.push_str(&format!("{pad}{line}\n"));
    }
    out
}
