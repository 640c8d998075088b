//! Text in both languages, and number formatting for the worked
//! explanations.

pub use crate::text::Text;

/// A number for prose: thousands separators, at most two decimals, no
/// trailing zeros (60000 → "60,000", 0.5 → "0.5", 1234.567 → "1,234.57").
/// Non-finite values print as "—" so that no NaN reaches the screen.
pub fn num(x: f64) -> String {
    if !x.is_finite() {
        return "—".to_string();
    }
    let rounded = (x * 100.0).round() / 100.0;
    let negative = rounded < 0.0;
    let abs = rounded.abs();
    let whole = abs.trunc() as u64;
    let frac = ((abs - abs.trunc()) * 100.0).round() as u64;
    let digits = whole.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    if frac > 0 {
        let f = format!("{frac:02}");
        grouped.push('.');
        grouped.push_str(f.trim_end_matches('0'));
    }
    if negative && (whole > 0 || frac > 0) {
        format!("-{grouped}")
    } else {
        grouped
    }
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
