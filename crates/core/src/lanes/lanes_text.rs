//! The chooser's reasons and risks in both languages. Every figure is an
//! argument filled from the catalog or the user's input.

use crate::text::josa::attach;
use crate::text::Text;

pub(super) fn unknown_model(model: &str) -> Text {
    Text::new(format!("{model} is not a model the catalog knows"), format!("{}: 카탈로그에 없는 모델입니다", model))
}

pub(super) fn global_not_in_zone() -> Text {
    Text::new(
        "the data must stay in a data zone; a Global deployment may process it in any region",
        "데이터가 데이터 영역 안에 있어야 합니다. Global 배포는 어느 리전에서든 처리할 수 있습니다",
    )
}

pub(super) fn batch_listed(model: &str, kind: &str) -> Text {
    Text::new(format!("{kind} lists {model}"), format!("{kind} 표에 {} 있습니다", attach(model, "이")))
}

pub(super) fn batch_not_listed(model: &str, kind: &str) -> Text {
    Text::new(format!("{kind} does not list {model}"), format!("{kind} 표에 {} 없습니다", attach(model, "이")))
}

pub(super) fn batch_region_not_listed(region: &str, kind: &str) -> Text {
    Text::new(format!("{kind} lists no deployment in {region}"), format!("{kind} 표에 {} 리전이 없습니다", region))
}

pub(super) fn no_zone(region: &str) -> Text {
    Text::new(
        format!("{region} is in no data zone (the US and EU zones only)"),
        format!("{} 리전은 데이터 영역(미국, EU)에 속하지 않습니다", region),
    )
}

pub(super) fn zone_unknown(us: bool, eu: bool) -> Text {
    let yn = |b: bool| if b { ("yes", "있음") } else { ("no", "없음") };
    Text::new(
        format!("name a region: US zone {}, EU zone {}", yn(us).0, yn(eu).0),
        format!("리전을 지정하세요: 미국 영역 {}, EU 영역 {}", yn(us).1, yn(eu).1),
    )
}

pub(super) fn flex_listed(model: &str) -> Text {
    Text::new(
        format!("Flex processing lists {model} (Global Standard deployment, service_tier \"flex\")"),
        format!("Flex 처리 표에 {} 있습니다 (Global Standard 배포, service_tier \"flex\")", attach(model, "이")),
    )
}

pub(super) fn flex_not_listed(model: &str) -> Text {
    let status = crate::facts::FLEX_UNSUPPORTED_STATUS;
    Text::new(
        format!("Flex processing does not list {model}: service_tier \"flex\" gets HTTP {status} invalid_request_error, no fallback"),
        format!(
            "Flex 처리 표에 {} 없습니다. service_tier \"flex\" 요청은 HTTP {status} invalid_request_error로 거부되고 대체 처리가 없습니다",
            attach(model, "이")
        ),
    )
}

pub(super) fn priority_listed(model: &str, region: Option<&str>) -> Text {
    match region {
        Some(r) => Text::new(
            format!("Priority processing lists {model} in {r}"),
            format!("Priority 처리 표에 {r}의 {} 있습니다", attach(model, "이")),
        ),
        None => Text::new(
            format!("Priority processing lists {model} (in some regions: name one)"),
            format!("Priority 처리 표에 {} 있습니다 (일부 리전: 리전을 지정하세요)", attach(model, "이")),
        ),
    }
}

pub(super) fn priority_not_listed(model: &str) -> Text {
    Text::new(
        format!("Priority processing does not list {model} here"),
        format!("Priority 처리 표에 이 조건의 {} 없습니다", attach(model, "이")),
    )
}

pub(super) fn priority_not_eu() -> Text {
    Text::new(
        "Priority processing does not support EU Data Zone Standard or regional deployments",
        "Priority 처리는 EU Data Zone Standard 배포와 지역 배포를 지원하지 않습니다",
    )
}

pub(super) fn priority_target_only(model: &str) -> Text {
    Text::new(
        format!("the Priority page gives {model} a latency target; its region matrix (older) has no column for it: check the region"),
        format!("Priority 처리 페이지에 {model}의 지연 목표가 있지만, 리전 표(이전 판)에는 열이 없습니다. 리전을 확인하세요"),
    )
}

pub(super) fn priority_long_context(model: &str, tokens: f64) -> Text {
    let n = crate::format::format_count(tokens);
    Text::new(
        format!("{model}: prompts estimated above {n} tokens go to Standard and are billed at Standard"),
        format!("{model}: 프롬프트가 {n} 토큰을 넘을 것으로 추정되면 Standard로 처리되고 Standard 요금이 청구됩니다"),
    )
}

pub(super) fn standard_listed(model: &str, scope: &str) -> Text {
    Text::new(
        format!("the quota-tier tables list {model} on {scope}"),
        format!("할당량 계층 표에 {scope}의 {} 있습니다", attach(model, "이")),
    )
}

pub(super) fn standard_by_lane(model: &str) -> Text {
    Text::new(
        format!("{model} is offered on Global Standard (Flex or Priority processing runs on it)"),
        format!("{}: Global Standard로 제공됩니다 (Flex, Priority 처리가 그 위에서 동작)", model),
    )
}

pub(super) fn standard_not_listed(model: &str, scope: &str) -> Text {
    Text::new(
        format!("the catalog's quota-tier tables list no {scope} row for {model}"),
        format!("카탈로그의 할당량 계층 표에 {model}의 {scope} 행이 없습니다"),
    )
}

pub(super) fn ptu_listed(model: &str) -> Text {
    Text::new(format!("the PTU tables give {model}'s minimum and step"), format!("PTU 표에 {model}의 최소 단위와 증분이 있습니다"))
}

pub(super) fn ptu_not_listed(model: &str) -> Text {
    Text::new(format!("the catalog has no PTU figures for {model}"), format!("카탈로그에 {model}의 PTU 수치가 없습니다"))
}

pub(super) fn openai_batch(model: &str, served: Option<bool>) -> Text {
    match served {
        Some(true) => Text::new(
            format!("OpenAI's model pages list Batch for {model}"),
            format!("OpenAI 모델 페이지에 {model}의 Batch 지원이 있습니다"),
        ),
        Some(false) => Text::new(
            format!("the OpenAI Batch API does not serve {model}"),
            format!("OpenAI Batch API는 {} 처리하지 않습니다", attach(model, "을")),
        ),
        None => Text::new(
            format!("the catalog's list of OpenAI batch models does not name {model} (not judged)"),
            format!("카탈로그의 OpenAI 배치 모델 목록에 {} 없습니다 (판단하지 않음)", attach(model, "이")),
        ),
    }
}

pub(super) fn openai_flex() -> Text {
    Text::new(
        "OpenAI lists its Flex models on its pricing page, which the catalog does not hold (not judged)",
        "OpenAI의 Flex 모델 목록은 가격 페이지에 있고 카탈로그에는 없습니다 (판단하지 않음)",
    )
}

pub(super) fn openai_ptu() -> Text {
    Text::new("OpenAI sells no provisioned throughput (PTU) deployments", "OpenAI는 프로비전된 처리량 (PTU) 배포를 판매하지 않습니다")
}

pub(super) fn openai_standard(model: &str) -> Text {
    Text::new(format!("{model} is sold pay-as-you-go"), format!("{}: 종량제로 판매됩니다", model))
}

pub(super) fn no_price(model: &str) -> Text {
    Text::new(format!("the catalog has no price for {model} on this lane"), format!("카탈로그에 이 방식의 {model} 가격이 없습니다"))
}

pub(super) fn batch_risk(target_hours: f64) -> Text {
    let h = crate::format::prose_number(target_hours);
    Text::new(
        format!("the {h}-hour target is not a promise; Azure keeps running jobs past it until cancelled, OpenAI expires them"),
        format!("{h}시간은 목표일 뿐 보장이 아닙니다. Azure는 넘긴 작업을 취소될 때까지 계속 실행하고, OpenAI는 만료시킵니다"),
    )
}

pub(super) fn turnaround_used(p90_hours: f64, jobs: u64) -> Text {
    let h = crate::format::prose_number(p90_hours);
    Text::new(
        format!("your jobs' p90 turnaround: {h} h over {jobs} completed jobs"),
        format!("팀 작업의 p90 소요 시간: 완료된 작업 {jobs}건 기준 {h}시간"),
    )
}

pub(super) fn flex_risk() -> Text {
    Text::new(
        "HTTP 429 when Flex capacity is short, no automatic fallback: a fallback to Standard costs the Standard price",
        "Flex 용량이 부족하면 HTTP 429가 나고 자동 대체가 없습니다. Standard로 대체하면 Standard 가격이 청구됩니다",
    )
}

pub(super) fn priority_risk(ramp_share: f64, ramp_minutes: f64) -> Text {
    let p = crate::format::prose_number(ramp_share * 100.0);
    let m = crate::format::prose_number(ramp_minutes);
    Text::new(
        format!("downgraded to Standard (billed at Standard) on a ramp of more than {p}% TPM in under {m} minutes, at peak times, and on long contexts of some models"),
        format!("TPM이 {m}분 안에 {p}% 넘게 늘거나, 사용량이 몰리는 시간이거나, 일부 모델의 긴 컨텍스트면 Standard로 처리되고 Standard 요금이 청구됩니다"),
    )
}

pub(super) fn ptu_risk() -> Text {
    Text::new(
        "PTUs are paid by the hour (or reserved) whether used or not; traffic over them spills over or gets 429",
        "PTU는 사용 여부와 관계없이 시간 단위(또는 예약)로 청구되고, 넘는 트래픽은 스필오버되거나 429를 받습니다",
    )
}
