//! One finding about the file: where, how bad, the service's code, a
//! message, and what it rests on.

use super::evidence::Evidence;

/// Error: the service would fail the batch (or the line). Warning: worth a
/// look, never fatal by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

macro_rules! codes {
    ($($variant:ident => $name:literal,)*) => {
        /// The finding's code. Errors carry the batch service's own code
        /// string; warnings carry this tool's codes.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum Code { $($variant,)* }

        impl Code {
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The code string, exactly as the service writes it.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            pub fn from_name(name: &str) -> Option<Code> {
                match name { $($name => Some(Code::$variant),)* _ => None }
            }
        }
    };
}

codes! {
    // The services' validation codes.
    EmptyFile => "empty_file",
    TooManyTasks => "too_many_tasks",
    FileTooLarge => "file_too_large",
    Utf8Bom => "utf8_bom",
    InvalidUtf8 => "invalid_utf8",
    InvalidJsonLine => "invalid_json_line",
    MissingRequiredParameter => "missing_required_parameter",
    InvalidRequest => "invalid_request",
    DuplicateCustomId => "duplicate_custom_id",
    UrlMismatch => "url_mismatch",
    InvalidUrl => "invalid_url",
    ModelMismatch => "model_mismatch",
    ModelNotFound => "model_not_found",
    StreamingUnsupported => "streaming_unsupported",
    TokenLimitExceeded => "token_limit_exceeded",
    // The APIs' request validation codes (a request's 400 in the error file).
    InvalidType => "invalid_type",
    InvalidValue => "invalid_value",
    IntegerBelowMinValue => "integer_below_min_value",
    IntegerAboveMaxValue => "integer_above_max_value",
    DecimalBelowMinValue => "decimal_below_min_value",
    DecimalAboveMaxValue => "decimal_above_max_value",
    EmptyArray => "empty_array",
    ArrayBelowMinLength => "array_below_min_length",
    ArrayAboveMaxLength => "array_above_max_length",
    StringBelowMinLength => "string_below_min_length",
    StringAboveMaxLength => "string_above_max_length",
    UnknownParameter => "unknown_parameter",
    UnsupportedParameter => "unsupported_parameter",
    UnsupportedValue => "unsupported_value",
    ContextLengthExceeded => "context_length_exceeded",
    // The service's type where its code is null (a cross-field refusal).
    InvalidRequestError => "invalid_request_error",
    InvalidFunctionParameters => "invalid_function_parameters",
    InvalidJsonSchema => "invalid_json_schema",
    // This tool's errors.
    TokenSumOverflow => "token_sum_overflow",
    QuotaUnconfirmed => "quota_unconfirmed",
    // This tool's warnings.
    BlankLine => "blank_line",
    CrlfLineEndings => "crlf_line_endings",
    CustomIdTooLong => "custom_id_too_long",
    BaseModelName => "base_model_name",
    MaxTokensUnset => "max_tokens_unset",
    DuplicateJsonKey => "duplicate_json_key",
    LineTooLong => "line_too_long",
    MaxTokensTooLarge => "max_tokens_too_large",
    EmptyCustomId => "empty_custom_id",
    FileNameNotJsonl => "file_name_not_jsonl",
}

impl Code {
    /// The APIs' own request validation codes: a request body the API
    /// refuses (its 4xx is in the error file; the rest of the batch runs).
    pub fn is_request_validation(self) -> bool {
        use Code::*;
        matches!(
            self,
            InvalidType
                | InvalidValue
                | IntegerBelowMinValue
                | IntegerAboveMaxValue
                | DecimalBelowMinValue
                | DecimalAboveMaxValue
                | EmptyArray
                | ArrayBelowMinLength
                | ArrayAboveMaxLength
                | StringBelowMinLength
                | StringAboveMaxLength
                | UnknownParameter
                | UnsupportedParameter
                | UnsupportedValue
                | ContextLengthExceeded
                | InvalidRequestError
                | InvalidFunctionParameters
                | InvalidJsonSchema
        )
    }

    /// Whether [`super::repair`] removes this finding (duplicate ids only
    /// when renaming is asked for).
    pub fn is_repairable(self) -> bool {
        matches!(self, Code::Utf8Bom | Code::BlankLine | Code::CrlfLineEndings | Code::DuplicateCustomId)
    }
}

/// A finding. `line` is 1-based (0 = the whole file). To show the line, the
/// UI re-reads `line_bytes` bytes from byte `line_start` of the file (the
/// line without its line ending) and highlights character `column`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Diagnostic {
    pub line: u64,
    /// 1-based, in characters of the line (after a BOM on line 1).
    pub column: Option<u64>,
    pub severity: Severity,
    pub code: Code,
    /// The field concerned, as the service names it (`custom_id`, `body.model`).
    pub param: Option<String>,
    /// English, in the service's own wording where it has one.
    pub message: String,
    /// Byte offset of the line's first byte in the file (0 for line 0).
    pub line_start: u64,
    /// Length of the line in bytes, without `\n` / `\r\n` (0 for line 0).
    pub line_bytes: u64,
    /// Byte offset of the offending spot in the file, when there is one.
    pub byte_offset: Option<u64>,
    /// Another line involved: the first use of a duplicated custom_id, the
    /// line that set the url or model that this one differs from.
    pub related_line: Option<u64>,
    /// What the finding rests on (see `evidence.rs`): an error is never
    /// [`Evidence::Inferred`].
    #[serde(default)]
    pub evidence: Evidence,
    /// Where that is written or recorded (an address). Set by the rule that
    /// knows better than its code; else from the code's own basis when the
    /// report is finished (`evidence::fill`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<std::borrow::Cow<'static, str>>,
}

impl Diagnostic {
    /// A finding about the whole file (line 0).
    pub fn file(code: Code, severity: Severity, message: String) -> Self {
        Diagnostic {
            line: 0,
            column: None,
            severity,
            code,
            param: None,
            message,
            line_start: 0,
            line_bytes: 0,
            byte_offset: None,
            related_line: None,
            evidence: Evidence::of(code, severity),
            source: None,
        }
    }

    /// This finding with the evidence and source its rule knows.
    pub fn with_basis(mut self, evidence: Evidence, source: impl Into<std::borrow::Cow<'static, str>>) -> Self {
        self.evidence = evidence;
        self.source = Some(source.into());
        self.settle();
        self
    }

    /// An error without evidence is said as a warning (the team's one rule
    /// for severity): the service's refusal is not shown, only suspected.
    pub(crate) fn settle(&mut self) {
        if self.severity == Severity::Error && self.evidence == Evidence::Inferred {
            self.severity = Severity::Warning;
        }
    }
}

/// Characters of a value quoted in a message; longer values are cut.
const QUOTED_CHARS: usize = 80;

/// A value from the file as a message quotes it: at most [`QUOTED_CHARS`]
/// characters, a longer one cut with "…" and its full length.
pub fn quote(value: &str) -> String {
    match value.char_indices().nth(QUOTED_CHARS) {
        None => value.to_string(),
        Some((cut, _)) => format!("{}… ({} characters)", &value[..cut], value.chars().count()),
    }
}

/// Number of characters in the UTF-8 prefix `bytes` (invalid bytes count one each).
pub(crate) fn char_count(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_serde_matches() {
        for &c in Code::ALL {
            assert_eq!(Code::from_name(c.as_str()), Some(c));
            assert_eq!(serde_json::to_value(c).unwrap(), serde_json::json!(c.as_str()));
        }
        assert_eq!(char_count("가a".as_bytes()), 2);
        assert_eq!(quote("short"), "short");
        let long = "가".repeat(100_000);
        let q = quote(&long);
        assert!(q.starts_with(&"가".repeat(QUOTED_CHARS)) && q.ends_with("… (100000 characters)"), "{q}");
    }
}
