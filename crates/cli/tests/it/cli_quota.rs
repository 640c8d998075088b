//! `batchlane quota` reproduces every row of the vendor's quota-tier tables
//! as vendored in the repository (`crates/core/assets/vendor/quota-tier/`).

use super::vendor_tiers::vendor_rows;
use serde_json::Value;

fn quota(args: &[&str]) -> (i32, String, String) {
    let mut argv = vec!["quota".to_string()];
    argv.extend(args.iter().map(|a| a.to_string()));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = batchlane_cli::run(&argv, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

fn json_of(model: &str, deployment: &str, tier: &str) -> Value {
    let (code, out, err) = quota(&["--model", model, "--deployment", deployment, "--tier", tier, "--format", "json"]);
    assert_eq!(code, 0, "{model} {deployment} {tier}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn every_row_of_the_vendor_tier_tables_is_reproduced() {
    let mut n = 0;
    for r in vendor_rows() {
        let line = &r.at;
        let (tier, model) = (r.tier, r.model.as_str());
        let deployment = match r.deployment_type.as_str() {
            "GlobalStandard" => "global",
            "DataZoneStandard" => "datazone",
            "Standard" => "standard",
            other => panic!("{line}: unknown deployment type {other}"),
        };
        let v = json_of(model, deployment, tier);
        assert_eq!(v["model"], model, "{line}");
        assert_eq!(v["deployment"], deployment, "{line}");
        let want_tier: Value = tier.parse::<u64>().map_or_else(|_| Value::from(tier), Value::from);
        assert_eq!(v["tier"], want_tier, "{line}");
        let (rpm, window, tpm) = (r.rpm, r.window_seconds, r.tpm);
        assert_eq!(v["rpm"], rpm, "{line}");
        assert_eq!(v["rpm_window_seconds"], window, "{line}");
        assert_eq!(v["tpm"], tpm.map_or(Value::Null, Value::from), "{line}");
        match tpm.filter(|t| *t > 0) {
            Some(t) => {
                let want = rpm as f64 * 60.0 / window as f64 / (t as f64 / 1_000.0);
                let got = v["rpm_per_1000_tpm"].as_f64().unwrap();
                assert!((got - want).abs() < 1e-9, "{line}: {got} vs {want}");
            }
            None => assert!(v["rpm_per_1000_tpm"].is_null(), "{line}"),
        }
        let subject = format!("{model}/{deployment}/{tier}");
        let sources = v["sources"].as_array().unwrap();
        for kind in ["tier_rpm", "tier_rpm_window_seconds"] {
            let id = format!("{kind}.{subject}");
            let s = sources.iter().find(|s| s["fact"] == id.as_str()).unwrap_or_else(|| panic!("{line}: no source for {id}"));
            assert_eq!(s["source"], r.source.as_str(), "{line}");
            assert_eq!(s["as_of"], r.date.as_str(), "{line}");
        }
        n += 1;
    }
    // Free 3, tier 1 87, tier 2 89 (2026-08-20), tier 3 69, tiers 4 and 5 66, tier 6 89 (2026-08-20).
    assert_eq!(n, 469, "rows in the vendored tables");
}

#[test]
fn ptu_figures_come_with_the_row_or_are_null() {
    let v = json_of("gpt-4o", "datazone", "1");
    assert_eq!((v["ptu_output_weight"].as_u64(), v["ptu_min"].as_u64(), v["ptu_increment"].as_u64()), (Some(4), Some(15), Some(5)));
    assert_eq!(v["rpm_per_1000_tpm"], 6);
    let std = json_of("gpt-4.1-mini", "standard", "2");
    assert_eq!((std["ptu_min"].as_u64(), std["ptu_increment"].as_u64()), (Some(25), Some(25)));
    let none = json_of("codex-mini", "global", "1");
    assert!(none["ptu_output_weight"].is_null() && none["ptu_min"].is_null() && none["ptu_increment"].is_null());
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let mut want = vec![
        "model",
        "deployment",
        "tier",
        "tpm",
        "rpm",
        "rpm_window_seconds",
        "rpm_per_1000_tpm",
        "ptu_output_weight",
        "ptu_min",
        "ptu_increment",
        "ptu_input_tpm_per_ptu",
        // gpt-4o's OpenAI model page states a batch queue limit at tier 1.
        "openai_batch_queue_tokens",
        "sources",
    ];
    want.sort_unstable();
    assert_eq!(keys, want);
}

/// Every PTU figure of the model, input TPM per PTU included (issue 38):
/// text and JSON, each read from the catalog with its source.
#[test]
fn every_ptu_figure_is_printed_with_input_tpm_per_ptu() {
    use batchlane_core::facts::{Catalog, Kind};
    let c = Catalog::builtin();
    for (model, deployment, min, step) in [
        ("gpt-5.4", "global", Kind::PtuMinGlobal, Kind::PtuStepGlobal),
        ("gpt-5.1", "datazone", Kind::PtuMinGlobal, Kind::PtuStepGlobal),
        ("o1", "datazone", Kind::PtuMinGlobal, Kind::PtuStepGlobal),
        ("gpt-4.1-mini", "standard", Kind::PtuMinRegional, Kind::PtuStepRegional),
        ("gpt-4o", "datazone", Kind::PtuMinGlobal, Kind::PtuStepGlobal),
    ] {
        let tpm = c.get(Kind::InputTpmPerPtu, model).unwrap_or_else(|| panic!("input_tpm_per_ptu.{model}"));
        let v = json_of(model, deployment, "1");
        assert_eq!(v["ptu_input_tpm_per_ptu"].as_f64(), Some(tpm), "{model}");
        assert_eq!(v["ptu_min"].as_f64(), c.get(min, model), "{model}");
        assert_eq!(v["ptu_increment"].as_f64(), c.get(step, model), "{model}");
        let id = format!("input_tpm_per_ptu.{model}");
        assert!(v["sources"].as_array().unwrap().iter().any(|s| s["fact"] == id.as_str()), "{model}: no source for {id}");
        let (code, out, _) = quota(&["--model", model, "--deployment", deployment, "--tier", "1"]);
        assert_eq!(code, 0);
        let want = format!("input TPM per PTU {}", batchlane_core::format::format_count(tpm));
        assert!(out.contains(&want), "{model}: {want} in {out}");
        assert!(out.contains(&id), "{model}: the source line of {id} in {out}");
    }
    let none = json_of("codex-mini", "global", "1");
    assert!(none["ptu_input_tpm_per_ptu"].is_null());
}

#[test]
fn text_shows_a_ten_second_limit_as_a_burst_limit() {
    let (code, out, _) = quota(&["--model", "o4-mini", "--deployment", "datazone", "--tier", "1"]);
    assert_eq!(code, 0);
    assert!(out.contains("requests: 300 per 10 s (a burst limit, enforced per 10 s; 1,800 per minute)"), "{out}");
    assert!(out.contains("RPM per 1,000 TPM: 6\n"), "{out}");
    let (_, o1, _) = quota(&["--model", "o1", "--deployment", "global", "--tier", "1"]);
    assert!(o1.contains("requests: 500 per 60 s\n") && o1.contains("RPM per 1,000 TPM: 0.1667\n"), "{o1}");
}

#[test]
fn unknown_model_or_combination_exits_2_naming_the_closest() {
    let (code, out, err) = quota(&["--model", "gpt-4o-mni", "--deployment", "global", "--tier", "1"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("unknown model 'gpt-4o-mni'; closest known: gpt-4o-mini"), "{err}");
    let (code, _, err) = quota(&["--model", "gpt-4o", "--deployment", "global", "--tier", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("gpt-4o has no global row at tier 1; closest known (deployment/tier): datazone/1"), "{err}");
    // "regional" is the Standard (regional) tables, as `traffic` spells it.
    let (code, _, err) = quota(&["--model", "gpt-4o", "--deployment", "regional", "--tier", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("gpt-4o has no standard row at tier 1"), "{err}");
    let (code, _, err) = quota(&["--model", "gpt-4o", "--deployment", "zonal", "--tier", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown deployment 'zonal'"), "{err}");
    let (code, _, _) = quota(&["--model", "gpt-4o", "--deployment", "global", "--tier", "7"]);
    assert_eq!(code, 2);
    let (code, _, _) = quota(&["--model", "gpt-4o"]);
    assert_eq!(code, 2);
}

#[test]
fn unconfirmed_rows_are_flagged() {
    let (code, _, err) = quota(&["--model", "gpt-5.5", "--deployment", "global", "--tier", "3", "--format", "json"]);
    assert_eq!(code, 0);
    assert!(err.contains("unconfirmed"), "{err}");
}

#[test]
fn help_prints_the_usage_and_exits_0_as_every_subcommand_does() {
    // `quota --help` was "unexpected argument '--help'", exit 2.
    for flag in ["--help", "-h"] {
        let (code, out, err) = quota(&[flag]);
        assert_eq!((code, err.as_str()), (0, ""), "{flag}");
        assert!(out.contains("batchlane quota --model M --deployment global|datazone|regional|standard --tier"), "{out}");
    }
    // The usage names the deployments the parser accepts.
    let (code, _, err) = quota(&["--model", "gpt-4o"]);
    assert_eq!(code, 2);
    assert!(err.contains("global, datazone, regional or standard"), "{err}");
}

/// Issue 38: OpenAI's batch queue limit per tier, where the model page
/// states one, with its source; none where it does not.
#[test]
fn the_openai_batch_queue_limit_of_the_tier_is_shown_with_its_source() {
    use batchlane_core::facts::{Catalog, Kind};
    let c = Catalog::builtin();
    let want = c.get(Kind::OpenaiBatchQueueTokens, "gpt-4o/2").expect("gpt-4o's tier-2 queue limit");
    let v = json_of("gpt-4o", "datazone", "2");
    assert_eq!(v["openai_batch_queue_tokens"].as_f64(), Some(want));
    assert!(v["sources"].as_array().unwrap().iter().any(|s| s["fact"] == "openai_batch_queue_tokens.gpt-4o/2"));
    let (code, out, _) = quota(&["--model", "gpt-4o", "--deployment", "datazone", "--tier", "2"]);
    assert_eq!(code, 0);
    let line = format!("OpenAI batch queue limit at usage tier 2: {} enqueued tokens", batchlane_core::format::format_count(want));
    assert!(out.contains(&line), "{out}");
    // Tier 6 is Azure's only; codex-mini has no OpenAI figure.
    assert!(json_of("gpt-4o", "datazone", "6").get("openai_batch_queue_tokens").is_none());
    assert!(json_of("codex-mini", "global", "1").get("openai_batch_queue_tokens").is_none());
}

/// Issue 38: `--region` prices the deployment type in that region through
/// the core's one pricing function: Regional uplift and Regional PTU hourly
/// price of the region, Global's unchanged.
#[test]
fn region_shows_the_regions_uplift_and_ptu_price() {
    use batchlane_core::cost::{ptu_prices, token_prices, PriceOverride};
    use batchlane_core::facts::{Catalog, Kind, Scope};
    let c = Catalog::builtin();
    let (code, out, err) =
        quota(&["--model", "gpt-4.1-mini", "--deployment", "standard", "--tier", "2", "--region", "westeurope", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let factor = c.require(Kind::RegionalPriceFactor, "westeurope");
    assert_eq!(v["region"]["region"], "westeurope");
    assert_eq!(v["region"]["price_factor"].as_f64(), Some(factor));
    assert_eq!(v["region"]["ptu_price_hourly"].as_f64(), Some(ptu_prices(Scope::Regional, Some("westeurope"), &c).hourly));
    let (_, p) = token_prices("gpt-4.1-mini", Scope::Regional, Some("westeurope"), &PriceOverride::default(), &c).unwrap();
    assert!((p.input - factor * c.require(Kind::PriceInput, "gpt-4.1-mini")).abs() < 1e-12);
    assert!(v["sources"].as_array().unwrap().iter().any(|s| s["fact"] == "regional_price_factor.westeurope"));
    let (_, text, _) = quota(&["--model", "gpt-4.1-mini", "--deployment", "standard", "--tier", "2", "--region", "westeurope"]);
    assert!(text.contains("in westeurope: token prices × 1.32 of Global"), "{text}");
    // Global takes no uplift in any region.
    let g = json_of_region("gpt-4.1-mini", "global", "2", "westeurope");
    assert_eq!(g["region"]["price_factor"].as_f64(), Some(1.0));
    // An unknown region is refused, naming the known ones.
    let (code, _, err) = quota(&["--model", "gpt-4.1-mini", "--deployment", "standard", "--tier", "2", "--region", "atlantis"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown region 'atlantis'; known: eastus"), "{err}");
}

fn json_of_region(model: &str, deployment: &str, tier: &str, region: &str) -> Value {
    let (code, out, err) = quota(&["--model", model, "--deployment", deployment, "--tier", tier, "--region", region, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}
