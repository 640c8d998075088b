//! The planner's arithmetic in words, in English and Korean.

use super::plan::{Plan, Step};
use super::sizing::Binding;
use super::text::{count_en, count_ko, num, pct, Text};
use super::ways::{RankedWay, Timing, Way};
use crate::format::usd_prose as usd;

/// Every step and way of the plan as English sentences.
pub fn explain_en(plan: &Plan) -> Vec<String> {
    explain(plan).into_iter().map(|t| t.en).collect()
}

/// Every step and way of the plan as Korean sentences.
pub fn explain_ko(plan: &Plan) -> Vec<String> {
    explain(plan).into_iter().map(|t| t.ko).collect()
}

/// Every step and way of the plan in both languages.
pub fn explain(plan: &Plan) -> Vec<Text> {
    plan.steps.iter().map(step_text).chain(plan.ways.iter().map(way_text)).collect()
}

fn times_n(n: f64) -> String {
    if n == 1.0 {
        String::new()
    } else {
        format!(" × n {}", num(n))
    }
}

fn spare(d: f64) -> Text {
    if d >= 0.0 {
        Text::new(format!("{} to spare", num(d)), format!("{} 남음", num(d)))
    } else {
        Text::new(format!("short by {}", num(-d)), format!("{} 모자람", num(-d)))
    }
}

/// One step in both languages.
pub fn step_text(step: &Step) -> Text {
    match *step {
        Step::RpmFromTpm { tpm, ratio, rpm } => Text::new(
            format!("{} TPM ÷ 1,000 × {} RPM per 1,000 TPM = {} RPM comes with the deployment.", num(tpm), num(ratio), num(rpm)),
            format!("1,000 TPM마다 {} RPM이므로 {} ÷ 1,000 × {} = {} RPM이 함께 붙습니다.", num(ratio), num(tpm), num(ratio), num(rpm)),
        ),
        Step::BilledPerRequest { prompt, output, n, tokens } => Text::new(
            format!("Each request is billed {} prompt + {} output{} = {} tokens.", num(prompt), num(output), times_n(n), num(tokens)),
            format!("요청 하나는 입력 {} + 출력 {}{} = {} 토큰으로 요금이 청구됩니다.", num(prompt), num(output), times_n(n), num(tokens)),
        ),
        Step::AdmissionPerRequest { prompt, max_tokens, unset, n, tokens } => {
            let (en_note, ko_note) = if unset {
                (
                    format!(" (max_tokens is unset, so the model maximum of {} is reserved)", num(max_tokens)),
                    format!(" (max_tokens를 비워 두어 모델 최대치인 {} 토큰을 잡아 둡니다)", num(max_tokens)),
                )
            } else {
                (String::new(), String::new())
            };
            Text::new(
                format!("The rate limiter admits a request as {} prompt + {} max_tokens{} = {} tokens{}.", num(prompt), num(max_tokens), times_n(n), num(tokens), en_note),
                format!("한도는 요청을 받을 때 입력 {} + max_tokens {}{} = {} 토큰으로 셉니다{}.", num(prompt), num(max_tokens), times_n(n), num(tokens), ko_note),
            )
        }
        Step::TokensPerMinute { rpm, billed_per_request, billed_tpm, admission_per_request, admission_tpm } => Text::new(
            format!(
                "At the peak of {} requests/min: billed {} × {} = {} tokens/min; counted by the limiter {} × {} = {} tokens/min.",
                num(rpm), num(rpm), num(billed_per_request), num(billed_tpm), num(rpm), num(admission_per_request), num(admission_tpm)
            ),
            format!(
                "피크에 분당 {}건이면 요금이 청구되는 양은 {} × {} = {} TPM, 한도가 세는 양은 {} × {} = {} TPM입니다.",
                num(rpm), num(rpm), num(billed_per_request), num(billed_tpm), num(rpm), num(admission_per_request), num(admission_tpm)
            ),
        ),
        Step::QuotaLost { lost_tpm, lost_share, allocated_tpm, rpm_admitted, rpm_if_tight } => {
            if lost_tpm <= 0.0 {
                Text::new(
                    "max_tokens matches the output: no quota is lost to it.",
                    "max_tokens가 실제 출력과 같아 그 때문에 잃는 할당량은 없습니다.",
                )
            } else {
                Text::new(
                    format!(
                        "A generous max_tokens holds {} tokens/min of quota that is never billed ({} of what the limiter counts): {} TPM admits {} requests/min, against {} if max_tokens matched the output.",
                        num(lost_tpm), pct(lost_share), num(allocated_tpm), num(rpm_admitted), num(rpm_if_tight)
                    ),
                    format!(
                        "넉넉한 max_tokens 때문에 요금이 청구되지도 않을 {} TPM이 할당량에서 묶입니다(한도가 세는 양의 {}). {} TPM으로 분당 {}건밖에 받지 못하는데, max_tokens를 실제 출력에 맞추면 {}건을 받습니다.",
                        num(lost_tpm), pct(lost_share), num(allocated_tpm), num(rpm_admitted), num(rpm_if_tight)
                    ),
                )
            }
        }
        Step::TpmHeadroom { needed, allowed, headroom } => {
            let s = spare(allowed - needed);
            Text::new(
                format!("Tokens: the peak needs {} TPM and the deployment has {}: {}× ({}).", num(needed), num(allowed), num(headroom), s.en),
                format!("토큰: 피크에 {} TPM이 필요하고 배포에는 {} TPM이 있어 {}배입니다({}).", num(needed), num(allowed), num(headroom), s.ko),
            )
        }
        Step::RpmHeadroom { needed, allowed, headroom } => {
            let s = spare(allowed - needed);
            Text::new(
                format!("Requests: the peak needs {} RPM and the deployment has {}: {}× ({}).", num(needed), num(allowed), num(headroom), s.en),
                format!("요청: 피크에 {} RPM이 필요하고 배포에는 {} RPM이 있어 {}배입니다({}).", num(needed), num(allowed), num(headroom), s.ko),
            )
        }
        Step::Binds { binding } => match binding {
            Binding::Tpm => Text::new(
                "TPM binds first: requests are large, and 429s come from tokens per minute, not from the request count.",
                "TPM 한도에 먼저 도달합니다. 요청 하나가 커서 429는 요청 수가 아니라 분당 토큰에서 납니다.",
            ),
            Binding::Rpm => Text::new(
                "RPM binds first: tokens are left over, but there are too many small requests.",
                "RPM 한도에 먼저 도달합니다. 토큰은 남지만 작은 요청이 너무 많습니다.",
            ),
            Binding::Both => Text::new("Both TPM and RPM are exceeded at the peak.", "피크에서 TPM과 RPM이 둘 다 모자랍니다."),
            Binding::Neither => Text::new("Neither limit binds at the peak.", "피크에서도 두 한도 모두 여유가 있습니다."),
        },
        Step::ShortWindow { seconds, cap_requests, burst_requests, cap_tokens, burst_tokens, burst, ok, minute_ok } => {
            let (en_end, ko_end) = match (ok, minute_ok) {
                (true, _) => ("it fits.", "버팁니다."),
                (false, true) => ("over the limit: 429s even though the whole minute fits.", "넘칩니다. 1분 합계가 맞아도 429가 납니다."),
                (false, false) => ("over the limit: 429s.", "넘칩니다. 429가 납니다."),
            };
            Text::new(
                format!(
                    "In any {} s the deployment takes {} requests (RPM × {} ÷ 60) and {} tokens; the peak at {}× burst brings {} requests and {} tokens: {}",
                    num(seconds), count_en(cap_requests), num(seconds), count_en(cap_tokens), num(burst), count_en(burst_requests), count_en(burst_tokens), en_end
                ),
                format!(
                    "어느 {}초 동안이든 배포는 요청 {}건(RPM × {} ÷ 60)과 토큰 {}개까지 받습니다. 버스트 배수 {}의 피크에는 요청 {}건, 토큰 {}개가 들어와 {}",
                    num(seconds), count_ko(cap_requests), num(seconds), count_ko(cap_tokens), num(burst), count_ko(burst_requests), count_ko(burst_tokens), ko_end
                ),
            )
        }
        Step::EnforcedWindow { seconds, per_window, per_minute } => Text::new(
            format!(
                "The vendor enforces this request limit per {} s: {} requests in any {} s ({} per minute). It is a burst limit: a burst inside {} s hits it even when the minute fits.",
                num(seconds), count_en(per_window), num(seconds), count_en(per_minute), num(seconds)
            ),
            format!(
                "공급사는 이 요청 한도를 {}초 단위로 적용합니다. 어느 {}초든 요청 {}건(분당 {}건)입니다. 버스트 한도이므로 1분 합계가 맞아도 {}초 안에 몰리면 걸립니다.",
                num(seconds), num(seconds), count_ko(per_window), count_ko(per_minute), num(seconds)
            ),
        ),
        Step::TpmToRequest { for_tokens, for_requests, margin, step, tpm } => Text::new(
            format!(
                "TPM to request: the burst needs {} TPM for its tokens and {} for its requests (peak × burst ÷ ratio × 1,000); the larger × {} headroom, rounded up to the {} step, is {} TPM.",
                num(for_tokens), num(for_requests), num(margin), num(step), num(tpm)
            ),
            format!(
                "요청할 TPM: 토큰으로는 {} TPM, 요청 수로는 {} TPM(피크 × 버스트 ÷ 비율 × 1,000)이 필요하고, 큰 쪽에 여유 {}배를 곱해 {} 단위로 올리면 {} TPM입니다.",
                num(for_tokens), num(for_requests), num(margin), num(step), num(tpm)
            ),
        ),
        Step::PtuUtilization { ptus, needed_tpm, .. } if ptus <= 0.0 => Text::new(
            format!("Provisioned: no PTUs are allocated, and the peak needs {} input-equivalent TPM: every request is answered 429.", num(needed_tpm)),
            format!("프로비전된 배포에 PTU가 하나도 없는데 피크에 입력 환산 {} TPM이 필요해 모든 요청이 429를 받습니다.", num(needed_tpm)),
        ),
        Step::PtuUtilization { ptus, tpm_per_ptu, capacity_tpm, needed_tpm, utilization } => {
            let over = utilization > 1.0;
            Text::new(
                format!(
                    "Provisioned: {} PTU × {} = {} input-equivalent TPM; the peak needs {}, a utilization of {}{}",
                    num(ptus), num(tpm_per_ptu), num(capacity_tpm), num(needed_tpm), pct(utilization),
                    if over { ": above 100% the service answers 429." } else { "." }
                ),
                format!(
                    "프로비전된 처리량: {} PTU × {} = 입력 환산 {} TPM이고, 피크에 {} TPM이 필요해 사용률이 {}입니다{}",
                    num(ptus), num(tpm_per_ptu), num(capacity_tpm), num(needed_tpm), pct(utilization),
                    if over { ". 100%를 넘으면 429가 납니다." } else { "." }
                ),
            )
        }
    }
}

fn timing_text(t: Timing) -> Text {
    match t {
        Timing::Now => Text::new("now", "지금 가능"),
        Timing::NeedsCapacity => Text::new("needs PTU quota and capacity", "PTU 할당량·용량 확보 필요"),
        Timing::NeedsApproval => Text::new("needs approval — not right now", "승인 필요 — 지금 당장은 안 됨"),
    }
}

/// One ranked way in both languages.
pub fn way_text(w: &RankedWay) -> Text {
    let t = timing_text(w.timing);
    let body = match w.way {
        Way::MoreDeployments { deployments, extra, tpm_each, share_each, default_quota_tpm } => {
            let (mut en, mut ko) = if extra <= 0.0 {
                ("More deployments: one deployment carries this traffic; none are needed.".to_string(),
                 "배포 늘리기: 배포 하나로 이 트래픽을 감당하므로 더 둘 필요가 없습니다.".to_string())
            } else {
                (
                    format!(
                        "More deployments: {} deployments of {} TPM ({} more, e.g. in other regions, which have their own quota), each taking {} of the traffic; when their capacities differ, route away from a deployment that answered 429 for its Retry-After.",
                        num(deployments), num(tpm_each), num(extra), pct(share_each)
                    ),
                    format!(
                        "배포 늘리기: {} TPM 배포 {}개({}개 추가, 예를 들어 할당량이 따로인 다른 리전)로 나눠 각각 트래픽의 {}를 보냅니다. 용량이 서로 다르면 429를 받은 배포를 Retry-After 동안 빼 두고 나머지로 보내세요.",
                        num(tpm_each), num(deployments), num(extra), pct(share_each)
                    ),
                )
            };
            if let Some(q) = default_quota_tpm {
                // The tier's quota when a tier is picked, else the default.
                en.push_str(&format!(" The quota for this model and type is {} TPM per region.", num(q)));
                ko.push_str(&format!(" 이 모델·배포 유형의 할당량은 리전당 {} TPM입니다.", num(q)));
            }
            Text::new(en, ko)
        }
        Way::MoveToBatch { share_needed, batchable_share, freed_tpm, freed_rpm, batch_price_factor, monthly_saving } => {
            let (mut en, mut ko) = if share_needed <= 0.0 {
                ("Move batchable work to Global Batch: nothing has to move for the peak to fit.".to_string(),
                 "급하지 않은 일은 Global Batch로: 피크가 이미 들어가므로 옮길 필요는 없습니다.".to_string())
            } else {
                (
                    format!("Move batchable work to Global Batch: {} of the traffic must move for the rest to fit.", pct(share_needed.min(1.0))),
                    format!("급하지 않은 일은 Global Batch로: 나머지가 들어가려면 트래픽의 {}를 옮겨야 합니다.", pct(share_needed.min(1.0))),
                )
            };
            if batchable_share > 0.0 {
                let enough = w.covers || share_needed <= 0.0;
                en.push_str(&format!(
                    " The {} you marked batchable frees {} TPM and {} RPM at the peak{}",
                    pct(batchable_share), num(freed_tpm), num(freed_rpm), if enough { "." } else { ": not enough on its own." }
                ));
                ko.push_str(&format!(
                    " 배치로 돌릴 수 있다고 한 {}가 피크에서 {} TPM과 {} RPM을 비워 줍니다{}",
                    pct(batchable_share), num(freed_tpm), num(freed_rpm), if enough { "." } else { ". 이것만으로는 모자랍니다." }
                ));
                if let Some(s) = monthly_saving {
                    en.push_str(&format!(" At the batch price ({} of the list price) it saves about {} a month.", pct(batch_price_factor), usd(s)));
                    ko.push_str(&format!(" 배치 가격(정가의 {})으로 옮기면 월 절감액은 약 {}입니다.", pct(batch_price_factor), usd(s)));
                }
            } else {
                en.push_str(" No share is marked batchable yet.");
                ko.push_str(" 아직 배치로 돌릴 몫을 정하지 않았습니다.");
            }
            Text::new(en, ko)
        }
        Way::Provisioned { ptus, exact_ptus, monthly_cost_yearly_reserved } => match (ptus, exact_ptus, monthly_cost_yearly_reserved) {
            (Some(p), Some(x), Some(c)) => Text::new(
                format!("Provisioned throughput: the peak needs {} PTU, {} rounded up to the minimum and step; about {} a month on a 1-year reservation (unconfirmed price).", num(p), num(x), usd(c)),
                format!("프로비전된 처리량으로 전환: 피크를 감당하려면 {} PTU가 필요합니다(계산값 {}, 최소 단위와 증분에 맞춰 올림). 1년 예약으로 월 약 {}입니다(미확인 가격).", num(p), num(x), usd(c)),
            ),
            _ => Text::new(
                "Provisioned throughput: the catalog has no PTU figures for this model.",
                "프로비전된 처리량으로 전환: 이 모델의 PTU 수치가 카탈로그에 없습니다.",
            ),
        },
        Way::QuotaIncrease { from_tpm, increase, .. } if increase <= 0.0 => Text::new(
            format!("Quota increase: not needed; {} TPM already covers the peak with the headroom to keep.", num(from_tpm)),
            format!("할당량 증설: 필요 없습니다. {} TPM으로 여유까지 포함해 피크를 감당합니다.", num(from_tpm)),
        ),
        Way::QuotaIncrease { from_tpm, to_tpm, increase } => Text::new(
            format!("Quota increase: request {} TPM instead of {} (+{}); it takes a request and approval.", num(to_tpm), num(from_tpm), num(increase)),
            format!("할당량 증설: {} TPM 대신 {} TPM(+{})을 신청합니다. 신청과 승인이 걸립니다.", num(from_tpm), num(to_tpm), num(increase)),
        ),
    };
    Text::new(format!("#{} ({}) {}", w.rank, t.en, body.en), format!("{}순위 ({}) {}", w.rank, t.ko, body.ko))
}
