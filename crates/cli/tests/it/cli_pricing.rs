//! The pricing invariant through the command line: `batchlane traffic` and
//! `batchlane results` print the dollars /quota, /cost and /results compute
//! for the same deployment (same model, scope and pricing, to the cent).
//! The core's side is `crates/core/tests/it/pricing_invariant.rs`.

use batchlane_core::cost::{self, PriceOverride, PtuPricing};
use batchlane_core::facts::{Catalog, DeploymentType, Scope};
use batchlane_core::io::parse_query;
use batchlane_core::quota::{self, PtuInput};
use batchlane_core::traffic::{self, TrafficOptions};
use serde_json::Value;

fn cli(args: &[&str]) -> Value {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = batchlane_cli::run(args, &mut out, &mut err);
    assert!(code == 0 || code == 1, "{}", String::from_utf8_lossy(&err));
    serde_json::from_slice(&out).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out)))
}

fn same_cent(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.005
}

fn hour() -> String {
    let mut csv = String::from("timestamp,deployment,model,requests,prompt_tokens,cached_tokens,completion_tokens\n");
    for m in 0..60 {
        csv.push_str(&format!("2026-11-02T10:{m:02}:00Z,dep,gpt-4o,10,20000,5000,4000\n"));
    }
    csv
}

fn pairs(link: &str) -> Vec<(String, String)> {
    parse_query(link.split_once('?').map_or("", |(_, q)| q)).pairs
}

#[test]
fn batchlane_traffic_prints_the_dollars_quota_and_cost_compute() {
    let dir = std::env::temp_dir().join(format!("batchlane-cli-pricing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("hour.csv");
    let csv = hour();
    std::fs::write(&path, &csv).unwrap();
    let c = Catalog::builtin();
    for (scope, t, code) in [
        (Scope::Global, DeploymentType::GlobalStandard, "global"),
        (Scope::DataZone, DeploymentType::DataZoneStandard, "datazone"),
        (Scope::Regional, DeploymentType::RegionalStandard, "regional"),
    ] {
        for (i, pricing) in PtuPricing::ALL.into_iter().enumerate() {
            for region in [None, Some("westeurope"), Some("koreacentral")] {
                let dep = format!("dep={code}");
                let mut args =
                    vec!["traffic", path.to_str().unwrap(), "--deployment-type", &dep, "--ptu-pricing", pricing.code(), "--format", "json"];
                if let Some(r) = region {
                    args.extend(["--region", r]);
                }
                let j = cli(&args);
                let p = &j["ptu"][0];
                let (ptu_month, payg_month) = (p["ptu_month_usd"].as_f64().unwrap(), p["payg"]["monthly_usd"].as_f64().unwrap());
                // /quota and /cost, opened from the page's hand-off links.
                let opts = TrafficOptions {
                    deployment_types: vec![("dep".into(), t)],
                    ptu_pricing: pricing,
                    region: region.map(str::to_string),
                    ..TrafficOptions::default()
                };
                let r = traffic::run(&[("hour.csv".into(), csv.as_bytes())], &opts, &c, &mut |_, _| {}).unwrap();
                let d = &r.deployments[0];
                let plan = quota::share::decode(&pairs(&traffic::quota_link(d, &c))).unwrap();
                let cmp = quota::compare(&PtuInput::from(&plan), &c).unwrap();
                let opened = cost::share::decode(&pairs(&traffic::cost_link(d, &c)), &cost::share::price_fact_ids(&c));
                let cost_month = cost::evaluate(&opened.comparison, &c).unwrap().baseline.per_month.total;
                assert!(
                    same_cent(ptu_month, cmp.ptu_monthly[i] / cmp.sizing.ptus),
                    "{scope:?} {pricing:?}: CLI {ptu_month}, /quota {:?}",
                    cmp.ptu_monthly
                );
                assert!(same_cent(ptu_month, cost::ptu_prices(scope, region, &c).month(pricing)));
                assert!(same_cent(payg_month, cmp.payg_monthly), "{scope:?} {region:?}: CLI {payg_month}, /quota {}", cmp.payg_monthly);
                assert!(same_cent(payg_month, cost_month), "{scope:?} {region:?}: CLI {payg_month}, /cost {cost_month}");
            }
        }
    }
}

/// `--region` takes an Azure region's code; anything else is bad usage
/// that names the known codes.
#[test]
fn batchlane_traffic_refuses_an_unknown_region() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = batchlane_cli::run(&["traffic", "any.csv", "--region", "atlantis"], &mut out, &mut err);
    let err = String::from_utf8_lossy(&err);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unknown region 'atlantis'") && err.contains("westeurope"), "{err}");
}

#[test]
fn batchlane_results_prints_the_dollars_the_price_look_up_gives() {
    let fx = |p: &str| format!("{}/../../tests/fixtures/results/chat/{p}", env!("CARGO_MANIFEST_DIR"));
    let j = cli(&["results", "--output", &fx("output.jsonl"), "--errors", &fx("errors.jsonl"), "--format", "json"]);
    let c = Catalog::builtin();
    let mut total = 0.0;
    for m in j["cost"]["models"].as_array().unwrap() {
        let Some(model) = m["priced_as"].as_str() else { continue };
        let u = &m["usage"];
        let n = |k: &str| u[k].as_f64().unwrap();
        let (_, p) = cost::token_prices(model, Scope::Global, None, &PriceOverride::default(), &c).unwrap();
        let usd = p.usd(n("prompt"), n("cached"), n("completion")) * p.batch_factor;
        assert!((m["cost_usd"].as_f64().unwrap() - usd).abs() < 1e-12, "{m}");
        total += usd;
    }
    assert!(total > 0.0);
    assert!(same_cent(j["cost"]["total_usd"].as_f64().unwrap(), total));
}
