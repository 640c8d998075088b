//! Numbers as the note writes them: thousands separators, dollars, and
//! Korean counts in 만 where they are round ("100만 건").

use crate::text::Text;

/// An integer with thousands separators: 100000 → "100,000".
pub fn thousands(v: f64) -> String {
    crate::format::format_count(v)
}

/// A number as written in a sentence: whole numbers with separators, others
/// with up to two decimals ("6", "0.17", "2.5").
pub fn number(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        return thousands(v);
    }
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// "$2,400" / "2,400달러".
pub fn usd(v: f64) -> Text {
    let d = crate::format::dollars(v);
    Text::new(format!("${d}"), format!("{d}달러"))
}

/// A price per 1M tokens: "$12" / "12달러".
pub fn price(v: f64) -> Text {
    usd(v)
}

/// A count in Korean style: round ten-thousands as 만 (1,000,000 → "100만").
pub fn ko_count(v: f64) -> String {
    let n = v.round();
    if n >= 10_000.0 && n % 10_000.0 == 0.0 {
        format!("{}만", thousands(n / 10_000.0))
    } else {
        thousands(n)
    }
}

/// A number of requests in Korean: "100만 건", "1,500건".
pub fn ko_requests(v: f64) -> String {
    let c = ko_count(v);
    if c.ends_with('만') {
        format!("{c} 건")
    } else {
        format!("{c}건")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(thousands(100_000.0), "100,000");
        assert_eq!(thousands(180.0), "180");
        assert_eq!(thousands(1_234_567.4), "1,234,567");
        assert_eq!(usd(2_400.0), Text::new("$2,400", "2,400달러"));
        assert_eq!(usd(37.5).en, "$37.50");
        assert_eq!(usd(0.06).en, "$0.06");
        assert_eq!(ko_count(1_000_000.0), "100만");
        assert_eq!(ko_count(250_000.0), "25만");
        assert_eq!(ko_count(1_500.0), "1,500");
        assert_eq!(ko_requests(1_000_000.0), "100만 건");
        assert_eq!(ko_requests(1_500.0), "1,500건");
        assert_eq!(number(6.0), "6");
        assert_eq!(number(2.5), "2.5");
        assert_eq!(number(1.0 / 6.0), "0.17");
    }
}
