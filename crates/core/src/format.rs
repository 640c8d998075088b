//! Number formatting for tables in both languages. Korean and English write
//! numbers the same way (comma thousands, point decimals); only where the
//! currency goes differs ("$1,234.50" / "1,234.50달러").

/// A whole count with thousands separators: 1234567.4 → "1,234,567".
pub fn format_count(x: f64) -> String {
    if !x.is_finite() {
        return "–".to_string();
    }
    let n = x.round();
    let digits = format!("{:.0}", n.abs());
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0.0 {
        out.push('-');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A dollar amount without the sign: two decimals from $1, four from
/// $0.01, six below (per-request costs are tiny): "1,234.50", "0.0125".
fn amount(x: f64) -> String {
    let a = x.abs();
    let decimals = if a >= 1.0 || a == 0.0 {
        2
    } else if a >= 0.01 {
        4
    } else {
        6
    };
    let s = format!("{a:.decimals$}");
    let (whole, frac) = s.split_once('.').unwrap_or((&s, ""));
    let whole = format_count(whole.parse::<f64>().unwrap_or(0.0));
    let sign = if x < 0.0 && s.chars().any(|c| c.is_ascii_digit() && c != '0') { "-" } else { "" };
    format!("{sign}{whole}.{frac}")
}

/// "$1,234.50", "-$3.00", "$0.000125".
pub fn format_usd(x: f64) -> String {
    if !x.is_finite() {
        return "–".to_string();
    }
    let a = amount(x);
    match a.strip_prefix('-') {
        Some(rest) => format!("-${rest}"),
        None => format!("${a}"),
    }
}

/// The Korean way: "1,234.50달러".
pub fn format_usd_ko(x: f64) -> String {
    if !x.is_finite() {
        return "–".to_string();
    }
    format!("{}달러", amount(x))
}

/// A share as a percentage with at most one decimal: 0.375 → "37.5%".
pub fn format_percent(share: f64) -> String {
    if !share.is_finite() {
        return "–".to_string();
    }
    let s = format!("{:.1}", share * 100.0);
    format!("{}%", s.trim_end_matches(".0"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(format_count(1_234_567.4), "1,234,567");
        assert_eq!(format_count(999.0), "999");
        assert_eq!(format_count(-1_000.0), "-1,000");
        assert_eq!(format_usd(2_400.0), "$2,400.00");
        assert_eq!(format_usd(1_234.5), "$1,234.50");
        assert_eq!(format_usd(0.0125), "$0.0125");
        assert_eq!(format_usd(0.000125), "$0.000125");
        assert_eq!(format_usd(-3.0), "-$3.00");
        assert_eq!(format_usd(0.0), "$0.00");
        assert_eq!(format_usd(f64::NAN), "–");
        assert_eq!(format_usd_ko(2_400.0), "2,400.00달러");
        assert_eq!(format_percent(0.375), "37.5%");
        assert_eq!(format_percent(0.5), "50%");
    }
}
