//! Issue 38: Regional prices depend on the region (Azure Retail Prices
//! meters: 1.10 × in US regions, 1.21 × to 1.375 × elsewhere; a Regional
//! PTU costs more outside the US). One core function prices a model on a
//! deployment type in a region; every tool goes through it.

use batchlane_core::cost::{ptu_prices, token_prices, uplift_fact, PriceOverride, Prices};
use batchlane_core::facts::{builtin, Catalog, Certainty, Kind, Scope, REGIONS};
use batchlane_core::quota::{payg_cost_per_request, PtuInput};

fn prices(model: &str, scope: Scope, region: Option<&str>, c: &Catalog) -> Prices {
    token_prices(model, scope, region, &PriceOverride::default(), c).unwrap().1
}

fn factor(region: &str) -> f64 {
    Catalog::builtin().require(Kind::RegionalPriceFactor, region)
}

#[test]
fn a_region_changes_the_regional_price() {
    let c = Catalog::builtin();
    let global = prices("gpt-4.1", Scope::Global, Some("westeurope"), &c);
    let us = prices("gpt-4.1", Scope::Regional, Some("eastus"), &c);
    let eu = prices("gpt-4.1", Scope::Regional, Some("westeurope"), &c);
    assert_eq!(global.input, c.require(Kind::PriceInput, "gpt-4.1"), "Global takes no uplift, whatever the region");
    assert!((us.input - global.input * factor("eastus")).abs() < 1e-12);
    assert!((eu.output - global.output * factor("westeurope")).abs() < 1e-12);
    assert!(eu.input > us.input, "West Europe costs more than East US");
    // No region, or one without a figure of its own: the catalog's `any`.
    let any = prices("gpt-4.1", Scope::Regional, None, &c);
    assert_eq!(any, prices("gpt-4.1", Scope::Regional, Some("atlantis"), &c));
    assert_eq!(uplift_fact(Scope::Regional, Some("atlantis")), Some((Kind::RegionalPriceFactor, "any")));
    assert_eq!(uplift_fact(Scope::Regional, Some("WestEurope")), Some((Kind::RegionalPriceFactor, "westeurope")));
}

#[test]
fn a_users_override_of_a_regions_factor_applies() {
    let mut c = Catalog::builtin();
    c.set_override("regional_price_factor.swedencentral", 2.0).unwrap();
    let p = prices("gpt-4o", Scope::Regional, Some("swedencentral"), &c);
    assert!((p.input - 2.0 * c.require(Kind::PriceInput, "gpt-4o")).abs() < 1e-12);
}

#[test]
fn regional_ptu_prices_follow_the_region() {
    let c = Catalog::builtin();
    let us = ptu_prices(Scope::Regional, Some("eastus"), &c).hourly;
    let eu = ptu_prices(Scope::Regional, Some("westeurope"), &c).hourly;
    let kr = ptu_prices(Scope::Regional, Some("koreacentral"), &c).hourly;
    assert_eq!(us, c.require(Kind::PtuPriceHourlyRegional, "eastus"));
    assert!(eu > kr && kr > us, "{us} < {kr} < {eu}");
    // A region without a PTU figure takes `ptu_price_hourly.regional`; Global ignores the region.
    assert_eq!(ptu_prices(Scope::Regional, Some("uksouth"), &c).hourly, c.require(Kind::PtuPriceHourly, "regional"));
    assert_eq!(ptu_prices(Scope::Global, Some("westeurope"), &c).hourly, c.require(Kind::PtuPriceHourly, "global"));
}

#[test]
fn the_quota_pages_pay_as_you_go_uses_the_same_prices() {
    let c = Catalog::builtin();
    let input = |region: Option<&str>| PtuInput {
        model: "gpt-4o".into(),
        scope: Scope::Regional,
        peak_rpm: 10.0,
        average_rpm: 10.0,
        prompt_tokens: 1_000_000.0,
        cached_prompt_tokens: 0.0,
        output_tokens: 0.0,
        n: 1,
        region: region.map(str::to_string),
    };
    let eu = payg_cost_per_request(&input(Some("westeurope")), &c).unwrap();
    let p = prices("gpt-4o", Scope::Regional, Some("westeurope"), &c);
    assert!((eu - p.input).abs() < 1e-9, "1M prompt tokens cost the per-1M input price: {eu} vs {}", p.input);
    assert!(eu > payg_cost_per_request(&input(Some("eastus")), &c).unwrap());
}

#[test]
fn every_region_factor_is_dated_sourced_and_marked_unconfirmed() {
    let mut with_factor = 0;
    for r in REGIONS {
        if let Some(f) = builtin(Kind::RegionalPriceFactor, r.code) {
            with_factor += 1;
            assert_eq!(f.certainty, Certainty::Unconfirmed, "{}", f.id());
            assert!(f.source.source().url.starts_with("https://prices.azure.com/"), "{}", f.id());
            assert!(f.value >= 1.1, "{}", f.id());
        }
    }
    assert!(with_factor >= 15, "{with_factor}");
}

/// The /cost link keeps the region and a region's uplift override; an
/// unknown region in a link is refused (the default, none, stands).
#[test]
fn the_cost_link_carries_the_region_and_its_uplift() {
    use batchlane_core::cost::share::{decode, encode, encode_overrides, price_fact_ids};
    use batchlane_core::cost::{Comparison, Workload};
    let mut catalog = Catalog::builtin();
    catalog.set_override("regional_price_factor.westeurope", 1.5).unwrap();
    let ids = price_fact_ids(&catalog);
    let mut c = Comparison::new(Workload { deployment: Scope::Regional, ..Workload::default() });
    c.config.region = Some("westeurope".into());
    let mut pairs = encode(&c);
    pairs.extend(encode_overrides(&catalog, &ids));
    assert!(pairs.iter().any(|(k, v)| k == "region" && v == "westeurope"), "{pairs:?}");
    let opened = decode(&pairs, &ids);
    assert_eq!(opened.comparison, c);
    assert_eq!(opened.overrides, vec![("regional_price_factor.westeurope".to_string(), 1.5)]);
    let bad = decode(&[("region".to_string(), "atlantis".to_string())], &ids);
    assert_eq!(bad.comparison.config.region, None);
    assert!(bad.rejected.iter().any(|r| r.field == "region"), "{:?}", bad.rejected);
}
