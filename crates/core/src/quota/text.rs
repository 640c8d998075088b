//! Text in both languages, and number formatting for the worked
//! explanations.

pub use crate::text::Text;

/// A number for prose: thousands separators, at most two decimals, no
/// trailing zeros (60000 → "60,000", 0.5 → "0.5", 1234.567 → "1,234.57").
/// Non-finite values print as "—" so that no NaN reaches the screen.
pub fn num(x: f64) -> String {
    crate::format::prose_number(x)
}

/// A count of whole things (requests, tokens, replicas) for prose: the
/// whole number, "about" when the value is a fraction (a 10-second share of
/// 200 RPM is "about 33", not "33.33").
pub fn count_en(x: f64) -> String {
    about(x, "about ")
}

/// [`count_en`] in Korean: "약 33".
pub fn count_ko(x: f64) -> String {
    about(x, "약 ")
}

fn about(x: f64, word: &str) -> String {
    let whole = crate::format::format_count(x);
    if x.is_finite() && (x - x.round()).abs() >= 0.005 {
        format!("{word}{whole}")
    } else {
        whole
    }
}

/// A share as a percentage for prose (0.375 → "37.5%").
pub fn pct(share: f64) -> String {
    format!("{}%", num(share * 100.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(num(60_000.0), "60,000");
        assert_eq!(num(360.0), "360");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(1_234.567), "1,234.57");
        assert_eq!(num(-2_000.0), "-2,000");
        assert_eq!(num(f64::NAN), "—");
        assert_eq!(pct(0.375), "37.5%");
        assert_eq!(count_en(33.333), "about 33");
        assert_eq!(count_ko(71_666.667), "약 71,667");
        assert_eq!(count_ko(360.0), "360");
        assert_eq!(count_en(1_000.001), "1,000");
    }
}
