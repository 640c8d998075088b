//! The one shape of "this field's value is refused" (issue 39): a
//! [`FieldError`] names the field in its domain's vocabulary (an enum
//! such as `quota::Field`, or the key, flag or column as text), keeps the
//! value as given (cut to [`SHOWN_CHARS`], control characters escaped),
//! and says why with its domain's problem, which gives the reason in both
//! languages through [`Explain`]. A reader of a file adds where
//! ([`At`]: the file and line). Every domain's field error is this struct
//! under its own name (`io::Rejected`, `batch::FieldError`,
//! `quota::FieldError`, `snippets::FormError`, `traffic::LimitError`,
//! `facts::ImportProblem`, `facts::RowError`).

use super::query::{cut, SHOWN_CHARS};
use crate::text::Text;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A domain's reason a value is refused, in both languages.
pub trait Explain {
    /// Why `value` (as shown: cut, escaped; empty when the error carries
    /// none) is refused.
    fn reason(&self, value: &str) -> Text;
    /// Whether [`Explain::reason`] already quotes the value (then
    /// `Display` does not repeat it).
    fn quotes_value(&self) -> bool {
        false
    }
}

/// Reasons worded whole where the error was found (a form's checks, an
/// importer's refusal).
impl Explain for Text {
    fn reason(&self, _value: &str) -> Text {
        self.clone()
    }
}

/// Where in a file: the file's name and the line (1-based; 0 for the
/// whole file). A reader without a file name leaves `file` empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct At {
    pub file: String,
    pub line: usize,
}

/// One refused value: the field, the value as given (cut, escaped), why,
/// and where in a file when a file was read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldError<F, P> {
    pub field: F,
    pub value: String,
    pub problem: P,
    /// Boxed: most field errors are not found in a file, and a `Result`
    /// carrying one stays small.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Box<At>>,
}

/// A value as an error shows it: at most [`SHOWN_CHARS`] characters (then
/// "…") with control characters escaped (`\n`, `\u{1b}`), so a refused
/// value can neither run on nor move a terminal's cursor.
pub fn shown(value: &str) -> String {
    let cut = cut(value, SHOWN_CHARS);
    if !cut.chars().any(char::is_control) {
        return cut;
    }
    cut.chars().map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() }).collect()
}

impl<F, P> FieldError<F, P> {
    /// `field` refused `value` (shown cut and escaped) because of `problem`.
    pub fn new(field: impl Into<F>, value: &str, problem: P) -> Self {
        FieldError { field: field.into(), value: shown(value), problem, at: None }
    }

    /// The same error, found at `line` of `file`.
    pub fn at(mut self, file: &str, line: usize) -> Self {
        self.at = Some(Box::new(At { file: file.to_string(), line }));
        self
    }
}

impl<F, P> FieldError<F, P> {
    /// The line in the file (0: the whole file, or no file).
    pub fn line(&self) -> usize {
        self.at.as_ref().map_or(0, |a| a.line)
    }

    /// The file's name ("" for none).
    pub fn file(&self) -> &str {
        self.at.as_ref().map_or("", |a| a.file.as_str())
    }
}

impl<F, P: Explain> FieldError<F, P> {
    /// Why, in both languages (without the field: a form shows it beside
    /// the field).
    pub fn reason(&self) -> Text {
        self.problem.reason(&self.value)
    }
}

/// `file:line: field: 'value': reason` (English); each part only when
/// there is one, the value only when the reason does not quote it.
impl<F: fmt::Display, P: Explain> fmt::Display for FieldError<F, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at.as_deref() {
            Some(At { file, line }) if file.is_empty() => write!(f, "line {line}: ")?,
            Some(At { file, line: 0 }) => write!(f, "{file}: ")?,
            Some(At { file, line }) => write!(f, "{file}:{line}: ")?,
            None => {}
        }
        let field = self.field.to_string();
        if !field.is_empty() {
            write!(f, "{field}: ")?;
        }
        if !self.value.is_empty() && !self.problem.quotes_value() {
            write!(f, "'{}': ", self.value)?;
        }
        f.write_str(&self.reason().en)
    }
}

impl<F: fmt::Display + fmt::Debug, P: Explain + fmt::Debug> std::error::Error for FieldError<F, P> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq)]
    enum Why {
        Odd,
        Says,
    }

    impl Explain for Why {
        fn reason(&self, value: &str) -> Text {
            match self {
                Why::Odd => Text::new("odd", "홀수입니다"),
                Why::Says => Text::new(format!("'{value}' is odd"), format!("'{value}': 홀수입니다")),
            }
        }
        fn quotes_value(&self) -> bool {
            matches!(self, Why::Says)
        }
    }

    type E = FieldError<String, Why>;

    #[test]
    fn display_is_field_value_reason() {
        assert_eq!(E::new("n", "3", Why::Odd).to_string(), "n: '3': odd");
        assert_eq!(E::new("n", "", Why::Odd).to_string(), "n: odd");
        assert_eq!(E::new("", "3", Why::Odd).to_string(), "'3': odd");
        // A reason that quotes the value is not repeated.
        assert_eq!(E::new("n", "3", Why::Says).to_string(), "n: '3' is odd");
        assert_eq!(E::new("n", "3", Why::Says).reason().ko, "'3': 홀수입니다");
    }

    #[test]
    fn display_says_where_in_a_file() {
        assert_eq!(E::new("n", "3", Why::Odd).at("a.csv", 4).to_string(), "a.csv:4: n: '3': odd");
        assert_eq!(E::new("n", "3", Why::Odd).at("a.csv", 0).to_string(), "a.csv: n: '3': odd");
        assert_eq!(E::new("", "", Why::Odd).at("", 7).to_string(), "line 7: odd");
    }

    #[test]
    fn value_is_cut_and_escaped() {
        let long = "가".repeat(SHOWN_CHARS + 5);
        let e = E::new("n", &long, Why::Odd);
        assert_eq!(e.value, format!("{}…", "가".repeat(SHOWN_CHARS)));
        let e = E::new("n", "a\nb\u{1b}[2J", Why::Odd);
        assert_eq!(e.value, "a\\nb\\u{1b}[2J");
        assert!(!e.to_string().chars().any(char::is_control));
    }

    #[test]
    fn is_an_error_and_round_trips_as_json() {
        let e: FieldError<String, Text> = FieldError::new("count", "-1", Text::new("negative", "음수입니다")).at("f", 2);
        let boxed: Box<dyn std::error::Error> = Box::new(e.clone());
        assert_eq!(boxed.to_string(), "f:2: count: '-1': negative");
        let json = serde_json::to_string(&e).unwrap();
        assert_eq!(serde_json::from_str::<FieldError<String, Text>>(&json).unwrap(), e);
        let bare: FieldError<String, Text> = FieldError::new("count", "", Text::new("x", "y"));
        assert!(!serde_json::to_string(&bare).unwrap().contains("\"at\""));
    }
}
