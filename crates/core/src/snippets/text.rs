//! Text in both UI languages, and the error a form field reports.

pub use crate::text::Text;

/// Why one field of a form can't be used: `field` is the stable name of
/// the field (the struct field's name, e.g. `"message_count"`), for the UI
/// to mark; the reason is worded whole where the check runs (a [`Text`] as
/// the problem). The one field-error shape.
pub type FormError = crate::io::FieldError<String, Text>;

/// A form field refused: `field`, and why in both languages.
pub fn form_error(field: &str, en: impl Into<String>, ko: impl Into<String>) -> FormError {
    FormError::new(field, "", Text::new(en, ko))
}

/// Checks a whole-number input: not negative, not above `max`.
pub(crate) fn check_count(errors: &mut Vec<FormError>, field: &str, value: i64, max: i64) {
    if value < 0 {
        errors.push(form_error(
            field,
            format!("{field} must not be negative (got {value})."),
            format!("{field} 값은 음수일 수 없습니다 (입력값 {value})."),
        ));
    } else if value > max {
        errors.push(form_error(
            field,
            format!("{field} = {value} is implausibly large (above {max})."),
            format!("{field} = {} 비현실적으로 큽니다 ({max} 초과).", crate::text::josa::attach(&value.to_string(), "은")),
        ));
    }
}

/// Checks a real-number input: finite and above zero.
pub(crate) fn check_positive(errors: &mut Vec<FormError>, field: &str, value: f64) {
    if !value.is_finite() {
        errors.push(form_error(field, format!("{field} is not a number."), format!("{field} 값이 숫자가 아닙니다.")));
    } else if value <= 0.0 {
        errors.push(form_error(
            field,
            format!("{field} must be above zero (got {value})."),
            format!("{field} 값은 0보다 커야 합니다 (입력값 {value})."),
        ));
    }
}
