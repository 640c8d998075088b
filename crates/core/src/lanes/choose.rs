//! `choose_lanes`: every lane a model is sold through, available or not
//! (why, with the source), its cost per day, whether it meets the deadline
//! or latency need, its risks, and the cheapest lane that meets the need.
//! Figures come from the catalog (prices through `cost::token_prices`,
//! PTUs through `quota::ptus_needed`), lane tables from `facts::lanes`.

use super::lanes_text as t;
use super::report::{LaneError, LaneInput, LaneReport, LaneRow};
use crate::batch::Dialect;
use crate::cost::{token_prices, PriceOverride};
use crate::facts::{
    self, batch_source, data_zone_of, datazone_batch_in, datazone_batch_model, flex_model, global_batch_in, global_batch_model,
    model_for_name, priority_regions, priority_source, Catalog, DataZone, Kind, Lane, LaneSource, PriorityMatrix, Scope, BATCH_MATRIX,
    FLEX_PAGE, PRIORITY_PAGE,
};
use crate::quota::{ptus_needed, PtuInput};
use crate::text::Text;

/// Minutes in a day, hours in a day: the calendar, not a vendor's figure.
const MINUTES_PER_DAY: f64 = 1_440.0;
const HOURS_PER_DAY: f64 = 24.0;

/// A sum or product in USD, `None` when it is not a finite number (never a wrapped or infinite price).
fn usd(x: f64) -> Option<f64> {
    (x.is_finite() && x >= 0.0).then_some(x)
}

struct Ctx<'a> {
    input: &'a LaneInput,
    model: &'static str,
    catalog: &'a Catalog,
    region: Option<String>,
    zone: Option<DataZone>,
}

impl Ctx<'_> {
    fn row(&self, lane: Lane, scope: Scope, available: bool, why: Text, src: Option<LaneSource>) -> LaneRow {
        LaneRow {
            lane,
            deployment_type: scope,
            available,
            why,
            source: src.map(|s| s.source),
            as_of: src.map_or_else(String::new, |s| s.as_of.to_string()),
            imported_source: None,
            meets_deadline: None,
            usd_per_day: None,
            usd_per_mtok: None,
            risks: Vec::new(),
            ptus: None,
        }
    }

    /// USD per 1M tokens of the mix on `scope` times `factor`.
    fn per_mtok(&self, scope: Scope, factor: f64) -> Option<f64> {
        let (_, p) = token_prices(self.model, scope, self.region.as_deref(), &PriceOverride::default(), self.catalog).ok()?;
        let s = self.input.prompt_share;
        usd((s * p.input + (1.0 - s) * p.output) * factor)
    }

    fn price(&self, row: &mut LaneRow, factor: Option<f64>) {
        row.usd_per_mtok = factor.and_then(|f| self.per_mtok(row.deployment_type, f));
        if row.usd_per_mtok.is_none() && row.available {
            row.risks.push(t::no_price(self.model));
        }
        row.usd_per_day = match (row.usd_per_mtok, self.input.tokens_per_day) {
            (Some(m), Some(n)) => usd(n as f64 / 1_000_000.0 * m),
            _ => None,
        };
    }
}

fn fact_source(kind: Kind, subject: &str) -> Option<LaneSource> {
    facts::builtin(kind, subject).map(|f| LaneSource { source: f.source, as_of: f.as_of })
}

/// The lanes for `input`, from the catalog.
pub fn choose_lanes(input: &LaneInput, catalog: &Catalog) -> Result<LaneReport, LaneError> {
    if !(0.0..=1.0).contains(&input.prompt_share) {
        return Err(LaneError::BadInput("the prompt share must be between 0 and 1".to_string()));
    }
    for (name, v) in [("deadline hours", input.deadline_hours), ("latency (tokens per second)", input.latency_tps)] {
        if v.is_some_and(|v| !v.is_finite() || v <= 0.0) {
            return Err(LaneError::BadInput(format!("{name} must be a positive number")));
        }
    }
    let Some(m) = model_for_name(&input.model) else {
        return Err(LaneError::UnknownModel {
            model: input.model.clone(),
            closest: facts::closest_model_names(&input.model, 3).into_iter().map(str::to_string).collect(),
        });
    };
    let region = input.region.as_deref().map(|r| r.trim().to_ascii_lowercase()).filter(|r| !r.is_empty());
    let zone = region.as_deref().and_then(data_zone_of);
    let cx = Ctx { input, model: m.name, catalog, region, zone };
    let mut rows = match input.dialect {
        Dialect::Azure => azure_rows(&cx),
        Dialect::OpenAi => openai_rows(&cx),
    };
    for row in &mut rows {
        deadline(&cx, row);
        // A lane that is not offered has no cost to compare.
        if !row.available {
            row.usd_per_day = None;
            row.usd_per_mtok = None;
            row.ptus = None;
        }
    }
    let cheapest = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| r.available && r.meets_deadline != Some(false))
        .filter_map(|(i, r)| {
            let cost = if input.tokens_per_day.is_some() { r.usd_per_day } else { r.usd_per_mtok };
            cost.map(|c| (i, c))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i);
    Ok(LaneReport { model: m.name.to_string(), dialect: input.dialect, rows, cheapest })
}

fn azure_rows(cx: &Ctx<'_>) -> Vec<LaneRow> {
    let mut rows = vec![batch_global(cx), batch_datazone(cx), flex(cx), priority(cx, Scope::Global), priority(cx, Scope::DataZone)];
    for scope in Scope::ALL {
        rows.push(standard(cx, scope));
    }
    for scope in Scope::ALL {
        rows.push(provisioned(cx, scope));
    }
    // Data that must stay in a zone rules Global out; a region outside both zones rules Data Zone out too.
    for row in &mut rows {
        if cx.input.data_zone && row.deployment_type == Scope::Global && row.available {
            row.available = false;
            row.why = t::global_not_in_zone();
        }
    }
    rows
}

/// Names the kept imported file a row's lane table was read from.
fn from_import(row: &mut LaneRow, imported: Option<(String, String)>) {
    if let Some((source, as_of)) = imported {
        row.imported_source = Some(source);
        row.as_of = as_of;
    }
}

fn batch_global(cx: &Ctx<'_>) -> LaneRow {
    const KIND: &str = "Global Batch";
    let listed = global_batch_model(cx.catalog, cx.model);
    let (ok, why) = match (&cx.region, listed) {
        (_, false) => (false, t::batch_not_listed(cx.model, KIND)),
        (Some(r), true) if !global_batch_in(cx.catalog, cx.model, r) => (false, t::batch_region_not_listed(r, KIND)),
        _ => (true, t::batch_listed(cx.model, KIND)),
    };
    let mut row = cx.row(Lane::Batch, Scope::Global, ok, why, Some(BATCH_MATRIX));
    from_import(&mut row, batch_source(cx.catalog, Scope::Global, None));
    let factor = cx.catalog.get(Kind::BatchPriceFactor, "any");
    cx.price(&mut row, factor);
    row
}

fn batch_datazone(cx: &Ctx<'_>) -> LaneRow {
    const KIND: &str = "Data Zone Batch";
    let in_zone = |z: DataZone| datazone_batch_model(cx.catalog, z, cx.model);
    let (ok, why) = match (&cx.region, cx.zone) {
        (None, _) => {
            let (us, eu) = (in_zone(DataZone::Us), in_zone(DataZone::Eu));
            (us || eu, if us || eu { t::zone_unknown(us, eu) } else { t::batch_not_listed(cx.model, KIND) })
        }
        (Some(r), None) => (false, t::no_zone(r)),
        (Some(r), Some(z)) => {
            if !in_zone(z) {
                (false, t::batch_not_listed(cx.model, &format!("{KIND} ({})", z.code().to_ascii_uppercase())))
            } else if !datazone_batch_in(cx.catalog, z, cx.model, r) {
                (false, t::batch_region_not_listed(r, KIND))
            } else {
                (true, t::batch_listed(cx.model, &format!("{KIND} ({})", z.code().to_ascii_uppercase())))
            }
        }
    };
    let mut row = cx.row(Lane::Batch, Scope::DataZone, ok, why, Some(BATCH_MATRIX));
    from_import(&mut row, batch_source(cx.catalog, Scope::DataZone, cx.zone));
    let factor = cx.catalog.get(Kind::BatchPriceFactor, "any");
    cx.price(&mut row, factor);
    row
}

fn flex(cx: &Ctx<'_>) -> LaneRow {
    let ok = flex_model(cx.model);
    let why = if ok { t::flex_listed(cx.model) } else { t::flex_not_listed(cx.model) };
    let mut row = cx.row(Lane::Flex, Scope::Global, ok, why, Some(FLEX_PAGE));
    let factor = cx.catalog.get(Kind::FlexPriceFactor, "any");
    cx.price(&mut row, factor);
    row.risks.push(t::flex_risk());
    row
}

fn priority(cx: &Ctx<'_>, scope: Scope) -> LaneRow {
    let matrix = match scope {
        Scope::DataZone => PriorityMatrix::DatazoneUs,
        _ => PriorityMatrix::Global,
    };
    let (_, src) = matrix.builtin();
    let regions = priority_regions(cx.catalog, matrix, cx.model);
    let target_only = cx.catalog.get(Kind::PriorityLatencyTps, cx.model).is_some();
    let mut src = src;
    let (ok, why) = match (scope, cx.zone, &cx.region, regions) {
        (Scope::DataZone, Some(DataZone::Eu), _, _) => (false, t::priority_not_eu()),
        (Scope::DataZone, None, Some(r), _) => (false, t::no_zone(r)),
        (Scope::Global, _, _, None) if target_only => {
            src = PRIORITY_PAGE;
            (true, t::priority_target_only(cx.model))
        }
        (_, _, _, None) => (false, t::priority_not_listed(cx.model)),
        (_, _, Some(r), Some(list)) => {
            let ok = list.iter().any(|x| x == r);
            (ok, if ok { t::priority_listed(cx.model, Some(r)) } else { t::priority_not_listed(cx.model) })
        }
        (_, _, None, Some(_)) => (true, t::priority_listed(cx.model, None)),
    };
    let mut row = cx.row(Lane::Priority, scope, ok, why, Some(src));
    if src != PRIORITY_PAGE {
        from_import(&mut row, priority_source(cx.catalog, matrix));
    }
    let factor = cx.catalog.get(Kind::PriorityPriceFactor, cx.model);
    cx.price(&mut row, factor);
    let ramp = cx.catalog.get(Kind::PriorityRampShare, "any").unwrap_or(0.0);
    let window = cx.catalog.get(Kind::PriorityRampWindowSeconds, "any").unwrap_or(0.0) / 60.0;
    row.risks.push(t::priority_risk(ramp, window));
    if let Some(long) = cx.catalog.get(Kind::PriorityLongContextTokens, cx.model) {
        row.risks.push(t::priority_long_context(cx.model, long));
    }
    row
}

fn standard(cx: &Ctx<'_>, scope: Scope) -> LaneRow {
    let tier_row = facts::tier_rows().iter().find(|r| r.model == cx.model && r.deployment == scope);
    let mut row = match tier_row {
        Some(r) => {
            let src = LaneSource { source: r.source, as_of: r.as_of };
            cx.row(Lane::Standard, scope, true, t::standard_listed(cx.model, scope.vendor_name()), Some(src))
        }
        None if scope == Scope::Global && flex_model(cx.model) => {
            cx.row(Lane::Standard, scope, true, t::standard_by_lane(cx.model), Some(FLEX_PAGE))
        }
        None if scope == Scope::Global && priority_regions(cx.catalog, PriorityMatrix::Global, cx.model).is_some() => {
            let mut row = cx.row(Lane::Standard, scope, true, t::standard_by_lane(cx.model), Some(PriorityMatrix::Global.builtin().1));
            from_import(&mut row, priority_source(cx.catalog, PriorityMatrix::Global));
            row
        }
        None => cx.row(Lane::Standard, scope, false, t::standard_not_listed(cx.model, scope.vendor_name()), None),
    };
    cx.price(&mut row, Some(1.0));
    row
}

fn provisioned(cx: &Ctx<'_>, scope: Scope) -> LaneRow {
    let (min_kind, tpm) = match scope {
        Scope::Regional => (Kind::PtuMinRegional, Kind::InputTpmPerPtu),
        _ => (Kind::PtuMinGlobal, Kind::InputTpmPerPtu),
    };
    let listed = cx.catalog.get(min_kind, cx.model).is_some() && cx.catalog.get(tpm, cx.model).is_some();
    let src = fact_source(min_kind, cx.model);
    let why = if listed { t::ptu_listed(cx.model) } else { t::ptu_not_listed(cx.model) };
    let mut row = cx.row(Lane::Provisioned, scope, listed, why, src);
    row.risks.push(t::ptu_risk());
    if !listed {
        return row;
    }
    let Some(n) = cx.input.tokens_per_day else { return row };
    let s = cx.input.prompt_share;
    let per_minute = n as f64 / MINUTES_PER_DAY;
    // One "request" per minute carrying the day's average minute: PTUs for a steady load.
    let sizing = ptus_needed(
        &PtuInput {
            model: cx.model.to_string(),
            scope,
            peak_rpm: 1.0,
            average_rpm: 1.0,
            prompt_tokens: per_minute * s,
            cached_prompt_tokens: 0.0,
            output_tokens: per_minute * (1.0 - s),
            n: 1,
            region: cx.region.clone(),
        },
        cx.catalog,
    );
    if let Ok(sizing) = sizing {
        // A PTU's hourly price through the one PTU-price function (per scope, and per region on Regional).
        let hourly = crate::cost::ptu_prices(scope, cx.region.as_deref(), cx.catalog).hourly;
        row.ptus = Some(sizing.ptus);
        row.usd_per_day = usd(sizing.ptus * hourly * HOURS_PER_DAY);
    }
    row
}

fn openai_rows(cx: &Ctx<'_>) -> Vec<LaneRow> {
    let fact = facts::openai_batch_model_fact(cx.model);
    let served = fact.map(|f| cx.catalog.get(f.kind, f.subject).unwrap_or(f.value) >= 1.0);
    let src = fact.map(|f| LaneSource { source: f.source, as_of: f.as_of });
    let mut batch = cx.row(Lane::Batch, Scope::Global, served == Some(true), t::openai_batch(cx.model, served), src);
    cx.price(&mut batch, cx.catalog.get(Kind::BatchPriceFactor, "any"));
    let mut flex = cx.row(Lane::Flex, Scope::Global, false, t::openai_flex(), None);
    flex.risks.push(t::flex_risk());
    let pf = cx.catalog.get(Kind::PriorityPriceFactor, cx.model);
    let psrc = fact_source(Kind::PriorityPriceFactor, cx.model);
    let mut priority = match pf {
        Some(_) => cx.row(Lane::Priority, Scope::Global, true, t::priority_listed(cx.model, None), psrc),
        None => cx.row(Lane::Priority, Scope::Global, false, t::priority_not_listed(cx.model), None),
    };
    cx.price(&mut priority, pf);
    let mut standard = cx.row(Lane::Standard, Scope::Global, true, t::openai_standard(cx.model), fact_source(Kind::PriceInput, cx.model));
    cx.price(&mut standard, Some(1.0));
    let provisioned = cx.row(Lane::Provisioned, Scope::Global, false, t::openai_ptu(), None);
    vec![batch, flex, priority, standard, provisioned]
}

/// Sets `meets_deadline` and the lane's time risks.
fn deadline(cx: &Ctx<'_>, row: &mut LaneRow) {
    let input = cx.input;
    match row.lane {
        Lane::Batch => {
            let target_hours = cx.catalog.get(Kind::CompletionWindowSeconds, "any").unwrap_or(0.0) / 3_600.0;
            row.risks.push(t::batch_risk(target_hours));
            let own = input.turnaround.as_ref().and_then(|s| s.p90_seconds.map(|p| (p, s.completed)));
            if let Some((p90, jobs)) = own {
                row.risks.push(t::turnaround_used(p90 as f64 / 3_600.0, jobs));
            }
            row.meets_deadline = match (input.latency_tps, input.deadline_hours) {
                (Some(_), _) => Some(false),
                (None, Some(h)) => Some(match own {
                    Some((p90, _)) => (p90 as f64) <= h * 3_600.0,
                    None => target_hours <= h,
                }),
                (None, None) => None,
            };
        }
        Lane::Flex => {
            row.meets_deadline = match (input.latency_tps, input.deadline_hours) {
                (Some(_), _) => Some(false),
                (None, Some(_)) => Some(true),
                (None, None) => None,
            };
        }
        Lane::Priority => {
            row.meets_deadline = match (input.latency_tps, input.deadline_hours) {
                (Some(need), _) => cx.catalog.get(Kind::PriorityLatencyTps, cx.model).map(|target| target >= need),
                (None, Some(_)) => Some(true),
                (None, None) => None,
            };
        }
        Lane::Standard | Lane::Provisioned => {
            row.meets_deadline = match (input.latency_tps, input.deadline_hours) {
                (Some(_), _) => None,
                (None, Some(_)) => Some(true),
                (None, None) => None,
            };
        }
    }
}
