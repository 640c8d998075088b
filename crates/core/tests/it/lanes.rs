//! The lane chooser answers the issue's cases from the catalog, with
//! sources; job lists give turnaround percentiles equal to a hand computation.

use batchlane_core::batch::Dialect;
use batchlane_core::facts::{Catalog, Lane, Scope, SourceId};
use batchlane_core::lanes::{choose_lanes, nearest_rank, JobReader, LaneInput, LaneReport, LaneRow};

fn azure(model: &str) -> LaneInput {
    LaneInput::new(model, Dialect::Azure)
}

fn report(input: &LaneInput) -> LaneReport {
    choose_lanes(input, &Catalog::builtin()).unwrap()
}

fn row(r: &LaneReport, lane: Lane, scope: Scope) -> &LaneRow {
    r.rows.iter().find(|x| x.lane == lane && x.deployment_type == scope).unwrap_or_else(|| panic!("no {lane:?} {scope:?} row"))
}

#[test]
fn gpt_5_5_on_azure_has_no_batch_lane() {
    let r = report(&azure("gpt-5.5"));
    for scope in [Scope::Global, Scope::DataZone] {
        let b = row(&r, Lane::Batch, scope);
        assert!(!b.available, "{scope:?}: {:?}", b.why);
        assert_eq!(b.source, Some(SourceId::AzureBatchModels));
        assert_eq!(b.as_of, "2026-08-28");
        assert!(b.why.en.contains("does not list gpt-5.5"), "{}", b.why.en);
    }
    assert!(r.rows.iter().filter(|x| x.available).all(|x| x.lane != Lane::Batch));
    assert!(r.rows.iter().filter(|x| !x.available).all(|x| x.usd_per_day.is_none()), "a lane not offered has no cost");
}

#[test]
fn gpt_5_4_in_france_with_eu_data_has_no_data_zone_batch() {
    let mut i = azure("gpt-5.4");
    i.region = Some("francecentral".into());
    i.data_zone = true;
    let r = report(&i);
    let dz = row(&r, Lane::Batch, Scope::DataZone);
    assert!(!dz.available && dz.why.en.contains("(EU)"), "{}", dz.why.en);
    let g = row(&r, Lane::Batch, Scope::Global);
    assert!(!g.available && g.why.en.contains("data zone"), "Global processes anywhere: {}", g.why.en);
    // In the US zone the same model has Data Zone Batch.
    i.region = Some("eastus2".into());
    assert!(row(&report(&i), Lane::Batch, Scope::DataZone).available);
    // Priority on Data Zone Standard is US-only.
    i.region = Some("francecentral".into());
    assert!(!row(&report(&i), Lane::Priority, Scope::DataZone).available);
}

#[test]
fn gpt_5_6_sol_has_flex_and_others_do_not() {
    let r = report(&azure("gpt-5.6-sol"));
    let f = row(&r, Lane::Flex, Scope::Global);
    assert!(f.available && f.source == Some(SourceId::AzureFlex) && f.as_of == "2026-09-24");
    assert!(row(&r, Lane::Standard, Scope::Global).available, "Flex runs on a Global Standard deployment");
    for other in ["gpt-5.5", "gpt-4o-mini", "gpt-5.4"] {
        let f = row(&report(&azure(other)), Lane::Flex, Scope::Global).clone();
        assert!(!f.available && f.why.en.contains("HTTP 400"), "{other}: {}", f.why.en);
    }
    // With data kept in a zone, Flex (Global Standard only) is out.
    let mut i = azure("gpt-5.6-sol");
    i.data_zone = true;
    i.region = Some("eastus".into());
    assert!(!row(&report(&i), Lane::Flex, Scope::Global).available);
}

#[test]
fn gpt_4o_mini_with_48_hours_is_cheapest_on_batch() {
    let mut i = azure("gpt-4o-mini");
    i.deadline_hours = Some(48.0);
    i.tokens_per_day = Some(10_000_000);
    i.prompt_share = 0.5;
    let r = report(&i);
    let cheapest = &r.rows[r.cheapest.unwrap()];
    assert_eq!((cheapest.lane, cheapest.deployment_type), (Lane::Batch, Scope::Global));
    assert_eq!(cheapest.meets_deadline, Some(true));
    // By hand: gpt-4o-mini $0.15 in / $0.60 out per 1M, half each = $0.375 per 1M;
    // batch at half: $0.1875 per 1M × 10M tokens = $1.875 a day; Standard $3.75.
    assert!((cheapest.usd_per_day.unwrap() - 1.875).abs() < 1e-9, "{:?}", cheapest.usd_per_day);
    assert!((row(&r, Lane::Standard, Scope::Global).usd_per_day.unwrap() - 3.75).abs() < 1e-9);
    let json = r.to_json();
    assert_eq!(json["cheapest"], "batch");
}

#[test]
fn a_one_hour_deadline_is_never_batch() {
    for model in ["gpt-4o-mini", "gpt-4.1", "gpt-5.4", "o4-mini", "gpt-5.6-sol", "gpt-5.5"] {
        let mut i = azure(model);
        i.deadline_hours = Some(1.0);
        i.tokens_per_day = Some(1_000_000);
        let r = report(&i);
        for b in r.rows.iter().filter(|x| x.lane == Lane::Batch) {
            assert_eq!(b.meets_deadline, Some(false), "{model}");
        }
        let c = r.cheapest.map(|c| r.rows[c].lane);
        assert!(c.is_some() && c != Some(Lane::Batch), "{model}: {c:?}");
    }
}

#[test]
fn own_turnaround_replaces_the_target_in_the_deadline_test() {
    let mut reader = JobReader::new(Some("eastus"));
    let jobs = r#"{"object":"list","data":[
        {"id":"b1","model":"gpt-4o-mini","status":"completed","created_at":0,"completed_at":3600},
        {"id":"b2","model":"gpt-4o-mini","status":"completed","created_at":0,"completed_at":7200}],"has_more":false}"#;
    reader.add_file("jobs.json", jobs.as_bytes()).unwrap();
    let t = reader.finish();
    let mut i = azure("gpt-4o-mini");
    i.deadline_hours = Some(4.0);
    assert_eq!(row(&report(&i), Lane::Batch, Scope::Global).meets_deadline, Some(false), "the bare target is longer than 4 h");
    i.turnaround = t.for_model("gpt-4o-mini-2024-07-18").map(|g| g.stats.clone());
    let b = report(&i);
    let b = row(&b, Lane::Batch, Scope::Global);
    assert_eq!(b.meets_deadline, Some(true), "p90 of 1 h and 2 h is 2 h");
    assert!(b.risks.iter().any(|r| r.en.contains("p90")));
}

#[test]
fn turnaround_percentiles_equal_a_hand_computation() {
    // Durations 600, 1800, 3600, 7200, 36000 s (sorted). Nearest rank:
    // p50 → rank ⌈0.5 × 5⌉ = 3 → 3600; p90 → ⌈4.5⌉ = 5 → 36000; max 36000.
    let page1 = r#"{"object":"list","data":[
      {"id":"a","object":"batch","endpoint":"/v1/chat/completions","model":"gpt-4.1","status":"completed","created_at":1000,"completed_at":4600},
      {"id":"b","object":"batch","endpoint":"/v1/chat/completions","model":"gpt-4.1","status":"completed","created_at":1000,"completed_at":8200},
      {"id":"c","object":"batch","endpoint":"/v1/chat/completions","model":"gpt-4.1","status":"failed","created_at":1000,"failed_at":1100}
    ],"first_id":"a","last_id":"c","has_more":true}
    {"object":"list","data":[
      {"id":"c","object":"batch","endpoint":"/v1/chat/completions","model":"gpt-4.1","status":"failed","created_at":1000},
      {"id":"d","object":"batch","endpoint":"/v1/chat/completions","model":"gpt-4.1","status":"completed","created_at":500,"completed_at":1100},
      {"id":"e","object":"batch","endpoint":"/v1/chat/completions","model":"gpt-4.1","status":"expired","created_at":0,"expired_at":86400}
    ],"has_more":false}"#;
    let single = r#"{"id":"f","object":"batch","endpoint":"/v1/chat/completions","model":"gpt-4.1","status":"completed","created_at":0,"completed_at":1800}"#;
    let array = r#"[{"id":"g","object":"batch","endpoint":"/v1/responses","model":"gpt-4.1","status":"Completed","created_at":0,"completed_at":36000},
                    {"id":"h","object":"batch","endpoint":"/v1/responses","model":"gpt-4.1","status":"in_progress","created_at":0}]"#;
    let mut reader = JobReader::new(None);
    reader.add_file("page.json", page1.as_bytes()).unwrap();
    reader.add_file("single.json", single.as_bytes()).unwrap();
    reader.add_file("array.json", array.as_bytes()).unwrap();
    let t = reader.finish();
    assert_eq!((t.jobs, t.files, t.repeats), (8, 3, 1));
    let m = &t.for_model("gpt-4.1").unwrap().stats;
    assert_eq!((m.completed, m.p50_seconds, m.p90_seconds, m.max_seconds), (5, Some(3600), Some(36000), Some(36000)));
    assert_eq!((m.failed, m.expired, m.running), (1, 1, 1));
    let chat = t.groups.iter().find(|g| g.endpoint.as_deref() == Some("/v1/chat/completions")).unwrap();
    // 600, 1800, 3600, 7200: p50 rank 2 → 1800; p90 rank ⌈3.6⌉ = 4 → 7200.
    assert_eq!((chat.stats.p50_seconds, chat.stats.p90_seconds), (Some(1800), Some(7200)));
    assert_eq!(nearest_rank(&[10, 20, 30, 40], 50), Some(20));
    assert_eq!(nearest_rank(&[], 50), None);
}

#[test]
fn bad_job_files_name_the_file_the_line_and_the_field() {
    let mut reader = JobReader::new(None);
    let bad = "{\"object\":\"list\",\"data\":[\n{\"id\":\"a\",\"status\":\"completed\",\n\"created_at\":\"yesterday\"}]}";
    let e = reader.add_file("jobs-2.json", bad.as_bytes()).unwrap_err();
    assert_eq!((e.file.as_str(), e.line), ("jobs-2.json", Some(3)));
    assert!(e.message.contains("created_at"), "{e}");
    assert!(e.to_string().starts_with("jobs-2.json: line 3"), "{e}");
    let e = reader.add_file("x.json", b"{\"hello\": 1}").unwrap_err();
    assert!(e.message.contains("neither a batch list page"), "{e}");
    let e = reader.add_file("empty.json", b"  \n").unwrap_err();
    assert!(e.message.contains("empty"), "{e}");
    let long = vec![b' '; batchlane_core::lanes::MAX_JOB_LINE_BYTES + 1];
    let e = reader.add_file("long.json", &long).unwrap_err();
    assert_eq!(e.line, Some(1));
    // A file that fails leaves nothing behind: a later good file is read alone.
    let half = "{\"id\":\"z\",\"status\":\"completed\",\"created_at\":0,\"completed_at\":5} {\"id\":";
    assert!(reader.add_file("half.json", half.as_bytes()).is_err());
    reader.add_file("ok.json", b"{\"id\":\"z\",\"status\":\"completed\",\"created_at\":0,\"completed_at\":5}").unwrap();
    let t = reader.finish();
    assert_eq!((t.jobs, t.repeats, t.files), (1, 0, 1));
}

#[test]
fn every_row_names_its_source_and_json_has_the_issue_shape() {
    let mut i = azure("gpt-4.1");
    i.region = Some("swedencentral".into());
    i.tokens_per_day = Some(50_000_000);
    let r = report(&i);
    for x in r.rows.iter().filter(|x| x.available) {
        assert!(x.source.is_some() && !x.as_of.is_empty(), "{:?} {:?}", x.lane, x.deployment_type);
    }
    let json = r.to_json();
    let keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["cheapest", "lanes", "model"]);
    for lane in json["lanes"].as_array().unwrap() {
        let mut k: Vec<&str> = lane.as_object().unwrap().keys().map(String::as_str).collect();
        k.sort_unstable();
        assert_eq!(k, ["available", "deployment_type", "lane", "meets_deadline", "source", "usd_per_day", "why"]);
        assert!(["global", "datazone", "regional"].contains(&lane["deployment_type"].as_str().unwrap()));
    }
    assert!(row(&r, Lane::Priority, Scope::Global).available, "gpt-4.1 has Priority in swedencentral");
    assert!(row(&r, Lane::Provisioned, Scope::Global).usd_per_day.is_some_and(|v| v > 0.0));
    let e = choose_lanes(&azure("gpt-4oo-mini"), &Catalog::builtin()).unwrap_err();
    assert!(e.to_string().contains("gpt-4o-mini"), "{e}");
}
