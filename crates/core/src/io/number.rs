//! The one reading of a typed number, for every page field, link value,
//! CLI flag and Python argument: one leniency, documented here.
//!
//! - spaces around the number are ignored;
//! - digit group separators are dropped wherever they are: `,` `_`, a
//!   space, a no-break space (U+00A0), a narrow no-break space (U+202F)
//!   and a thin space (U+2009) — so `1 000`, `1,000`, `1_000` and `1000`
//!   are the same number everywhere;
//! - the rest is a decimal number as Rust reads it (`0.5`, `.5`, `1e6`);
//!   `inf` and `NaN` are not numbers.

/// `text` without its group separators and surrounding spaces.
pub fn clean_number(text: &str) -> String {
    text.trim().chars().filter(|c| !matches!(c, ',' | '_' | ' ' | '\u{a0}' | '\u{202f}' | '\u{2009}')).collect()
}

/// A typed number, finite; `None` when it does not read.
pub fn parse_number(text: &str) -> Option<f64> {
    clean_number(text).parse::<f64>().ok().filter(|x| x.is_finite())
}

/// A typed whole number (`1 000`, `60,000`); `None` for a fraction, a
/// sign or anything past `u64::MAX`.
pub fn parse_whole(text: &str) -> Option<u64> {
    let clean = clean_number(text);
    if clean.starts_with('+') {
        return None;
    }
    clean.parse::<u64>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_leniency_for_every_number() {
        for typed in ["1000", "1 000", "1,000", "1_000", " 1\u{a0}000 ", "1\u{202f}000", "1\u{2009}000"] {
            assert_eq!(parse_number(typed), Some(1000.0), "{typed:?}");
            assert_eq!(parse_whole(typed), Some(1000), "{typed:?}");
        }
        assert_eq!(parse_number("2.5"), Some(2.5));
        assert_eq!(parse_number("1e6"), Some(1e6));
        assert_eq!(parse_whole("2.5"), None);
        assert_eq!(parse_whole("-1"), None);
        assert_eq!(parse_whole("+1"), None);
        assert_eq!(parse_whole("18446744073709551616"), None);
        for bad in ["", "abc", "inf", "NaN", "1e400", "1.2.3"] {
            assert_eq!(parse_number(bad), None, "{bad:?}");
        }
    }
}
