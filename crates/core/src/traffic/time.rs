//! Timestamps of metric exports, to whole UTC minutes since the Unix epoch,
//! and back to ISO 8601 for output. No calendar crate: the formats are few
//! and documented.
//!
//! Read: RFC 3339 / ISO 8601 (`2026-11-01T00:05:00Z`, fractions, `+09:00`
//! offsets, a space for `T`, no zone = UTC) and the Log Analytics portal's
//! CSV export (`11/1/2026, 12:05:00.000 AM`, UTC). ISO 8601 durations
//! (`PT1M`, `PT5M`, `PT1H`, `P1D`) for intervals.

/// Whole minutes since 1970-01-01T00:00Z.
pub type Minute = i64;

use crate::io::{civil_from_days, days_from_civil, days_in_month};

fn num(s: &str) -> Option<u32> {
    (!s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten()
}

fn minute_of(y: i64, mo: u32, d: u32, h: u32, mi: u32) -> Option<Minute> {
    if !(1970..=9999).contains(&y) || !(1..=12).contains(&mo) || d == 0 || d > days_in_month(y, mo) || h > 23 || mi > 59 {
        return None;
    }
    Some(days_from_civil(y, mo, d) * 1440 + i64::from(h) * 60 + i64::from(mi))
}

/// The minute a timestamp falls in (seconds are dropped after the zone
/// offset is applied); `None` if it is not one of the documented forms.
pub fn parse_minute(text: &str) -> Option<Minute> {
    if let Some(m) = fast_utc(text.as_bytes()) {
        return Some(m);
    }
    let t = text.trim();
    if t.contains('/') {
        return parse_portal(t);
    }
    let (date, rest) = t.split_at_checked(10)?;
    let mut parts = date.split('-');
    let (y, mo, d) = (num(parts.next()?)?, num(parts.next()?)?, num(parts.next()?)?);
    if parts.next().is_some() || date.len() != 10 {
        return None;
    }
    let rest = match rest.as_bytes().first() {
        None => return minute_of(i64::from(y), mo, d, 0, 0),
        Some(b'T' | b't' | b' ') => rest.get(1..)?,
        _ => return None,
    };
    // hh:mm[:ss[.fff]][Z|±hh:mm]
    let (clock, offset) = split_zone(rest)?;
    let mut c = clock.split(':');
    let h = num(c.next()?)?;
    let mi = num(c.next()?)?;
    if let Some(sec) = c.next() {
        let whole = sec.split('.').next()?;
        if num(whole)? > 60 {
            return None;
        }
    }
    if c.next().is_some() {
        return None;
    }
    minute_of(i64::from(y), mo, d, h, mi).map(|m| m - offset)
}

/// `YYYY-MM-DDTHH:MM:SS[.f…]Z`, the form Azure Monitor writes, without
/// the general parser's splitting (a month of points is millions of them).
fn fast_utc(b: &[u8]) -> Option<Minute> {
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || b[10] != b'T' || b[13] != b':' || b[16] != b':' || b[b.len() - 1] != b'Z' {
        return None;
    }
    let tail = &b[19..b.len() - 1];
    if !(tail.is_empty() || (tail[0] == b'.' && tail[1..].iter().all(u8::is_ascii_digit))) {
        return None;
    }
    let d = |i: usize| -> Option<u32> { b[i].is_ascii_digit().then(|| u32::from(b[i] - b'0')) };
    let two = |i: usize| Some(d(i)? * 10 + d(i + 1)?);
    let year = two(0)? * 100 + two(2)?;
    if two(17)? > 60 {
        return None;
    }
    minute_of(i64::from(year), two(5)?, two(8)?, two(11)?, two(14)?)
}

/// Splits `hh:mm:ss` from its zone, returning the zone's offset in minutes.
fn split_zone(s: &str) -> Option<(&str, i64)> {
    if let Some(clock) = s.strip_suffix('Z').or_else(|| s.strip_suffix('z')) {
        return Some((clock, 0));
    }
    if let Some(at) = s.rfind(['+', '-']) {
        let (clock, zone) = s.split_at(at);
        let sign = if zone.starts_with('-') { -1 } else { 1 };
        // The sign is one ASCII byte; the rest is split on characters (a
        // byte offset may fall inside one: `+1é`).
        let zone = zone.get(1..)?;
        let (h, m) = match zone.split_once(':') {
            Some(parts) => parts,
            None => zone.split_at_checked(zone.len().min(2))?,
        };
        let (h, m) = (num(h)?, if m.is_empty() { 0 } else { num(m)? });
        if h > 14 || m > 59 {
            return None;
        }
        return Some((clock, sign * (i64::from(h) * 60 + i64::from(m))));
    }
    Some((s, 0))
}

/// `11/1/2026, 12:05:00.000 AM` (month/day/year, 12-hour clock, UTC).
fn parse_portal(t: &str) -> Option<Minute> {
    let (date, clock) = t.split_once(',').map(|(a, b)| (a.trim(), b.trim())).or_else(|| t.split_once(' '))?;
    let mut p = date.split('/');
    let (mo, d, y) = (num(p.next()?)?, num(p.next()?)?, num(p.next()?)?);
    if p.next().is_some() {
        return None;
    }
    let (clock, meridiem) = match clock.rsplit_once(' ') {
        Some((c, m)) => (c.trim(), Some(m.trim().to_ascii_uppercase())),
        None => (clock, None),
    };
    let mut c = clock.split(':');
    let mut h = num(c.next()?)?;
    let mi = num(c.next()?)?;
    match meridiem.as_deref() {
        Some("AM") if (1..=12).contains(&h) => h %= 12,
        Some("PM") if (1..=12).contains(&h) => h = h % 12 + 12,
        None => {}
        _ => return None,
    }
    minute_of(i64::from(y), mo, d, h, mi)
}

/// An ISO 8601 duration (`PT1M`, `PT5M`, `PT1H`, `PT30S`, `P1D`) in whole
/// minutes; `None` for other forms, sub-minute grains or more than a day.
pub fn parse_interval_minutes(text: &str) -> Option<u32> {
    let t = text.trim().to_ascii_uppercase();
    let rest = t.strip_prefix('P')?;
    let (days, time) = match rest.split_once('T') {
        Some((d, time)) => (d, time),
        None => (rest, ""),
    };
    let mut minutes: u64 = 0;
    if !days.is_empty() {
        minutes += u64::from(num(days.strip_suffix('D')?)?) * 1440;
    }
    let mut n = String::new();
    for ch in time.chars() {
        match ch {
            '0'..='9' => n.push(ch),
            'H' => minutes += u64::from(num(&std::mem::take(&mut n))?) * 60,
            'M' => minutes += u64::from(num(&std::mem::take(&mut n))?),
            'S' => {
                let s = num(&std::mem::take(&mut n))?;
                if s % 60 != 0 {
                    return None;
                }
                minutes += u64::from(s / 60);
            }
            _ => return None,
        }
    }
    (n.is_empty() && (1..=1440).contains(&minutes)).then_some(minutes as u32)
}

/// `2026-11-01T00:05Z`.
pub fn format_minute(m: Minute) -> String {
    let (y, mo, d) = civil_from_days(m.div_euclid(1440));
    let r = m.rem_euclid(1440);
    format!("{y:04}-{mo:02}-{d:02}T{:02}:{:02}Z", r / 60, r % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_documented_forms() {
        let m = parse_minute("2026-11-01T00:05:00Z").unwrap();
        assert_eq!(format_minute(m), "2026-11-01T00:05Z");
        assert_eq!(parse_minute("2026-11-01T00:05:59.999Z"), Some(m));
        assert_eq!(parse_minute("2026-11-01 00:05:00"), Some(m));
        assert_eq!(parse_minute("2026-11-01T09:05:00+09:00"), Some(m));
        assert_eq!(parse_minute("2026-10-31T19:05:00-05:00"), Some(m));
        assert_eq!(parse_minute("11/1/2026, 12:05:00.000 AM"), Some(m));
        assert_eq!(parse_minute("11/1/2026, 12:05:00.000 PM"), Some(m + 12 * 60));
        assert_eq!(parse_minute("1970-01-01T00:00:00Z"), Some(0));
        // The fast path and the general one agree.
        for t in ["2026-11-01T23:59:59.1234567Z", "2024-02-29T12:00:00Z", "2026-12-31T00:01:00Z"] {
            let general = parse_minute(&format!(" {t}"));
            assert_eq!(fast_utc(t.as_bytes()), general, "{t}");
            assert!(general.is_some());
        }
        assert_eq!(fast_utc(b"2026-11-01T00:00:61Z"), None);
        assert_eq!(fast_utc(b"2026-11-01T00:00:00.Z1"), None);
        assert_eq!(format_minute(parse_minute("2024-02-29T23:59Z").unwrap()), "2024-02-29T23:59Z");
    }

    #[test]
    fn refuses_what_is_not_a_time() {
        for bad in [
            "",
            "yesterday",
            "2026-13-01T00:00Z",
            "2026-02-30T00:00Z",
            "2026-11-01T24:00Z",
            "2026-11-01X00:00",
            "13/1/2026, 1:00 AM",
            "2026-11-01T00:00+99:00",
            "99999-01-01",
            "2026-11-01T00:00+1é",
            "2026-11-01T00:00+é",
            "2026-11-01T00:00-1é:00",
            "2026-11-01T00:00+\u{1F600}",
            "é026-11-01T00:00Z",
            "11/1/2026, 12:0é AM",
        ] {
            assert_eq!(parse_minute(bad), None, "{bad}");
        }
    }

    #[test]
    fn intervals() {
        assert_eq!(parse_interval_minutes("PT1M"), Some(1));
        assert_eq!(parse_interval_minutes("pt5m"), Some(5));
        assert_eq!(parse_interval_minutes("PT1H"), Some(60));
        assert_eq!(parse_interval_minutes("PT60S"), Some(1));
        assert_eq!(parse_interval_minutes("P1D"), Some(1440));
        assert_eq!(parse_interval_minutes("PT30S"), None);
        assert_eq!(parse_interval_minutes("P7D"), None);
        assert_eq!(parse_interval_minutes("1 minute"), None);
    }
}
