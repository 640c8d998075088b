//! Dates and times as the user reads them: a moment (a Unix time) in the
//! browser's own time zone through `Intl.DateTimeFormat`, with the exact
//! UTC time on hover (`title`) and in `<time datetime>`; a calendar date
//! (a fact's as-of date, `YYYY-MM-DD`) in the page's language, never shifted
//! by a time zone, with the ISO date on hover.
//! Where `Intl` fails (an out-of-range time), the UTC text is shown.

use crate::prefs::use_prefs;
use batchlane_core::results::format_utc;
use batchlane_core::text::Lang;
use leptos::prelude::*;
use wasm_bindgen::JsValue;

/// ECMAScript's time range: ±8.64e15 ms from 1970.
const MAX_MS: f64 = 8.64e15;

fn options(pairs: &[(&str, &str)]) -> js_sys::Object {
    let o = js_sys::Object::new();
    for (k, v) in pairs {
        let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), &JsValue::from_str(v));
    }
    o
}

fn intl_format(lang: Lang, ms: f64, opts: &[(&str, &str)]) -> Option<String> {
    if !ms.is_finite() || ms.abs() > MAX_MS {
        return None;
    }
    let locales = js_sys::Array::of1(&JsValue::from_str(lang.tag()));
    let format = js_sys::Intl::DateTimeFormat::new(&locales, &options(opts)).format();
    format.call1(&JsValue::NULL, &js_sys::Date::new(&JsValue::from_f64(ms))).ok()?.as_string()
}

/// `unix` (seconds) in the browser's time zone, e.g. "Jan 15, 2026, 09:00 GMT+9".
pub fn format_local(lang: Lang, unix: i64) -> String {
    let opts = [
        ("year", "numeric"),
        ("month", "short"),
        ("day", "numeric"),
        ("hour", "2-digit"),
        ("minute", "2-digit"),
        ("timeZoneName", "short"),
    ];
    intl_format(lang, unix as f64 * 1000.0, &opts).unwrap_or_else(|| format_utc(unix))
}

/// `YYYY-MM-DDTHH:MMZ` (the `<time datetime>` form) of a Unix time.
pub fn iso_utc(unix: i64) -> String {
    format_utc(unix).trim_end_matches(" UTC").replacen(' ', "T", 1) + "Z"
}

/// A moment: local time shown, UTC on hover.
#[component]
pub fn LocalTime(unix: i64, #[prop(into, optional)] testid: String) -> impl IntoView {
    let prefs = use_prefs();
    view! {
        <time datetime=iso_utc(unix) title=format_utc(unix) data-testid=testid data-unix=unix.to_string()>
            {move || format_local(prefs.lang.get(), unix)}
        </time>
    }
}

/// A calendar date in the page's language ("Aug 1, 2025", "2025. 8. 1."),
/// or the text as given when it is not `YYYY-MM-DD`.
pub fn format_date(lang: Lang, date: &str) -> String {
    let Some(days) = batchlane_core::io::parse_ymd(date) else { return date.to_string() };
    let opts = [("year", "numeric"), ("month", "short"), ("day", "numeric"), ("timeZone", "UTC")];
    intl_format(lang, days as f64 * 86_400_000.0, &opts).unwrap_or_else(|| date.to_string())
}

/// An as-of date: the page's language shown, the ISO date on hover.
#[component]
pub fn LocalDate(date: &'static str) -> impl IntoView {
    let prefs = use_prefs();
    view! { <time datetime=date title=date>{move || format_date(prefs.lang.get(), date)}</time> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_days_match_the_utc_formatter() {
        for unix in [0_i64, 951_782_400, 1_700_000_000, 1_768_435_200] {
            let date = &format_utc(unix)[..10];
            assert_eq!(batchlane_core::io::parse_ymd(date), Some(unix.div_euclid(86_400)), "{date}");
        }
        assert_eq!(batchlane_core::io::parse_ymd("2025-13-01"), None);
        assert_eq!(batchlane_core::io::parse_ymd("TBD"), None);
        assert_eq!(iso_utc(1_700_000_000), "2023-11-14T22:13Z");
    }
}
