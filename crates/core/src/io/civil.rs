//! Civil (proleptic Gregorian) dates as days since 1970-01-01, one copy for
//! every tool: /traffic's timestamps, /results' job times, the pages'
//! as-of dates. Howard Hinnant's algorithms
//! (<https://howardhinnant.github.io/date_algorithms.html>), with euclidean
//! division so every day before 1970 is exact too.

/// Days from 1970-01-01 to the civil date `y-m-d` (not checked: see
/// [`checked_days`]).
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (i64::from(m) + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date `(year, month, day)` of a day since 1970-01-01.
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z.saturating_add(719_468);
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Days in month `m` of year `y`.
pub fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        _ => 28,
    }
}

/// Days since 1970-01-01 of a real date of years 1 to 9999 (`None` for
/// 2025-02-30 or month 13).
pub fn checked_days(y: i64, m: u32, d: u32) -> Option<i64> {
    ((1..=9999).contains(&y) && (1..=12).contains(&m) && d >= 1 && d <= days_in_month(y, m)).then(|| days_from_civil(y, m, d))
}

/// Days since 1970-01-01 of a `YYYY-MM-DD` date, checked as [`checked_days`].
pub fn parse_ymd(date: &str) -> Option<i64> {
    let mut it = date.splitn(3, '-');
    let y: i64 = it.next()?.parse().ok()?;
    let m: u32 = it.next()?.parse().ok()?;
    let d: u32 = it.next()?.parse().ok()?;
    checked_days(y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_dates_round_trip() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(civil_from_days(19_675), (2023, 11, 14));
        for z in (-800_000..800_000).step_by(997) {
            let (y, m, d) = civil_from_days(z);
            assert_eq!(days_from_civil(y, m, d), z);
            assert_eq!(checked_days(y, m, d).is_some(), (1..=9999).contains(&y));
        }
    }

    #[test]
    fn only_real_dates_parse() {
        assert_eq!(parse_ymd("2024-02-29"), Some(days_from_civil(2024, 2, 29)));
        assert_eq!(parse_ymd("2025-02-29"), None);
        assert_eq!(parse_ymd("2025-02-31"), None);
        assert_eq!(parse_ymd("2025-13-01"), None);
        assert_eq!(parse_ymd("2025-08"), None);
    }
}
