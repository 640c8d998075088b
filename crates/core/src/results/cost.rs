//! The cost of a joined batch, per model name on the lines (the prices and
//! the arithmetic are in [`super::usage`]).

use super::report::ResultsReport;
use super::usage::{cost_usd, CostOptions, CostReport, ModelCost, PriceCache, PriceError, Usage};
use crate::facts::Catalog;

/// Cost of the joined results, per model name on the lines.
pub fn cost_report(report: &ResultsReport, catalog: &Catalog, opts: &CostOptions) -> CostReport {
    let mut cache = PriceCache::default();
    let mut total = 0.0;
    let mut unpriced = Usage::default();
    let models = report
        .usage_by_model
        .iter()
        .map(|m| {
            let priced = cache.prices(catalog, m.model.as_deref(), opts).clone();
            let (priced_as, prices, error) = match priced {
                Ok((name, p)) => (Some(name), Some(p), None),
                // No tokens (the requests without an answer): nothing to
                // price, so nothing to ask for.
                Err(_) if m.usage.is_zero() => (None, None, None),
                Err(e) => (None, None, Some(e)),
            };
            let mut error = error;
            let cost = match (&prices, m.usage.is_zero()) {
                (Some(p), _) => Some(cost_usd(&m.usage, p)).filter(|c| (total + c).is_finite()),
                (None, true) => Some(0.0),
                (None, false) => None,
            };
            if cost.is_none() && prices.is_some() {
                error = Some(PriceError::CostOverflow);
            }
            match cost {
                Some(c) => total += c,
                None => unpriced.add(&m.usage),
            }
            ModelCost { model: m.model.clone(), priced_as, prices, requests: m.requests, usage: m.usage, cost_usd: cost, error }
        })
        .collect();
    CostReport { models, total_usd: total, unpriced_usage: unpriced }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::PriceOverride;

    #[test]
    fn a_cost_that_overflows_is_an_error_not_inf() {
        use crate::results::ResultsJoiner;
        let mut j = ResultsJoiner::new();
        j.feed_output(br#"{"custom_id":"a","response":{"status_code":200,"body":{"model":"gpt-4o","choices":[],"usage":{"prompt_tokens":1000000,"completion_tokens":0}}}}"#);
        let report = j.finish();
        let opts = CostOptions { price_override: PriceOverride { input: Some(f64::MAX), ..Default::default() }, ..Default::default() };
        let c = cost_report(&report, &Catalog::builtin(), &opts);
        assert!(c.total_usd.is_finite());
        assert_eq!((c.models[0].cost_usd, c.models[0].error.clone()), (None, Some(PriceError::CostOverflow)));
        assert_eq!(c.unpriced_usage.prompt, 1_000_000);
    }
}
