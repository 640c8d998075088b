//! The whole analysis: files → store → per-deployment reports, PTU plans
//! per model and data-processing level, triage; and the CLI's JSON.

use super::analyze::{analyze_deployment, at, model_of, type_of, DeploymentReport};
use super::import::{FileSummary, ImportError, Importer, Notice};
use super::options::TrafficOptions;
use super::spillover::{plan, PtuGap, PtuPlan};
use super::store::Store;
use super::tiers::{tier_report, TierReport};
use super::triage::{triage, Finding};
use crate::facts::Catalog;
use crate::facts::Scope;
use crate::text::Text;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The model (if known) and data-processing level a PTU plan covers.
type GroupKey = (Option<String>, Scope);

/// A model and data-processing level the PTU plan could not cost.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PtuSkipped {
    pub model: Option<String>,
    pub scope: Scope,
    pub deployments: Vec<String>,
    pub reason: PtuGap,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrafficReport {
    pub files: Vec<FileSummary>,
    pub notices: Vec<Notice>,
    pub deployments: Vec<DeploymentReport>,
    pub ptu: Vec<PtuPlan>,
    pub ptu_skipped: Vec<PtuSkipped>,
    pub triage: Vec<Finding>,
    pub options: TrafficOptions,
}

/// Reads every file (name, bytes) into one store, as streams, under one
/// byte budget. `progress(done, total)` counts bytes over all files.
pub fn load_all(
    files: &[(String, &[u8])],
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(Store, Vec<FileSummary>, Vec<Notice>), ImportError> {
    let total: u64 = files.iter().map(|(_, b)| b.len() as u64).fold(0, u64::saturating_add);
    let mut importer = Importer::new();
    for (name, bytes) in files {
        let mut input: &[u8] = bytes;
        importer.read(name, &mut input, &mut |done| progress(done, total))?;
    }
    Ok(importer.finish())
}

/// Analyses a loaded store.
pub fn analyze(
    store: &Store,
    files: Vec<FileSummary>,
    mut notices: Vec<Notice>,
    options: &TrafficOptions,
    catalog: &Catalog,
) -> TrafficReport {
    let mut deployments: Vec<DeploymentReport> = store
        .deployments
        .iter()
        .filter_map(|d| {
            let mut r = analyze_deployment(d, options, catalog)?;
            r.tiers = tier_report(&d.tiers, &store.tier_names);
            Some(r)
        })
        .collect();
    deployments.sort_by(|a, b| a.name.cmp(&b.name));
    let mut groups: Vec<(GroupKey, Vec<usize>)> = Vec::new();
    for (i, d) in store.deployments.iter().enumerate() {
        if d.cells.is_empty() {
            continue;
        }
        let model = model_of(d, options).0;
        let key = (model, type_of(d, options).scope());
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(i),
            None => groups.push((key, vec![i])),
        }
    }
    groups.sort_by(|a, b| a.0 .0.cmp(&b.0 .0).then_with(|| format!("{:?}", a.0 .1).cmp(&format!("{:?}", b.0 .1))));
    let mut ptu = Vec::new();
    let mut ptu_skipped = Vec::new();
    for ((model, scope), members) in groups {
        let ds: Vec<_> = members.iter().map(|i| &store.deployments[*i]).collect();
        let names = ds.iter().map(|d| d.name.clone()).collect();
        let Some(m) = model.clone() else {
            ptu_skipped.push(PtuSkipped { model, scope, deployments: names, reason: PtuGap::NoPtuFacts });
            continue;
        };
        match plan(&m, scope, options.region.as_deref(), &ds, options.ptu_pricing, catalog) {
            Ok(p) => ptu.push(p),
            Err(reason) => ptu_skipped.push(PtuSkipped { model, scope, deployments: names, reason }),
        }
    }
    if deployments.iter().any(|d| d.limits.is_none() && !d.is_provisioned()) {
        notices.push(Notice {
            code: "no_limit".into(),
            file: String::new(),
            text: Text::new(
                "some deployments have no known limit (no model, or none in the tier's table): type their TPM to classify their 429s",
                "한도를 알 수 없는 배포가 있습니다(모델을 모르거나 계층 표에 없음). 429를 분류하려면 TPM을 입력하세요",
            ),
        });
    }
    let triage = triage(&deployments, &ptu, catalog);
    TrafficReport { files, notices, deployments, ptu, ptu_skipped, triage, options: options.clone() }
}

/// Files to a report in one call (the CLI's and the worker's path).
pub fn run(
    files: &[(String, &[u8])],
    options: &TrafficOptions,
    catalog: &Catalog,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<TrafficReport, ImportError> {
    let (store, summaries, notices) = load_all(files, progress)?;
    Ok(analyze(&store, summaries, notices, options, catalog))
}

fn scope_code(s: Scope) -> &'static str {
    match s {
        Scope::Global => "global",
        Scope::DataZone => "datazone",
        Scope::Regional => "regional",
    }
}

/// A deployment's tiers as the CLI's JSON writes them.
fn tiers_json(t: &TierReport) -> Value {
    let peak = |p: &Option<super::tiers::TierPeak>| p.map(|p| json!({"at": at(p.at), "count": p.count, "share": p.share}));
    json!({
        "pairs": t.pairs.iter().map(|p| json!({"request": p.request, "response": p.response, "requests": p.requests})).collect::<Vec<_>>(),
        "priority_requests": t.priority_asked,
        "downgraded": t.downgraded,
        "downgrade_share": t.downgrade_share,
        "worst_downgrade_minute": peak(&t.worst_downgrade),
        "flex_requests": t.flex_asked,
        "flex_429": t.flex_429,
        "flex_429_share": t.flex_429_share,
        "worst_flex_429_minute": peak(&t.worst_flex_429),
        "auto_requests": t.auto_asked,
        "minutes": t.minutes.iter().map(|m| json!({"at": at(m.at), "priority_requests": m.priority_asked, "downgraded": m.downgraded, "flex_requests": m.flex_asked, "flex_429": m.flex_429})).collect::<Vec<_>>(),
        "minutes_total": t.minutes_total,
        "unknown_values": t.unknown_values,
        "unknown_more": t.unknown_more,
        "gaps": t.gaps.iter().map(|g| g.code()).collect::<Vec<_>>(),
        "sources": t.sources.iter().map(|s| { let src = s.source(); json!({"title": src.title, "url": src.url, "path": src.path}) }).collect::<Vec<_>>(),
    })
}

fn rate(r: &super::analyze::Rate) -> Value {
    json!({"tpm": r.tpm, "rpm": r.rpm})
}

fn point(p: &super::spillover::CurvePoint) -> Value {
    json!({"ptu": p.ptu, "monthly_usd": p.monthly_usd, "spilled_share": p.spilled_share, "ptu_usd": p.ptu_usd, "spill_usd": p.spill_usd})
}

impl TrafficReport {
    /// The CLI's `--format json` (and what the Python package will return).
    pub fn to_json(&self) -> Value {
        let deployments: Vec<Value> = self
            .deployments
            .iter()
            .map(|d| {
                json!({
                    "name": d.name,
                    "model": d.model,
                    "deployment_type": d.deployment_type.code(),
                    "minutes": d.minutes,
                    "from": at(d.first),
                    "to": at(d.last),
                    "peak": rate(&d.peak),
                    "p50": rate(&d.p50),
                    "p95": rate(&d.p95),
                    "p99": rate(&d.p99),
                    "limits": d.limits.as_ref().map(|l| json!({"tpm": l.tpm, "rpm": l.rpm, "window_seconds": l.window_seconds,
                        "source": match l.source { super::analyze::LimitSource::Typed => "typed".to_string(), super::analyze::LimitSource::Tier(t) => format!("tier {}", t.code()), super::analyze::LimitSource::Default => "default quota".to_string() }})),
                    "requests": d.requests,
                    "requests_429": d.requests_429,
                    "spilled": if d.has.spill { json!(d.spilled) } else { Value::Null },
                    "throttled_minutes": d.throttled_minutes.iter().map(|t| json!({"at": at(t.at), "requests_429": t.requests_429, "binds": t.binds.code()})).collect::<Vec<_>>(),
                    "throttled_minutes_total": d.throttled_count,
                    "model_versions": d.model_versions.iter().map(|v| json!({"version": v.version, "from": at(v.from), "to": at(v.to)})).collect::<Vec<_>>(),
                    "more_versions": d.more_versions,
                    "more_versions_exact": d.more_versions_exact,
                    "tiers": d.tiers.as_ref().map(tiers_json),
                })
            })
            .collect();
        let ptu: Vec<Value> = self
            .ptu
            .iter()
            .map(|p| {
                json!({
                    "model": p.model,
                    "deployment_type": scope_code(p.scope),
                    "deployments": p.deployments,
                    "pricing": p.pricing.code(),
                    "ptu_month_usd": p.ptu_month_usd,
                    "input_tpm_per_ptu": p.input_tpm_per_ptu,
                    "output_weight": p.output_weight,
                    "window": {"from": at(p.from), "to": at(p.to), "minutes": p.minutes,
                        "deployments": p.windows.iter().map(|w| json!({"name": w.deployment, "from": at(w.from), "to": at(w.to)})).collect::<Vec<_>>()},
                    "payg": {"monthly_usd": p.payg.monthly_usd},
                    "peak_sized": {"ptu": p.peak_sized.ptu, "monthly_usd": p.peak_sized.monthly_usd, "spilled_share": p.peak_sized.spilled_share},
                    "best": {"ptu": p.best.ptu, "monthly_usd": p.best.monthly_usd, "spilled_share": p.best.spilled_share},
                    "curve": p.curve.iter().map(point).collect::<Vec<_>>(),
                    "already_spilled": p.already_spilled,
                })
            })
            .collect();
        let triage: Vec<Value> = self
            .triage
            .iter()
            .map(|f| json!({"symptom": f.symptom.code(), "deployment": f.deployment, "finding": f.finding.en, "action": f.action.en, "link": f.link}))
            .collect();
        json!({
            "files": self.files.iter().map(|f| json!({"name": f.name, "layout": f.layout.code(), "points": f.points, "skipped": f.skipped})).collect::<Vec<_>>(),
            "notices": self.notices.iter().map(|n| json!({"code": n.code, "file": n.file, "text": n.text.en})).collect::<Vec<_>>(),
            "deployments": deployments,
            "ptu": ptu,
            "ptu_skipped": self.ptu_skipped.iter().map(|s| json!({"model": s.model, "deployment_type": scope_code(s.scope), "deployments": s.deployments, "reason": format!("{:?}", s.reason)})).collect::<Vec<_>>(),
            "triage": triage,
        })
    }
}
