//! Choosing a lane: Batch, Flex, Priority, Standard or provisioned, for a
//! model, where its data may go and a deadline. Each scenario's answer is
//! `lanes::choose_lanes`' (so the problem agrees with /lanes), its figures
//! (the batch and Flex discounts, the batch target) come from the catalog,
//! and the lane tables (which model has Batch, Flex, Priority where) from
//! `facts::lanes`.

use super::{figure, Draft, Scenario};
use crate::batch::Dialect;
use crate::facts::{Catalog, Kind, Lane, Scope};
use crate::lanes::{choose_lanes, LaneInput, LaneReport};
use crate::practice::format::number;
use crate::practice::rng::Rng;
use crate::text::Text;

/// The nightly volume in millions of tokens (the stem's).
const MILLIONS: u64 = 10;
/// The status Flex answers for a model it does not list.
const STATUS: u16 = crate::facts::FLEX_UNSUPPORTED_STATUS;

struct Figures {
    /// The batch target in hours.
    target: String,
    /// The batch discount, in percent off.
    batch_off: String,
    /// The Flex discount, in percent off.
    flex_off: String,
}

fn figures(catalog: &Catalog) -> Figures {
    Figures {
        target: number(figure(catalog, Kind::CompletionWindowSeconds, "any") / 3_600.0),
        batch_off: number((1.0 - figure(catalog, Kind::BatchPriceFactor, "any")) * 100.0),
        flex_off: number((1.0 - figure(catalog, Kind::FlexPriceFactor, "any")) * 100.0),
    }
}

fn ask(catalog: &Catalog, model: &str, region: Option<&str>, data_zone: bool, deadline: f64) -> Option<LaneReport> {
    let mut i = LaneInput::new(model, Dialect::Azure);
    i.region = region.map(str::to_string);
    i.data_zone = data_zone;
    i.deadline_hours = Some(deadline);
    i.tokens_per_day = Some(MILLIONS * 1_000_000);
    choose_lanes(&i, catalog).ok()
}

/// The cheapest lane of the answer as (lane, deployment type).
fn cheapest(r: &LaneReport) -> Option<(Lane, Scope)> {
    r.cheapest.map(|i| (r.rows[i].lane, r.rows[i].deployment_type))
}

fn opt(en: &str, ko: &str) -> Text {
    Text::new(en, ko)
}

const BATCH_GLOBAL: (&str, &str) = ("Global Batch: submit the work as a batch job", "Global Batch: 작업을 배치 작업으로 제출");
const DZ_BATCH: (&str, &str) = ("Data Zone Batch in the EU zone", "EU 영역의 Data Zone Batch");
const FLEX: (&str, &str) =
    ("Flex processing: service_tier \"flex\" on the Global Standard deployment", "Flex 처리: Global Standard 배포에 service_tier \"flex\"");
const PRIORITY: (&str, &str) = ("Priority processing", "Priority 처리");
const STANDARD_GLOBAL: (&str, &str) = ("Global Standard, pay-as-you-go", "Global Standard 종량제");
const STANDARD_DZ: (&str, &str) = ("Data Zone Standard, pay-as-you-go", "Data Zone Standard 종량제");
const PTU: (&str, &str) = ("Provisioned throughput (PTU), sized for the volume", "볼륨에 맞춘 프로비전된 처리량 (PTU)");

fn t((en, ko): (&str, &str)) -> Text {
    opt(en, ko)
}

/// gpt-4o-mini, a two-day deadline: Batch is offered and the cheapest.
fn batch_fits(f: &Figures, catalog: &Catalog, rng: &mut Rng) -> Scenario {
    let deadline = [36.0, 48.0, 72.0][rng.index(3)];
    let d = number(deadline);
    let answer = ask(catalog, "gpt-4o-mini", None, false, deadline).and_then(|r| cheapest(&r));
    let right = if answer == Some((Lane::Batch, Scope::Global)) { t(BATCH_GLOBAL) } else { t(STANDARD_GLOBAL) };
    Scenario {
        stem: Text::new(
            format!("Every night a team scores {m} million tokens of support tickets with gpt-4o-mini on Azure; the results are needed within {d} hours and the data may be processed in any region. Which lane costs least and meets the deadline?", m = MILLIONS),
            format!("한 팀이 매일 밤 gpt-4o-mini로 지원 티켓 {m}만 토큰을 Azure에서 처리합니다. 결과는 {d}시간 안에 필요하고 데이터는 어느 리전에서 처리해도 됩니다. 마감을 지키면서 가장 저렴한 방식은?", m = crate::practice::format::thousands((MILLIONS * 100) as f64)),
        ),
        right,
        wrong: vec![t(FLEX), t(PRIORITY), t(PTU), t(STANDARD_GLOBAL)],
        explanation: Text::new(
            format!("In order. First, is it offered? Azure's batch deployment matrix lists gpt-4o-mini for Global Batch; Flex processing lists only the models on its page (gpt-4o-mini is not one: service_tier \"flex\" gets HTTP {s}); Priority lists other models. \
                     Next, does it meet the deadline? Batch targets {h} hours, within {d}. Last, what does it cost? Batch is {b}% off the Global Standard price; PTUs are paid by the hour whether used or not. \
                     So Global Batch — and watch the job's status: the {h}-hour target is not a promise.", h = f.target, b = f.batch_off, s = STATUS),
            format!("차례로 봅니다. 먼저, 제공되는가? Azure 배치 배포 표에 gpt-4o-mini가 Global Batch로 있습니다. Flex 처리는 페이지에 나온 모델만 받고(gpt-4o-mini는 없어 service_tier \"flex\"는 HTTP {s}), Priority는 다른 모델입니다. \
                     다음, 마감을 지키는가? 배치의 목표는 {h}시간으로 {d}시간 안입니다. 끝으로, 비용은? 배치는 Global Standard 가격에서 {b}% 할인되고, PTU는 쓰든 안 쓰든 시간 단위로 청구됩니다. \
                     그래서 Global Batch입니다 — 다만 {h}시간은 목표일 뿐 보장이 아니니 작업 상태를 지켜보세요.", h = f.target, b = f.batch_off, s = STATUS),
        ),
    }
}

/// gpt-5.5: the batch matrix does not list it; Standard is what is left.
fn no_batch(f: &Figures, catalog: &Catalog) -> Scenario {
    let answer = ask(catalog, "gpt-5.5", None, false, 48.0).and_then(|r| cheapest(&r));
    let right = if answer == Some((Lane::Standard, Scope::Global)) {
        Text::new(
            format!("{}: Azure's batch matrix does not list gpt-5.5, so there is no batch deployment to create", STANDARD_GLOBAL.0),
            format!("{}: Azure 배치 표에 gpt-5.5가 없어 배치 배포를 만들 수 없음", STANDARD_GLOBAL.1),
        )
    } else {
        t(BATCH_GLOBAL)
    };
    Scenario {
        stem: Text::new(
            "A team wants the batch discount for an overnight gpt-5.5 job on Azure (any region, two days to finish). What should it do?",
            "한 팀이 Azure에서 gpt-5.5로 밤새 돌리는 작업에 배치 할인을 받고 싶어 합니다(리전 무관, 이틀 안에 완료). 어떻게 해야 합니까?",
        ),
        right,
        wrong: vec![t(BATCH_GLOBAL), t(FLEX), t(DZ_BATCH), t(PTU)],
        explanation: Text::new(
            format!("Start from the vendor's table, not from the price: the batch deployment matrix lists gpt-4.1, gpt-4o, gpt-5, gpt-5.1, gpt-5.4 and the o-series, and not gpt-5.5, so neither Global nor Data Zone Batch exists for it. \
                     Flex processing (another {x}% off) lists only its launch model, so service_tier \"flex\" on gpt-5.5 is refused with HTTP {s}, with no fallback. What is left that meets the deadline is Global Standard; \
                     PTUs cost by the hour and pay off only for steady high volume.", x = f.flex_off, s = STATUS),
            format!("가격보다 공급사의 표에서 시작합니다. 배치 배포 표에는 gpt-4.1, gpt-4o, gpt-5, gpt-5.1, gpt-5.4와 o 시리즈가 있고 gpt-5.5는 없으므로 Global Batch도 Data Zone Batch도 만들 수 없습니다. \
                     Flex 처리({x}% 할인)는 출시 모델만 받으므로 gpt-5.5에 service_tier \"flex\"를 보내면 HTTP {s} 응답으로 거부되고 대체 처리도 없습니다. 마감을 지키면서 남는 방식은 Global Standard이고, \
                     PTU는 시간 단위로 청구되어 꾸준히 많은 양일 때만 이득입니다.", x = f.flex_off, s = STATUS),
        ),
    }
}

/// gpt-5.6-sol, a few hours: Batch is not listed and too slow; Flex at half price.
fn flex_fits(f: &Figures, catalog: &Catalog, rng: &mut Rng) -> Scenario {
    let deadline = [4.0, 6.0, 8.0][rng.index(3)];
    let d = number(deadline);
    let answer = ask(catalog, "gpt-5.6-sol", None, false, deadline).and_then(|r| cheapest(&r));
    let right = if answer == Some((Lane::Flex, Scope::Global)) { t(FLEX) } else { t(STANDARD_GLOBAL) };
    Scenario {
        stem: Text::new(
            format!("Evaluations on gpt-5.6-sol (Azure, Global Standard deployment) must finish within {d} hours; nobody waits on a single answer and a retry is fine. Which lane costs least?"),
            format!("Azure Global Standard 배포의 gpt-5.6-sol로 하는 평가를 {d}시간 안에 끝내야 합니다. 개별 응답을 기다리는 사람은 없고 재시도해도 됩니다. 가장 저렴한 방식은?"),
        ),
        right,
        wrong: vec![t(BATCH_GLOBAL), t(PRIORITY), t(PTU), t(STANDARD_GLOBAL)],
        explanation: Text::new(
            format!("Batch is out twice over: the batch matrix does not list gpt-5.6, and its {h}-hour target is longer than {d} hours. Flex processing lists gpt-5.6-sol: the same Global Standard deployment and quota, {x}% off the Standard price, synchronous. \
                     Its risk is HTTP 429 when Flex capacity is short, with no automatic fallback — so retry with backoff within a budget (honour Retry-After), then send service_tier \"default\" at the Standard price; never retry a {s}.", h = f.target, x = f.flex_off, s = STATUS),
            format!("배치는 두 번 탈락합니다. 배치 표에 gpt-5.6이 없고, 목표 {h}시간은 {d}시간보다 깁니다. Flex 처리 표에는 gpt-5.6-sol이 있습니다. 같은 Global Standard 배포와 할당량을 쓰고 Standard 가격에서 {x}% 할인되며 동기식입니다. \
                     위험은 Flex 용량이 부족할 때의 HTTP 429이고 자동 대체가 없습니다. 그러니 예산 안에서 백오프로 재시도하고(Retry-After를 따름) 그다음 Standard 가격의 service_tier \"default\"로 보냅니다. {s} 응답은 절대 재시도하지 않습니다.", h = f.target, x = f.flex_off, s = STATUS),
        ),
    }
}

/// gpt-5.4 in France, data kept in the EU: no Data Zone Batch for it there.
fn eu_zone(f: &Figures, catalog: &Catalog) -> Scenario {
    let answer = ask(catalog, "gpt-5.4", Some("francecentral"), true, 48.0).and_then(|r| cheapest(&r));
    let right = if answer == Some((Lane::Standard, Scope::DataZone)) { t(STANDARD_DZ) } else { t(DZ_BATCH) };
    Scenario {
        stem: Text::new(
            "A company in France must keep its data in the EU. It wants gpt-5.4 for a two-day document job at the lowest price. Which lane?",
            "프랑스의 한 회사는 데이터를 EU 안에 두어야 합니다. 이틀짜리 문서 작업에 gpt-5.4를 가장 낮은 가격으로 쓰려 합니다. 어떤 방식입니까?",
        ),
        right,
        wrong: vec![t(BATCH_GLOBAL), t(DZ_BATCH), Text::new("Priority processing on Data Zone Standard", "Data Zone Standard의 Priority 처리"), t(FLEX)],
        explanation: Text::new(
            format!("Global lanes (Global Batch, Flex, Global Standard) may process the data in any region: out. Data Zone Batch in the EU zone lists only gpt-4.1, gpt-4.1-mini, gpt-4.1-nano, gpt-4o, gpt-4o-mini, o3 and o4-mini — not gpt-5.4 (the US zone has it), so the {b}% batch discount is not available here. \
                     Priority processing on Data Zone Standard is US-only. What is left is Data Zone Standard (or a regional deployment, priced higher). Switching to a model the EU zone batches is the other way to the discount.", b = f.batch_off),
            format!("Global 방식(Global Batch, Flex, Global Standard)은 어느 리전에서든 처리할 수 있으므로 제외됩니다. EU 영역의 Data Zone Batch에는 gpt-4.1, gpt-4.1-mini, gpt-4.1-nano, gpt-4o, gpt-4o-mini, o3, o4-mini만 있고 gpt-5.4는 없습니다(미국 영역에는 있음). 그래서 여기서는 배치 할인 {b}%를 받을 수 없습니다. \
                     Data Zone Standard의 Priority 처리는 미국에서만 됩니다. 남는 것은 Data Zone Standard(또는 더 비싼 지역 배포)입니다. EU 영역이 배치로 받는 모델로 바꾸는 것이 할인을 받는 다른 길입니다.", b = f.batch_off),
        ),
    }
}

pub(super) fn draft(rng: &mut Rng, catalog: &Catalog) -> Draft {
    let f = figures(catalog);
    let mut scenario = match rng.index(4) {
        0 => batch_fits(&f, catalog, rng),
        1 => no_batch(&f, catalog),
        2 => flex_fits(&f, catalog, rng),
        _ => eu_zone(&f, catalog),
    };
    // Where the user's catalog changes an answer, the right option is not offered again as wrong.
    let right = scenario.right.clone();
    scenario.wrong.retain(|w| *w != right);
    scenario.into_draft(rng)
}
