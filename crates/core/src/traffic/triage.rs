//! The short, ordered diagnosis the study note teaches, per symptom the data
//! shows: throttling (which deployment, which limit, when), slowness (time
//! to first token, time between tokens, output length, PTU utilization) and
//! worse answers (a model version change; then the index checklist, since
//! the OpenAI metrics cannot show retrieval). Each finding says where to
//! act.

use super::analyze::{at, DeploymentReport};
use super::handoff;
use super::spillover::PtuPlan;
use crate::facts::{Catalog, Kind, SourceId};
use crate::format::{format_count, format_number};
use crate::text::josa::attach;
use crate::text::Text;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Symptom {
    Throttling,
    Latency,
    Quality,
}

impl Symptom {
    pub fn code(self) -> &'static str {
        match self {
            Symptom::Throttling => "throttling",
            Symptom::Latency => "latency",
            Symptom::Quality => "quality",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    pub symptom: Symptom,
    pub deployment: Option<String>,
    pub finding: Text,
    pub action: Text,
    /// Where to act: an in-app path with its query (`/quota?…`), or a
    /// section of this page (`#spillover`).
    pub link: Option<String>,
}

fn n(x: f64) -> String {
    format_count(x)
}

fn throttling(d: &DeploymentReport, catalog: &Catalog) -> Option<Finding> {
    if d.throttled_count == 0 {
        return None;
    }
    let first = d.throttled_minutes.first().map(|t| at(t.at)).unwrap_or_default();
    let worst = d.throttled_minutes.iter().max_by(|a, b| a.requests_429.total_cmp(&b.requests_429));
    let worst_en =
        worst.map(|w| format!(" The worst minute was {}, with {} requests answered 429.", at(w.at), n(w.requests_429))).unwrap_or_default();
    let worst_ko = worst.map(|w| format!(" 가장 심한 분은 {}로 429가 {}건입니다.", at(w.at), n(w.requests_429))).unwrap_or_default();
    let finding = Text::new(
        format!(
            "{}: {} requests answered 429 in {} minutes, from {first}. TPM bound in {}, RPM in {}, a burst within the minute in {}{}{}.{worst_en}",
            d.name,
            n(d.requests_429),
            n(d.throttled_count as f64),
            n(d.binds_tpm as f64),
            n(d.binds_rpm as f64),
            n(d.binds_burst as f64),
            if d.binds_flex > 0 { format!(", Flex capacity in {}", n(d.binds_flex as f64)) } else { String::new() },
            if d.binds_utilization > 0 { format!(", PTU utilization in {}", n(d.binds_utilization as f64)) } else { String::new() }
        ),
        format!(
            "{}: {}분 동안 요청 {}건이 429를 받았습니다({first}부터). 1분 구간별로 TPM 한도 {}분, RPM 한도 {}분, 1분 안의 버스트 {}분{}{}.{worst_ko}",
            d.name,
            n(d.throttled_count as f64),
            n(d.requests_429),
            n(d.binds_tpm as f64),
            n(d.binds_rpm as f64),
            n(d.binds_burst as f64),
            if d.binds_flex > 0 { format!(", Flex 용량 부족 {}분", n(d.binds_flex as f64)) } else { String::new() },
            if d.binds_utilization > 0 { format!(", PTU 사용률 {}분", n(d.binds_utilization as f64)) } else { String::new() }
        ),
    );
    let short = catalog.require(Kind::ShortWindowSeconds, "any");
    let need = match &d.limits {
        Some(l) => Text::new(
            format!(
                " At p99 this deployment uses {} TPM and {} RPM against {} TPM and {} RPM.",
                n(d.p99.tpm),
                n(d.p99.rpm),
                n(l.tpm),
                n(l.rpm)
            ),
            format!(
                " p99에서 이 배포는 {} TPM, {} RPM을 쓰고 한도는 {} TPM, {} RPM입니다.",
                n(d.p99.tpm),
                n(d.p99.rpm),
                n(l.tpm),
                n(l.rpm)
            ),
        ),
        None => Text::new("", ""),
    };
    // One remedy per limit that bound, the most frequent first (ties in
    // the order TPM, RPM, burst, Flex capacity, utilization): the same 429
    // needs a different remedy depending on which limit bound.
    let mut kinds =
        [(d.binds_tpm, 0), (d.binds_rpm, 1), (d.binds_burst, 2), (d.binds_flex, 5), (d.binds_utilization, 3), (d.binds_unknown, 4)];
    kinds.sort_by_key(|(count, order)| (std::cmp::Reverse(*count), *order));
    let mut action = Text::new(String::new(), String::new());
    let mut link = None;
    for (_, kind) in kinds.iter().filter(|(count, _)| *count > 0) {
        let flex = SourceId::AzureFlex.source();
        let (t, l) = match kind {
            0 => (
                Text::new(
                    "Where TPM bound, the remedy is fewer tokens per minute, not fewer requests: cap max_tokens (the service counts it at admission), trim prompts, move work that can wait to Batch, or add capacity — another deployment behind a router that honours Retry-After, or more quota (asked for, not immediate).",
                    "TPM 한도에 걸린 1분 구간에는 요청 수가 아니라 분당 토큰을 줄여야 합니다. max_tokens를 제한하고(서비스는 요청을 받을 때 이 값을 셉니다), 프롬프트를 줄이고, 기다려도 되는 작업은 배치로 옮기거나 용량을 늘리세요. Retry-After를 지키는 라우터 뒤에 배포를 하나 더 두거나 할당량을 늘립니다(요청이 필요하고 바로 되지 않습니다).",
                ),
                Some(handoff::quota_link(d, catalog)),
            ),
            1 => (
                Text::new(
                    "Where RPM bound, not tokens: send fewer, larger requests (several items per call), or raise the quota — RPM comes with TPM, so more TPM buys more RPM.",
                    "RPM 한도에 걸린 1분 구간은 토큰이 아니라 요청 수가 문제입니다. 요청을 더 적고 크게 보내거나(한 번에 여러 항목) 할당량을 늘리세요. RPM은 TPM에 따라 정해지므로 TPM을 늘리면 RPM도 늘어납니다.",
                ),
                Some(handoff::quota_link(d, catalog)),
            ),
            2 => (
                Text::new(
                    format!("Where neither per-minute figure was reached (a burst), requests bunch within seconds and the limits are also enforced over windows of about {} seconds: smooth the sending side (a client-side limiter with jitter), retry after Retry-After, and keep headroom; the 429 simulator on /quota shows the effect.", format_number(short, 0)),
                    format!("분당 수치가 어느 한도에도 도달하지 않은 1분 구간(버스트)에는 요청이 몇 초 안에 몰리고, 한도는 약 {}초 구간에도 적용됩니다. 보내는 쪽을 고르게 하고(지터가 있는 클라이언트 속도 제한), Retry-After 뒤에 재시도하고, 여유를 두세요. /quota의 429 시뮬레이터에서 효과를 볼 수 있습니다.", format_number(short, 0)),
                ),
                Some(handoff::quota_link(d, catalog)),
            ),
            5 => (
                Text::new(
                    format!("Where every 429 of the minute asked for Flex and neither per-minute figure was reached (Flex capacity), Flex capacity was not available: Flex has no guaranteed capacity and answers 429 when it has none. Retry Flex with exponential backoff and jitter within a budget, honour Retry-After, move delay-tolerant work off-peak, or send the request again with service_tier default at the Standard price (the Flex client on /snippets does this). Source: {} ({}).", flex.title, flex.url),
                    format!("1분 구간의 429가 모두 Flex를 요청했고 분당 수치가 어느 한도에도 도달하지 않았다면(Flex 용량 부족) Flex 용량이 없었던 것입니다. Flex에는 보장된 용량이 없어 용량이 없으면 429로 응답합니다. 정한 예산 안에서 지수 백오프와 지터로 Flex를 재시도하고, Retry-After를 지키고, 기다려도 되는 작업은 한가한 시간대로 옮기거나, service_tier를 default로 바꿔 Standard 가격으로 다시 보내세요(/snippets의 Flex 클라이언트가 이렇게 합니다). 출처: {} ({}).", flex.title, flex.url),
                ),
                Some("/snippets?tab=flex".to_string()),
            ),
            3 => (
                Text::new(
                    "Where the PTUs were saturated: add PTUs, or let the overflow spill to a standard deployment (see the PTU section).",
                    "PTU가 가득 찬 분에는 PTU를 늘리거나 넘치는 요청을 표준 배포로 넘기세요(PTU 부분을 보세요).",
                ),
                Some("#spillover".to_string()),
            ),
            _ => (
                Text::new(
                    format!("No limit is known for {}: type its TPM (and RPM) to tell TPM from RPM from a burst.", d.name),
                    format!("{}의 한도를 알 수 없습니다. TPM(과 RPM)을 입력해야 TPM, RPM, 버스트를 구분할 수 있습니다.", d.name),
                ),
                Some("#limits".to_string()),
            ),
        };
        for (to, from) in [(&mut action.en, &t.en), (&mut action.ko, &t.ko)] {
            if !to.is_empty() {
                to.push(' ');
            }
            to.push_str(from);
        }
        link = link.or(l);
    }
    action.en.push_str(&need.en);
    action.ko.push_str(&need.ko);
    Some(Finding { symptom: Symptom::Throttling, deployment: Some(d.name.clone()), finding, action, link })
}

fn latency(d: &DeploymentReport) -> Option<Finding> {
    let l = &d.latency;
    if l.saturated_minutes > 0 {
        return Some(Finding {
            symptom: Symptom::Latency,
            deployment: Some(d.name.clone()),
            finding: Text::new(
                format!(
                    "{}: PTU utilization was at or above 100% in {} minutes; requests wait or are refused there.",
                    d.name,
                    n(l.saturated_minutes as f64)
                ),
                format!(
                    "{}: {}분 동안 PTU 사용률이 100% 이상이었습니다. 그때 요청은 기다리거나 거절됩니다.",
                    d.name,
                    n(l.saturated_minutes as f64)
                ),
            ),
            action: Text::new("Add PTUs or enable spillover (PTU section).", "PTU를 늘리거나 스필오버를 켜세요(PTU 부분)."),
            link: Some("#spillover".to_string()),
        });
    }
    let ttft = l.ttft_ms?[1];
    let tbt = l.tbt_ms.map(|v| v[1]);
    let out = l.output_per_request.map(|v| v[1]);
    let generation = match (tbt, out) {
        (Some(t), Some(o)) => Some(t * o),
        _ => None,
    };
    let (en_tail, ko_tail) = match (tbt, out, generation) {
        (Some(t), Some(o), Some(g)) => (
            format!(", {} ms between tokens and {} output tokens per request (p95): about {} ms to write the answer", n(t), n(o), n(g)),
            format!(", 토큰 사이 {} ms, 요청당 출력 토큰 {}개(p95)로 답을 쓰는 데 약 {} ms", n(t), n(o), n(g)),
        ),
        _ => (String::new(), String::new()),
    };
    let finding = Text::new(
        format!("{}: time to first token {} ms at p95{en_tail}.", d.name, n(ttft)),
        format!("{}: 첫 토큰까지 p95 {} ms{ko_tail}.", d.name, n(ttft)),
    );
    let action = if generation.is_some_and(|g| g > ttft) {
        Text::new(
            "Writing the answer takes longest: cap max_tokens, ask for shorter output, and stream so the user sees the start.",
            "답을 쓰는 시간이 가장 깁니다. max_tokens를 제한하고, 더 짧은 출력을 요청하고, 스트리밍으로 앞부분을 먼저 보여 주세요.",
        )
    } else {
        Text::new(
            "The wait before the first token dominates: shorter prompts, a stable prefix the prompt cache can serve, or PTUs for steady latency.",
            "첫 토큰까지의 대기가 가장 큽니다. 프롬프트를 줄이고, 프롬프트 캐시가 쓸 수 있는 고정 앞부분을 두거나, 지연 시간이 일정한 PTU를 쓰세요.",
        )
    };
    Some(Finding { symptom: Symptom::Latency, deployment: Some(d.name.clone()), finding, action, link: None })
}

/// At most this many version changes are written out in a finding.
const LISTED_CHANGES: usize = 3;

/// One finding per deployment whose model version changed, with the count
/// of changes and the first few.
fn version_changes(d: &DeploymentReport) -> Option<Finding> {
    let listed: Vec<_> = d.model_versions.windows(2).collect();
    if listed.is_empty() && d.more_versions == 0 {
        return None;
    }
    let changes = (listed.len() as u64).saturating_add(d.more_versions);
    let (finding, action_tail) = if changes == 1 && d.more_versions == 0 {
        let w = listed[0];
        (
            Text::new(
                format!(
                    "{}: the model version changed from {} to {} at {} (an automatic upgrade changes answers).",
                    d.name,
                    w[0].version,
                    w[1].version,
                    at(w[1].from)
                ),
                format!(
                    "{}: 모델 버전이 {}에서 {} {}에 바뀌었습니다(자동 업그레이드는 답을 바꿉니다).",
                    d.name,
                    w[0].version,
                    attach(&w[1].version, "로"),
                    at(w[1].from)
                ),
            ),
            Text::new("", ""),
        )
    } else {
        let at_least = !d.more_versions_exact;
        let (more_en, more_ko) = if at_least { ("at least ", "최소 ") } else { ("", "") };
        let first: Vec<_> = listed.iter().take(LISTED_CHANGES).collect();
        let en: Vec<String> = first.iter().map(|w| format!("{} to {} at {}", w[0].version, w[1].version, at(w[1].from))).collect();
        let ko: Vec<String> = first.iter().map(|w| format!("{}에서 {}({})", w[0].version, w[1].version, at(w[1].from))).collect();
        let shown = first.len() as u64;
        let rest = changes.saturating_sub(shown);
        (
            Text::new(
                format!(
                    "{}: the model version changed {more_en}{} times (an automatic upgrade changes answers){}{}.",
                    d.name,
                    n(changes as f64),
                    if en.is_empty() { String::new() } else { format!(": {}", en.join("; ")) },
                    if rest > 0 { format!("; {more_en}{} more", n(rest as f64)) } else { String::new() }
                ),
                format!(
                    "{}: 모델 버전이 {more_ko}{}번 바뀌었습니다(자동 업그레이드는 답을 바꿉니다){}{}.",
                    d.name,
                    n(changes as f64),
                    if ko.is_empty() { String::new() } else { format!(": {}", ko.join(", ")) },
                    if rest > 0 { format!(", 그 밖에 {more_ko}{}번", n(rest as f64)) } else { String::new() }
                ),
            ),
            Text::new(
                format!(" The first {} versions are listed with the deployment.", d.model_versions.len()),
                format!(" 처음 {}개 버전은 배포 항목에 나옵니다.", d.model_versions.len()),
            ),
        )
    };
    let mut action = Text::new(
        "Pin the version (versionUpgradeOption NoAutoUpgrade on the deployment) and run your evaluation set on both versions before moving.",
        "버전을 고정하고(배포의 versionUpgradeOption을 NoAutoUpgrade로) 옮기기 전에 두 버전에서 평가 세트를 돌려 보세요.",
    );
    action.en.push_str(&action_tail.en);
    action.ko.push_str(&action_tail.ko);
    Some(Finding { symptom: Symptom::Quality, deployment: Some(d.name.clone()), finding, action, link: None })
}

/// The findings, in the note's order: throttling (most 429s first),
/// slowness, quality.
pub fn triage(deployments: &[DeploymentReport], ptu: &[PtuPlan], catalog: &Catalog) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut by_429: Vec<&DeploymentReport> = deployments.iter().collect();
    by_429.sort_by(|a, b| b.requests_429.total_cmp(&a.requests_429).then_with(|| a.name.cmp(&b.name)));
    out.extend(by_429.iter().filter_map(|d| throttling(d, catalog)));
    for p in ptu {
        if let Some(spilled) = p.already_spilled.filter(|s| *s > 0.0) {
            out.push(Finding {
                symptom: Symptom::Throttling,
                deployment: None,
                finding: Text::new(
                    format!("{} requests of {} already spilled to a standard deployment (IsSpillover).", n(spilled), p.model),
                    format!("{}의 요청 {}건이 이미 표준 배포로 넘어갔습니다(IsSpillover).", p.model, n(spilled)),
                ),
                action: Text::new("Compare the PTU count that costs least below.", "아래에서 비용이 가장 적은 PTU 수와 비교하세요."),
                link: Some("#spillover".to_string()),
            });
        }
    }
    let slow: Vec<Finding> = deployments.iter().filter_map(latency).collect();
    if slow.is_empty() && !deployments.iter().any(|d| d.has.latency) {
        out.push(Finding {
            symptom: Symptom::Latency,
            deployment: None,
            finding: Text::new("The files have no latency metrics.", "파일에 지연 시간 지표가 없습니다."),
            action: Text::new(
                "To tell slowness apart, export AzureOpenAINormalizedTTFTInMS, AzureOpenAINormalizedTBTInMS and AzureOpenAITTLTInMS with GeneratedTokens.",
                "느린 원인을 나누려면 AzureOpenAINormalizedTTFTInMS, AzureOpenAINormalizedTBTInMS, AzureOpenAITTLTInMS를 GeneratedTokens와 함께 내보내세요.",
            ),
            link: None,
        });
    }
    out.extend(slow);
    out.extend(deployments.iter().filter_map(version_changes));
    out.push(Finding {
        symptom: Symptom::Quality,
        deployment: None,
        finding: Text::new(
            "The OpenAI metrics cannot show retrieval: worse answers with an unchanged model version usually start in the index.",
            "OpenAI 지표로는 검색을 볼 수 없습니다. 모델 버전이 그대로인데 답이 나빠졌다면 대개 인덱스에서 시작됩니다.",
        ),
        action: Text::new(
            "Check the index: the indexer's success rate and failed documents, its last successful run, and the relevance of what is retrieved, before trimming chunks on /cost.",
            "인덱스를 확인하세요. 인덱서의 성공률과 실패한 문서, 마지막 성공 실행, 검색 결과의 관련성을 /cost에서 검색 조각을 줄이기 전에 봅니다.",
        ),
        link: Some("/cost".to_string()),
    });
    out
}
