//! The pricing invariant: /quota, /traffic, /cost and /results price the
//! same deployment identically — same model, scope, region and pricing,
//! same dollars to the cent, with no region chosen and with one. Each surface is reached through its own entry
//! point: /traffic's `run`, its hand-off links decoded by /quota's and
//! /cost's link codecs and priced by those pages' core calls, and
//! /results' price look-up for the same tokens. The CLI's side is
//! `crates/cli/tests/it/cli_pricing.rs`.

use batchlane_core::cost::{self, PriceOverride, PtuPricing, HOURS_PER_MONTH};
use batchlane_core::facts::{Catalog, DeploymentType, Kind, Scope};
use batchlane_core::io::parse_query;
use batchlane_core::quota::{self, PtuInput};
use batchlane_core::results::{batch_prices, cost_usd, CostOptions, Usage};
use batchlane_core::traffic::{self, TrafficOptions, TrafficReport};

/// An hour of one gpt-4o deployment: 10 requests a minute, 2,000 prompt
/// tokens (500 cached) and 400 completion tokens each.
fn hour() -> String {
    let mut csv = String::from("timestamp,deployment,model,requests,prompt_tokens,cached_tokens,completion_tokens\n");
    for m in 0..60 {
        csv.push_str(&format!("2026-11-02T10:{m:02}:00Z,dep,gpt-4o,10,20000,5000,4000\n"));
    }
    csv
}

/// No region; one with its own Regional uplift and PTU price; one with only
/// a PTU price (Korea Central); one with only an uplift (UK South).
const REGIONS: [Option<&str>; 4] = [None, Some("westeurope"), Some("koreacentral"), Some("uksouth")];

fn traffic_report(t: DeploymentType, pricing: PtuPricing, region: Option<&str>) -> TrafficReport {
    let csv = hour();
    let opts = TrafficOptions {
        deployment_types: vec![("dep".into(), t)],
        ptu_pricing: pricing,
        region: region.map(str::to_string),
        ..TrafficOptions::default()
    };
    traffic::run(&[("hour.csv".into(), csv.as_bytes())], &opts, &Catalog::builtin(), &mut |_, _| {}).unwrap()
}

/// Equal to the cent: less than half a cent apart.
fn same_cent(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.005
}

fn pairs(link: &str) -> Vec<(String, String)> {
    parse_query(link.split_once('?').map_or("", |(_, q)| q)).pairs
}

const SCOPES: [(Scope, DeploymentType); 3] = [
    (Scope::Global, DeploymentType::GlobalStandard),
    (Scope::DataZone, DeploymentType::DataZoneStandard),
    (Scope::Regional, DeploymentType::RegionalStandard),
];

#[test]
fn one_month_of_pay_as_you_go_costs_the_same_on_every_page() {
    let c = Catalog::builtin();
    for (scope, t) in SCOPES {
        for region in REGIONS {
            let r = traffic_report(t, PtuPricing::Hourly, region);
            let d = &r.deployments[0];
            let traffic_month = r.ptu.iter().find(|p| p.scope == scope).unwrap().payg.monthly_usd;

            // /traffic → /quota: the link the page hands over, decoded and planned.
            let plan = quota::share::decode(&pairs(&traffic::quota_link(d, &c))).unwrap();
            assert_eq!(plan.deployment.scope(), scope);
            let quota_month = quota::compare(&PtuInput::from(&plan), &c).unwrap().payg_monthly;

            // /traffic → /cost: the link, decoded and costed.
            let opened = cost::share::decode(&pairs(&traffic::cost_link(d, &c)), &cost::share::price_fact_ids(&c));
            assert!(opened.rejected.is_empty(), "{:?}", opened.rejected);
            let w = &opened.comparison.baseline.workload;
            assert_eq!(w.deployment, scope);
            let cost_month = cost::evaluate(&opened.comparison, &c).unwrap().baseline.per_month.total;

            // /results: the same month's tokens, at the standard price (batch factor 1).
            let requests = 10.0 * 60.0 * HOURS_PER_MONTH;
            let usage = Usage {
                prompt: (2_000.0 * requests) as u64,
                cached: (500.0 * requests) as u64,
                completion: (400.0 * requests) as u64,
                reasoning: 0,
            };
            let opts = CostOptions {
                deployment: scope,
                region: region.map(str::to_string),
                price_override: PriceOverride { batch_factor: Some(1.0), ..PriceOverride::default() },
                ..CostOptions::default()
            };
            let (_, p) = batch_prices(&c, Some("gpt-4o"), &opts).unwrap();
            let results_month = cost_usd(&usage, &p);

            let all = [("traffic", traffic_month), ("quota", quota_month), ("cost", cost_month), ("results", results_month)];
            for (page, usd) in all {
                assert!(same_cent(usd, traffic_month), "{scope:?} {region:?}: {page} says {usd}, /traffic {traffic_month}");
            }
        }
    }
}

#[test]
fn one_ptu_month_costs_the_same_on_quota_and_traffic() {
    let c = Catalog::builtin();
    for (scope, t) in SCOPES {
        for region in REGIONS {
            for (i, pricing) in PtuPricing::ALL.into_iter().enumerate() {
                let r = traffic_report(t, pricing, region);
                let traffic_month = r.ptu.iter().find(|p| p.scope == scope).unwrap().ptu_month_usd;
                let plan = quota::share::decode(&pairs(&traffic::quota_link(&r.deployments[0], &c))).unwrap();
                let cmp = quota::compare(&PtuInput::from(&plan), &c).unwrap();
                let quota_month = cmp.ptu_monthly[i] / cmp.sizing.ptus;
                assert!(
                    same_cent(quota_month, traffic_month),
                    "{scope:?} {region:?} {pricing:?}: /quota {quota_month}, /traffic {traffic_month}"
                );
                assert!(same_cent(cost::ptu_prices(scope, region, &c).month(pricing), traffic_month));
            }
        }
    }
}

/// The region is not ignored on the way: a Regional deployment in West
/// Europe costs more than with no region chosen, on every page, by the
/// catalog's West Europe uplift (pay-as-you-go) and PTU price; Global and
/// Data Zone do not move.
#[test]
fn a_chosen_region_moves_regional_prices_on_every_page_alike() {
    let c = Catalog::builtin();
    let month = |t: DeploymentType, region: Option<&str>| {
        let r = traffic_report(t, PtuPricing::Hourly, region);
        let p = r.ptu.iter().find(|p| p.scope == t.scope()).unwrap();
        let plan = quota::share::decode(&pairs(&traffic::quota_link(&r.deployments[0], &c))).unwrap();
        assert_eq!(plan.region.as_deref(), region, "/traffic hands the region to /quota");
        let opened = cost::share::decode(&pairs(&traffic::cost_link(&r.deployments[0], &c)), &cost::share::price_fact_ids(&c));
        assert_eq!(opened.comparison.config.region.as_deref(), region, "/traffic hands the region to /cost");
        (p.payg.monthly_usd, p.ptu_month_usd)
    };
    let (any_payg, any_ptu) = month(DeploymentType::RegionalStandard, None);
    let (eu_payg, eu_ptu) = month(DeploymentType::RegionalStandard, Some("westeurope"));
    let uplift = c.require(Kind::RegionalPriceFactor, "westeurope") / c.require(Kind::RegionalPriceFactor, "any");
    assert!(uplift > 1.0);
    assert!(same_cent(eu_payg, any_payg * uplift), "{eu_payg} vs {any_payg} × {uplift}");
    assert!(same_cent(eu_ptu, c.require(Kind::PtuPriceHourlyRegional, "westeurope") * HOURS_PER_MONTH), "{eu_ptu} vs {any_ptu}");
    assert!(eu_ptu > any_ptu);
    for t in [DeploymentType::GlobalStandard, DeploymentType::DataZoneStandard] {
        assert_eq!(month(t, None), month(t, Some("westeurope")), "{t:?}");
    }
}

/// The month is Azure's pricing calculator's: 730 hours; a PTU's hourly
/// price is its scope's own.
#[test]
fn the_data_zone_ptu_month_is_its_hourly_price_times_730_hours() {
    let c = Catalog::builtin();
    assert_eq!(HOURS_PER_MONTH, 730.0);
    let hourly = c.get(Kind::PtuPriceHourly, "datazone").unwrap();
    assert_ne!(hourly, c.get(Kind::PtuPriceHourly, "global").unwrap(), "the catalog prices Data Zone apart");
    assert!(same_cent(cost::ptu_prices(Scope::DataZone, None, &c).month(PtuPricing::Hourly), hourly * 730.0));
    let reserved = c.get(Kind::PtuPriceMonthlyReserved, "regional").unwrap();
    assert_eq!(cost::ptu_prices(Scope::Regional, None, &c).month(PtuPricing::Monthly), reserved);
}
