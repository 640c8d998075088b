//! Words for the domain's answers: money and counts in the chosen
//! language, and the reason behind every problem.

use crate::i18n::{fill, lookup, t, Lang};
use batchlane_core::cost::{Column, Field, FieldIssue, LineProblem, PriceError, Problem};
use batchlane_core::facts::Scope;
use batchlane_core::format::number;

/// A count or token figure: thousands separators, at most one decimal.
pub fn count(x: f64, lang: Lang) -> String {
    number(x, lang, 1)
}

pub fn deployment_key(d: Scope) -> &'static str {
    match d {
        Scope::Global => "cost.dep.global",
        Scope::DataZone => "cost.dep.datazone",
        Scope::Regional => "cost.dep.regional",
    }
}

/// The translated label of a knob (`cost.knob.{code}`).
pub fn knob_label(lang: Lang, code: &str) -> String {
    lookup(lang, &format!("cost.knob.{code}")).unwrap_or(code).to_string()
}

/// The reason for a problem with one input, in a sentence.
pub fn issue(lang: Lang, i: &FieldIssue) -> String {
    let n = |x: f64| number(x, lang, 2);
    match &i.problem {
        Problem::NotANumber => t(lang, "cost.problem.not_a_number").to_string(),
        Problem::Negative => t(lang, "cost.problem.negative").to_string(),
        Problem::ShareOutOfRange => t(lang, "cost.problem.share").to_string(),
        Problem::Absurd { max } => fill(t(lang, "cost.problem.absurd"), &[("max", &n(*max))]),
        Problem::NotWhole => t(lang, "cost.problem.not_whole").to_string(),
        Problem::Zero if i.field == Field::DaysPerMonth => t(lang, "cost.problem.days_min").to_string(),
        Problem::Zero => t(lang, "cost.problem.zero").to_string(),
        Problem::Price(PriceError::UnknownModel(m)) => fill(t(lang, "cost.problem.unknown_model"), &[("model", m)]),
        Problem::Price(PriceError::NoPrice { model: m, .. } | PriceError::BadOverride(m)) => {
            fill(t(lang, "cost.problem.no_price"), &[("model", m)])
        }
        Problem::ExceedsContextWindow { tokens, window } => {
            fill(t(lang, "cost.problem.context"), &[("tokens", &n(*tokens)), ("window", &n(*window))])
        }
        Problem::ExceedsInputCap { tokens, cap } => fill(t(lang, "cost.problem.input_cap"), &[("tokens", &n(*tokens)), ("cap", &n(*cap))]),
        Problem::ExceedsOutputMaximum { tokens, maximum } => {
            fill(t(lang, "cost.problem.output_max"), &[("tokens", &n(*tokens)), ("maximum", &n(*maximum))])
        }
        Problem::NoBatchOnDeployment => t(lang, "cost.problem.no_batch").to_string(),
    }
}

fn column(c: Column) -> &'static str {
    match c {
        Column::Tenant => "tenant",
        Column::Feature => "feature",
        Column::Model => "model",
        Column::PromptTokens => "prompt_tokens",
        Column::CachedTokens => "cached_tokens",
        Column::CompletionTokens => "completion_tokens",
        Column::Requests => "requests",
        Column::Batch => "batch",
    }
}

/// Why a usage line was skipped.
pub fn line_problem(lang: Lang, p: &LineProblem) -> String {
    let f = |key: &'static str, args: &[(&str, &str)]| fill(t(lang, key), args);
    match p {
        LineProblem::MissingColumn(c) => f("cost.usage.missing_column", &[("column", column(*c))]),
        LineProblem::MissingValue(c) => f("cost.usage.missing_value", &[("column", column(*c))]),
        LineProblem::NotANumber { column: c, value } => f("cost.usage.not_a_number", &[("column", column(*c)), ("value", value)]),
        LineProblem::Negative(c) => f("cost.usage.negative", &[("column", column(*c))]),
        LineProblem::NotABool { value } => f("cost.usage.not_a_bool", &[("value", value)]),
        LineProblem::CachedExceedsPrompt => f("cost.usage.cached_exceeds", &[]),
        LineProblem::FieldCount { expected, found } => {
            f("cost.usage.field_count", &[("expected", &expected.to_string()), ("found", &found.to_string())])
        }
        LineProblem::UnclosedQuote => f("cost.usage.unclosed_quote", &[]),
        LineProblem::BadJson(e) => f("cost.usage.bad_json", &[("error", e)]),
        LineProblem::NotAnObject => f("cost.usage.not_an_object", &[]),
        LineProblem::UnknownModel(m) => f("cost.problem.unknown_model", &[("model", m)]),
        LineProblem::NoPrice(m) => f("cost.problem.no_price", &[("model", m)]),
        LineProblem::TooLong { bytes, limit } => f("cost.usage.too_long", &[("bytes", &bytes.to_string()), ("limit", &limit.to_string())]),
        LineProblem::TooLarge(c) => f("cost.usage.too_large", &[("column", column(*c))]),
        LineProblem::CostOverflow => f("cost.usage.cost_overflow", &[]),
    }
}
