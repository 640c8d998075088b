//! Number formatting in both languages, in one place: the app's tables and
//! the domain's prose use these. Korean and English write numbers the same
//! way (comma thousands, point decimals), and money as dollars with the
//! sign in front ("$1,234.50") in both, as /quota always wrote it.

use crate::text::Lang;

/// Puts thousands separators into a run of ASCII digits: "1234567" → "1,234,567".
pub(crate) fn group(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Adds one to the last digit of a decimal string ("1.29" → "1.30", "9.9" → "10.0").
fn round_up_last(digits: &str) -> String {
    let mut bytes = digits.as_bytes().to_vec();
    for i in (0..bytes.len()).rev() {
        match bytes[i] {
            b'.' => continue,
            b'9' => bytes[i] = b'0',
            d => {
                bytes[i] = d + 1;
                return String::from_utf8(bytes).unwrap_or_default();
            }
        }
    }
    format!("1{}", String::from_utf8(bytes).unwrap_or_default())
}

/// `1234567.25` → "1,234,567.25": thousands separators, at most
/// `max_decimals` decimals (halves round away from zero), no trailing zeros,
/// "—" for a value that is not a number. The same in both languages.
pub fn format_number(x: f64, max_decimals: usize) -> String {
    if !x.is_finite() {
        return "—".to_string();
    }
    let d = max_decimals.min(15);
    let a = x.abs();
    let mut s = format!("{a:.d$}");
    // `format!` rounds an exact half to even; a half rounds up in prose.
    let exact = format!("{a:.p$}", p = d + 40);
    if exact[exact.len() - 40..].starts_with('5') && exact[exact.len() - 39..].bytes().all(|b| b == b'0') {
        s = round_up_last(exact[..exact.len() - 40].trim_end_matches('.'));
    }
    let (whole, frac) = s.split_once('.').unwrap_or((&s, ""));
    let frac = frac.trim_end_matches('0');
    let negative = x < 0.0 && s.bytes().any(|b| b.is_ascii_digit() && b != b'0');
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    out.push_str(&group(whole));
    if !frac.is_empty() {
        out.push('.');
        out.push_str(frac);
    }
    out
}

/// A number in a sentence or a generated comment: at most two decimals
/// ("60,000", "0.5", "1,234.57").
pub fn prose_number(x: f64) -> String {
    format_number(x, 2)
}

/// A number as `lang` writes it (see [`format_number`]).
pub fn number(x: f64, lang: Lang, max_decimals: usize) -> String {
    match lang {
        Lang::En | Lang::Ko => format_number(x, max_decimals),
    }
}

/// Dollars on every page and in both languages: "$2,400.00" (Korean
/// pages too, as /quota writes them).
pub fn usd(x: f64, lang: Lang) -> String {
    match lang {
        Lang::En | Lang::Ko => format_usd(x),
    }
}

/// A whole count with thousands separators: 1234567.4 → "1,234,567".
pub fn format_count(x: f64) -> String {
    if !x.is_finite() {
        return "–".to_string();
    }
    let n = x.round();
    let digits = group(&format!("{:.0}", n.abs()));
    if n < 0.0 {
        format!("-{digits}")
    } else {
        digits
    }
}

/// A dollar amount without the sign: two decimals from $1, four from
/// $0.01, up to six below (per-request costs are tiny; zeros past the
/// fourth decimal go): "1,234.50", "0.0125", "0.0064", "0.000125".
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
    let frac = if decimals == 6 { &frac[..frac.trim_end_matches('0').len().max(4)] } else { frac };
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

/// Dollars in a sentence: whole dollars without cents, otherwise two
/// decimals ("$2,400", "$37.50", "$0.06"). Tables use [`format_usd`].
pub fn usd_prose(x: f64) -> String {
    format!("${}", dollars(x))
}

/// [`usd_prose`] without the sign, for languages that write the unit after
/// the figure ("2,400달러" in the practice problems, as the note writes them).
pub fn dollars(x: f64) -> String {
    if !x.is_finite() {
        return "–".to_string();
    }
    let cents = (x * 100.0).round();
    if cents % 100.0 == 0.0 {
        format_count(cents / 100.0)
    } else {
        let whole = (cents / 100.0).trunc();
        let sign = if cents < 0.0 && whole == 0.0 { "-" } else { "" };
        format!("{sign}{}.{:02}", format_count(whole), (cents - whole * 100.0).abs() as u64)
    }
}

/// A size in decimal units, as the vendors state their limits: "512 B",
/// "3.1 KB", "12.3 MB", "1.2 GB" (and on to TB); one decimal, trailing
/// zero dropped ("200 MB").
pub fn bytes(n: u64) -> String {
    let x = n as f64;
    let (v, unit) = if x >= 1e12 {
        (x / 1e12, "TB")
    } else if x >= 1e9 {
        (x / 1e9, "GB")
    } else if x >= 1e6 {
        (x / 1e6, "MB")
    } else if x >= 1e3 {
        (x / 1e3, "KB")
    } else {
        return format!("{n} B");
    };
    // 999,950 bytes would round to "1,000 KB": say "1 MB" instead.
    let (v, unit) = if v >= 999.95 && unit != "TB" { (v / 1e3, next_unit(unit)) } else { (v, unit) };
    format!("{} {unit}", format_number(v, 1))
}

fn next_unit(unit: &str) -> &'static str {
    match unit {
        "KB" => "MB",
        "MB" => "GB",
        _ => "TB",
    }
}

/// A duration in whole units, the two largest that apply: "2 d 4 h",
/// "3 h 20 min", "5 min", "45 s" ("2 일 4 시간" in Korean). The sign is
/// dropped: callers say "left" or "ago" in their own words.
pub fn duration(seconds: i64, lang: Lang) -> String {
    let s = seconds.unsigned_abs();
    let (d, h, m) = (s / 86_400, s % 86_400 / 3_600, s % 3_600 / 60);
    let (ud, uh, um, us) = match lang {
        Lang::En => ("d", "h", "min", "s"),
        Lang::Ko => ("일", "시간", "분", "초"),
    };
    if d > 0 {
        format!("{d} {ud} {h} {uh}")
    } else if h > 0 {
        format!("{h} {uh} {m} {um}")
    } else if m > 0 {
        format!("{m} {um}")
    } else {
        format!("{s} {us}")
    }
}

/// A share as a percentage with at most two decimals: 0.375 → "37.5%",
/// 0.1875 → "18.75%" (one decimal showed it as "18.7%").
pub fn format_percent(share: f64) -> String {
    if !share.is_finite() {
        return "–".to_string();
    }
    format!("{}%", format_number(share * 100.0, 2))
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
        assert_eq!(format_percent(0.375), "37.5%");
        assert_eq!(format_percent(0.5), "50%");
    }

    #[test]
    fn numbers_trim_zeros_and_round_halves_up() {
        assert_eq!(format_number(1_234_567.25, 2), "1,234,567.25");
        assert_eq!(format_number(1_234.5, 0), "1,235");
        assert_eq!(format_number(2.5, 0), "3");
        assert_eq!(format_number(0.25, 1), "0.3");
        assert_eq!(format_number(-0.25, 1), "-0.3");
        assert_eq!(format_number(9.96, 1), "10");
        assert_eq!(format_number(0.1 + 0.2, 2), "0.3");
        assert_eq!(format_number(60_000.0, 2), "60,000");
        assert_eq!(format_number(-0.001, 2), "0");
        assert_eq!(format_number(999.999, 2), "1,000");
        assert_eq!(format_number(f64::NAN, 2), "—");
        assert_eq!(number(12_345.67, Lang::Ko, 1), "12,345.7");
        assert_eq!(usd(2_400.0, Lang::En), "$2,400.00");
        assert_eq!(usd(2_400.0, Lang::Ko), "$2,400.00");
    }

    #[test]
    fn money_and_shares_read_the_same_on_every_page() {
        // /cost wrote "0.006400달러" where /quota wrote "$": one way, in both languages.
        assert_eq!(usd(0.0064, Lang::Ko), "$0.0064");
        assert_eq!(usd(0.0064, Lang::En), "$0.0064");
        assert_eq!(format_usd(0.000125), "$0.000125");
        assert_eq!(format_usd(0.005), "$0.0050");
        assert_eq!(format_usd(0.0125), "$0.0125");
        // 18.75% was shown as "18.7%".
        assert_eq!(format_percent(0.1875), "18.75%");
        assert_eq!(format_percent(0.5), "50%");
    }

    #[test]
    fn prose_dollars_drop_whole_cents() {
        assert_eq!(usd_prose(2_400.0), "$2,400");
        assert_eq!(usd_prose(37.5), "$37.50");
        assert_eq!(usd_prose(0.06), "$0.06");
        assert_eq!(dollars(1_234_567.891), "1,234,567.89");
        assert_eq!(dollars(-0.5), "-0.50");
        assert_eq!(dollars(-2.25), "-2.25");
        assert_eq!(dollars(f64::INFINITY), "–");
    }

    #[test]
    fn sizes_reach_every_unit() {
        // /results wrote "1,024 MB" for a gigabyte: every size now reaches GB.
        assert_eq!(bytes(0), "0 B");
        assert_eq!(bytes(999), "999 B");
        assert_eq!(bytes(3_100), "3.1 KB");
        assert_eq!(bytes(12_345_678), "12.3 MB");
        assert_eq!(bytes(200_000_000), "200 MB");
        assert_eq!(bytes(1_024_000_000), "1 GB");
        assert_eq!(bytes(1_250_000_000), "1.3 GB");
        assert_eq!(bytes(999_960), "1 MB");
        assert_eq!(bytes(999_960_000_000), "1 TB");
        assert_eq!(bytes(u64::MAX), "18,446,744.1 TB");
    }

    #[test]
    fn durations_name_the_two_largest_units() {
        assert_eq!(duration(45, Lang::En), "45 s");
        assert_eq!(duration(300, Lang::En), "5 min");
        assert_eq!(duration(12_000, Lang::En), "3 h 20 min");
        assert_eq!(duration(187_200, Lang::En), "2 d 4 h");
        assert_eq!(duration(-187_200, Lang::Ko), "2 일 4 시간");
        assert_eq!(duration(i64::MIN, Lang::En), "106751991167300 d 15 h");
    }
}

/// A chart tick's short number: 1,500 → "1.5k", 2,000,000 → "2M",
/// 3.2e9 → "3.2B"; one decimal below 100 of the unit, none from there.
pub fn format_compact(x: f64) -> String {
    if !x.is_finite() {
        return "–".to_string();
    }
    let a = x.abs();
    let (v, s) = if a >= 1e9 {
        (x / 1e9, "B")
    } else if a >= 1e6 {
        (x / 1e6, "M")
    } else if a >= 1e3 {
        (x / 1e3, "k")
    } else {
        (x, "")
    };
    let t = if v.fract().abs() < 0.05 || v.abs() >= 100.0 { format!("{v:.0}") } else { format!("{v:.1}") };
    format!("{t}{s}")
}

/// A chart axis's upper end: the smallest 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6
/// or 8 × 10^k at or above `max` (1 for an empty, negative or non-finite
/// maximum), so the ticks at quarters and halves are round numbers.
pub fn axis_max(max: f64) -> f64 {
    if max <= 0.0 || !max.is_finite() {
        return 1.0;
    }
    let p = 10f64.powf(max.log10().floor());
    [1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0].into_iter().map(|m| m * p).find(|v| *v >= max).unwrap_or(10.0 * p)
}

#[cfg(test)]
mod compact_tests {
    use super::{axis_max, format_compact};

    #[test]
    fn axis_ends_are_round_and_cover_the_maximum() {
        assert_eq!(axis_max(0.0), 1.0);
        assert_eq!(axis_max(-5.0), 1.0);
        assert_eq!(axis_max(f64::NAN), 1.0);
        assert_eq!(axis_max(f64::INFINITY), 1.0);
        assert_eq!(axis_max(1.0), 1.0);
        assert_eq!(axis_max(1.01), 1.2);
        assert_eq!(axis_max(7_300.0), 8_000.0);
        assert_eq!(axis_max(8_100.0), 10_000.0);
        assert_eq!(axis_max(2_345_678.0), 2_500_000.0);
        for x in [0.003, 0.7, 13.0, 999.0, 1e6 + 1.0, 4.2e12] {
            let m = axis_max(x);
            // Never more than a third above the maximum (1.5 → 2 is the widest step).
            assert!(m >= x && m <= x * 4.0 / 3.0 + 1e-9 * m, "{x} -> {m}");
        }
    }

    #[test]
    fn compact_ticks() {
        assert_eq!(format_compact(0.0), "0");
        assert_eq!(format_compact(950.0), "950");
        assert_eq!(format_compact(1_500.0), "1.5k");
        assert_eq!(format_compact(2_000_000.0), "2M");
        assert_eq!(format_compact(150_000.0), "150k");
        assert_eq!(format_compact(3.2e9), "3.2B");
        assert_eq!(format_compact(f64::NAN), "–");
    }
}
