//! Text in both languages, and number formatting for the worked
//! explanations.

pub use crate::text::Text;

/// A number for prose: thousands separators, at most two decimals, no
/// trailing zeros (60000 → "60,000", 0.5 → "0.5", 1234.567 → "1,234.57").
/// Non-finite values print as "—" so that no NaN reaches the screen.
pub fn num(x: f64) -> String {
    crate::format::format_number(x, 2)
}

/// A share as a percentage for prose (0.375 → "37.5%").
pub fn pct(share: f64) -> String {
    format!("{}%", num(share * 100.0))
}

/// Dollars for prose ("$1,234.5").
pub fn usd(x: f64) -> String {
    format!("${}", num(x))
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
        assert_eq!(usd(2_400.0), "$2,400");
    }
}
