//! Numbers formatted for the chosen language, through the browser's Intl.

use crate::i18n::Lang;

/// `1234567.5` → `1,234,567.5` (up to `max_decimals` decimals).
pub fn number(value: f64, lang: Lang, max_decimals: u32) -> String {
    if !value.is_finite() {
        return "—".to_string();
    }
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"maximumFractionDigits".into(), &max_decimals.into());
    let locales = js_sys::Array::of1(&lang.tag().into());
    let format = js_sys::Intl::NumberFormat::new(&locales, &options);
    format.format().call1(&format, &value.into()).ok().and_then(|s| s.as_string()).unwrap_or_else(|| value.to_string())
}
