//! Finds figures written into prose that belong in the facts catalog: a
//! number in a translation string or an explanation that equals a catalog
//! value (in its unit or a common conversion: seconds as minutes, hours or
//! days, bytes as KB/MB/GB, factors as percent) is a figure a user's
//! override would never reach. Placeholders (`{name}`) are skipped; words
//! for a figure ("once a minute") count as the figure.

use crate::facts::{all_facts, Topic, Unit};

/// A figure found in prose and the catalog facts it equals.
#[derive(Clone, Debug, PartialEq)]
pub struct Stray {
    pub written: String,
    pub value: f64,
    pub facts: Vec<String>,
}

/// Words that state a figure without digits, and the figure in the
/// catalog's unit (seconds).
const WORDED: &[(&str, f64)] = &[
    ("once a minute", 60.0),
    ("every minute", 60.0),
    ("1분에 한 번", 60.0),
    ("half price", 0.5),
    ("half the price", 0.5),
    ("절반 가격", 0.5),
];

/// Units of measure, not figures: "per 1M tokens", "100만 토큰당".
/// Also arithmetic constants ("× 60" seconds a minute, "÷ 1,000" TPM),
/// integer widths ("64-bit") and whole shares ("100%").
const UNITS: &[&str] = &[
    "1M tokens",
    "1M token",
    "per 1M",
    "1M input",
    "1M output",
    "100만 토큰",
    "1,000 TPM",
    "1000 TPM",
    "per 1,000",
    "× 60",
    "÷ 60",
    "× 1,000",
    "÷ 1,000",
    "64-bit",
    "64 bits",
    "64비트",
    "100%",
    "100 %",
];

/// The values a catalog fact may be written as.
fn forms(value: f64, unit: Unit) -> Vec<f64> {
    let mut out = vec![value];
    match unit {
        Unit::Seconds => out.extend([value / 60.0, value / 3600.0, value / 86_400.0]),
        Unit::Bytes => out.extend([value / 1024.0, value / 1_048_576.0, value / 1e6, value / 1e9, value / 1e3]),
        Unit::Factor => out.push(value * 100.0),
        _ => {}
    }
    out.into_iter().filter(|v| v.fract() == 0.0 || (v * 100.0).fract() == 0.0).collect()
}

/// Every checked figure: (value, fact ids). Quota-tier rows (thousands of
/// table cells), prices and per-model sizes are looked up where they are
/// used and are too many to forbid as bare numbers; values below 3 are
/// ordinary words ("1 = evenly spread", "two deployments").
pub fn catalog_figures() -> Vec<(f64, Vec<String>)> {
    let mut out: Vec<(f64, Vec<String>)> = Vec::new();
    for f in all_facts() {
        if matches!(f.topic, Topic::QuotaTiers | Topic::Prices | Topic::Models) {
            continue;
        }
        for v in forms(f.value, f.unit) {
            if v < 3.0 && !WORDED.iter().any(|(_, w)| *w == v) {
                continue;
            }
            match out.iter_mut().find(|(x, _)| *x == v) {
                Some((_, ids)) => ids.push(f.id()),
                None => out.push((v, vec![f.id()])),
            }
        }
    }
    out
}

/// The numbers written in `text` outside `{placeholders}` and units of
/// measure, with Korean 만/억 multipliers applied.
pub fn numbers(text: &str) -> Vec<(String, f64)> {
    let mut clean = String::with_capacity(text.len());
    let mut depth = 0u32;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => clean.push(c),
            _ => clean.push(' '),
        }
    }
    for unit in UNITS {
        clean = clean.replace(unit, " ");
    }
    let mut out = Vec::new();
    for (words, value) in WORDED {
        if clean.to_lowercase().contains(words) {
            out.push(((*words).to_string(), *value));
        }
    }
    let chars: Vec<char> = clean.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_ascii_alphanumeric() || matches!(chars[i - 1], '_' | '.' | '-' | '/' | '^')));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len()
            && (chars[j].is_ascii_digit() || (matches!(chars[j], ',' | '.') && chars.get(j + 1).is_some_and(char::is_ascii_digit)))
        {
            j += 1;
        }
        let written: String = chars[i..j].iter().collect();
        // A version ("4.1", "2.17") or identifier ("gpt-4o", "o3") is not a figure.
        let glued = chars.get(j).is_some_and(|c| c.is_ascii_alphabetic() && !matches!(c, 'K' | 'M' | 'k' | 's' | 'h'))
            || chars.get(j) == Some(&'.');
        if !glued {
            let mut value: f64 = written.replace(',', "").parse().unwrap_or(f64::NAN);
            match chars.get(j) {
                Some('만') => value *= 1e4,
                Some('억') => value *= 1e8,
                Some('K') | Some('k') if chars.get(j + 1) != Some(&'B') => value *= 1e3,
                Some('M') if chars.get(j + 1) != Some(&'B') => value *= 1e6,
                _ => {}
            }
            if value.is_finite() {
                out.push((written, value));
            }
        }
        i = j;
    }
    out
}

/// The catalog figures written into `text`.
pub fn strays(text: &str, figures: &[(f64, Vec<String>)]) -> Vec<Stray> {
    numbers(text)
        .into_iter()
        .filter_map(|(written, value)| {
            let (_, ids) = figures.iter().find(|(v, _)| (*v - value).abs() < 1e-9)?;
            Some(Stray { written, value, facts: ids.clone() })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_figures_outside_placeholders() {
        let figs = catalog_figures();
        let hit = strays("Keep custom_id to 64 characters or fewer", &figs);
        assert_eq!(hit.len(), 1);
        assert!(hit[0].facts.iter().any(|f| f.starts_with("max_custom_id_chars")));
        assert!(strays("Keep custom_id to {max} characters or fewer", &figs).is_empty());
        assert!(!strays("polls once a minute", &figs).is_empty());
        assert!(!strays("within the 24-hour window", &figs).is_empty());
        assert!(!strays("최대 10분", &figs).is_empty()); // cancelling: 600 s
        assert!(strays("gpt-4.1 and o3 cost per 1M tokens", &figs).is_empty());
    }

    #[test]
    fn reads_korean_multipliers_and_separators() {
        let n: Vec<f64> = numbers("100만 토큰당 1,024자 {n}개 2억").into_iter().map(|(_, v)| v).collect();
        assert_eq!(n, vec![1024.0, 2e8]);
    }
}
