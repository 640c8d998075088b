//! Issue 13: the planner's numbers equal `batchlane quota`'s for every row
//! of the vendor's tier tables (vendored in `crates/core/assets/vendor/quota-tier/`). A row the planner can plan gives the same RPM, window,
//! TPM and ratio; a row whose model the planner does not know is refused
//! by name (never planned with other figures).

use super::vendor_tiers::vendor_rows;
use batchlane_core::facts::{Catalog, DeploymentType, QuotaTier};
use batchlane_core::quota::{plan, Field, PlanInput};
use serde_json::Value;

fn cli(model: &str, deployment: &str, tier: &str) -> Value {
    let argv: Vec<String> =
        ["quota", "--model", model, "--deployment", deployment, "--tier", tier, "--format", "json"].iter().map(|s| s.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = batchlane_cli::run(&argv, &mut out, &mut err);
    assert_eq!(code, 0, "{model} {deployment} {tier}: {}", String::from_utf8_lossy(&err));
    serde_json::from_slice(&out).unwrap()
}

#[test]
fn the_planner_gives_batchlane_quotas_numbers_for_every_tier_row() {
    let catalog = Catalog::builtin();
    let (mut planned, mut refused) = (0, 0);
    for r in vendor_rows() {
        let line = &r.at;
        let (tier_code, model) = (r.tier, r.model.as_str());
        let (deployment, arg) = match r.deployment_type.as_str() {
            "GlobalStandard" => (DeploymentType::GlobalStandard, "global"),
            "DataZoneStandard" => (DeploymentType::DataZoneStandard, "datazone"),
            "Standard" => (DeploymentType::RegionalStandard, "standard"),
            other => panic!("unknown deployment type {other}"),
        };
        let tier = QuotaTier::from_code(tier_code).unwrap_or_else(|| panic!("{line}: tier"));
        let v = cli(model, arg, tier_code);
        let tpm = v["tpm"].as_f64();
        let usable = v["rpm"].as_f64().is_some_and(|r| r > 0.0) && tpm.is_some_and(|t| t > 0.0);
        if !usable {
            continue; // unconfirmed (0 / TBD) rows are never planner defaults
        }
        let input = PlanInput { model: model.into(), deployment, tier: Some(tier), allocated_tpm: tpm.unwrap(), ..PlanInput::default() };
        match plan(&input, &catalog) {
            Ok(p) => {
                planned += 1;
                let row = p.tier.as_ref().unwrap_or_else(|| panic!("{line}: the planner shows no tier row"));
                assert_eq!(Some(row.rpm), v["rpm"].as_f64(), "{line}");
                assert_eq!(row.tpm, tpm, "{line}");
                assert_eq!(Some(row.window_seconds), v["rpm_window_seconds"].as_f64(), "{line}");
                assert_eq!(Some(p.rpm_window_seconds), v["rpm_window_seconds"].as_f64(), "{line}");
                let ratio = v["rpm_per_1000_tpm"].as_f64().unwrap();
                assert!((p.rpm_per_1k_tpm - ratio).abs() < 1e-9, "{line}: {} vs {ratio}", p.rpm_per_1k_tpm);
                // At the tier's TPM the deployment gets the tier's requests per minute.
                let per_minute = row.rpm * 60.0 / row.window_seconds;
                let allowed = p.limits.unwrap().rpm_allowed;
                assert!((allowed - per_minute).abs() < 1e-6 * per_minute.max(1.0), "{line}: {allowed} vs {per_minute}");
            }
            Err(e) => {
                refused += 1;
                assert!(e.iter().any(|e| e.field == Field::Model), "{line}: refused for {e:?}");
            }
        }
    }
    assert!(planned >= 100, "planned {planned} rows, refused {refused}");
}
