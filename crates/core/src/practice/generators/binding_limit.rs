//! Which limit binds first: a traffic shape against a deployment's TPM and
//! the RPM that comes with it.

use super::{deployment_name, deployment_ratio, shuffled, tpm_step, Draft};
use crate::facts::Catalog;
use crate::facts::Scope;
use crate::practice::family::Family;
use crate::practice::format::{number, thousands};
use crate::practice::rng::Rng;
use crate::quota::{check_limits, Binding, LimitCheck};
use crate::text::Text;

/// Models whose ratio the problem quotes (both of the 6-per-1,000 kind and
/// of the newer tables).
const MODELS: [&str; 3] = ["gpt-4o", "gpt-4o-mini", "gpt-4.1"];

/// The givens of a which-limit-binds problem.
#[derive(Clone, Debug, PartialEq)]
pub struct BindingShape {
    pub model: &'static str,
    pub tpm_allowed: f64,
    pub ratio: f64,
    pub requests_per_minute: f64,
    pub input_tokens: f64,
    pub output_tokens: f64,
}

impl BindingShape {
    pub fn for_seed(seed: u64, catalog: &Catalog) -> Self {
        shape(&mut Rng::salted(seed, Family::BindingLimit.slug()), catalog)
    }

    pub fn check(&self) -> LimitCheck {
        check_limits(self.tpm_allowed, self.ratio, self.requests_per_minute, self.input_tokens + self.output_tokens)
    }
}

/// Splits `tokens` into input and output (output about a fifth, in tens).
fn split(rng: &mut Rng, tokens: u64) -> (f64, f64) {
    let tokens = tokens.max(20);
    let out = (tokens * rng.range(15, 30) / 100 / 10).max(1) * 10;
    let out = out.min(tokens - 10);
    ((tokens - out) as f64, out as f64)
}

fn shape(rng: &mut Rng, catalog: &Catalog) -> BindingShape {
    let model = MODELS[rng.index(MODELS.len())];
    // Global Standard: gpt-4o has no tier row there and keeps its classic 6.
    let ratio = deployment_ratio(catalog, model, Scope::Global);
    let tpm_allowed = rng.stepped(20_000, 240_000, tpm_step(catalog));
    let rpm_allowed = if ratio.is_finite() { (tpm_allowed / 1_000.0 * ratio).floor() as u64 } else { 0 };
    let t = tpm_allowed as u64;
    // Aim at one outcome; the answer is whatever check_limits says.
    let target = rng.below(20);
    let (rpm, tokens) = match target {
        // TPM binds: big requests, few of them.
        0..=6 => {
            let tokens = rng.stepped(800, 4_000, 100) as u64;
            let lo = t / tokens + 1;
            let hi = rpm_allowed.min(lo * 2);
            (rng.range(lo, hi.max(lo)), tokens)
        }
        // RPM binds: many small requests.
        7..=12 => {
            let lo = rpm_allowed + 1;
            let rpm = rng.range(lo, lo + lo * 4 / 5);
            let max_tokens = (t / rpm.max(1)).max(20);
            (rpm, rng.range(max_tokens / 2, max_tokens) / 10 * 10)
        }
        // Both have room.
        13..=16 => {
            let tokens = rng.stepped(300, 3_000, 100) as u64;
            let hi = rpm_allowed.min(t / tokens).max(2);
            (rng.range(hi / 2, hi), tokens)
        }
        // Both fall short.
        _ => {
            let lo = rpm_allowed + 1;
            let rpm = rng.range(lo, lo + lo / 2);
            let tokens = (t / rpm.max(1) + rng.range(50, 1_500)) / 10 * 10 + 10;
            (rpm, tokens)
        }
    };
    let (input_tokens, output_tokens) = split(rng, tokens);
    BindingShape { model, tpm_allowed, ratio, requests_per_minute: rpm.max(1) as f64, input_tokens, output_tokens }
}

fn outcome(b: Binding) -> Text {
    match b {
        Binding::Rpm => Text::new("RPM is hit first", "RPM에 먼저 걸린다"),
        Binding::Tpm => Text::new("TPM is hit first", "TPM에 먼저 걸린다"),
        Binding::Neither => Text::new("Both have room to spare", "둘 다 여유가 있다"),
        Binding::Both => Text::new("Both TPM and RPM fall short", "TPM과 RPM 둘 다 모자란다"),
    }
}

pub(super) fn draft(rng: &mut Rng, catalog: &Catalog) -> Draft {
    let s = shape(rng, catalog);
    let c = s.check();
    let others =
        [Binding::Tpm, Binding::Rpm, Binding::Neither, Binding::Both].into_iter().filter(|b| *b != c.binding).map(outcome).collect();
    let (inp, out, per_req) = (thousands(s.input_tokens), thousands(s.output_tokens), thousands(s.input_tokens + s.output_tokens));
    let (n, allowed, need, rpm_allowed) =
        (thousands(s.requests_per_minute), thousands(s.tpm_allowed), thousands(c.tpm_needed), number(c.rpm_allowed));
    let r = number(s.ratio);
    let tpm_ok = c.tpm_needed <= c.tpm_allowed;
    let rpm_ok = c.rpm_needed <= c.rpm_allowed;
    let (tpm_ko, tpm_en) =
        if tpm_ok { ("TPM은 여유가 있습니다", "TPM has room") } else { ("TPM이 모자랍니다", "TPM falls short") };
    let (rpm_ko, rpm_en) =
        if rpm_ok { ("RPM은 여유가 있습니다", "RPM has room") } else { ("RPM이 모자랍니다", "RPM falls short") };
    let input_only = s.requests_per_minute * s.input_tokens;
    let (trap_ko, trap_en) = if !tpm_ok && input_only <= s.tpm_allowed {
        (
            format!(
                " 출력 토큰을 빼먹고 입력만 세면 {} TPM이라 여유가 있어 보이지만, 한도는 입력과 출력을 함께 셉니다.",
                thousands(input_only)
            ),
            format!(
                " Counting only the input gives {} TPM, which seems to fit, but the limit counts input and output together.",
                thousands(input_only)
            ),
        )
    } else {
        (String::new(), String::new())
    };
    Draft {
        stem: Text::new(
            format!(
                "A {} {} deployment has {allowed} TPM. Each request takes {inp} input and {out} output tokens, and {n} requests arrive per minute. What happens?",
                s.model,
                deployment_name(Scope::Global)
            ),
            format!(
                "{} {} 배포에 {allowed} TPM이 할당되어 있습니다. 요청 하나에 입력 {inp}·출력 {out} 토큰이 들고 분당 {n}건이 들어옵니다. 벌어질 일은?",
                s.model,
                deployment_name(Scope::Global)
            ),
        ),
        right: outcome(c.binding),
        wrong: shuffled(rng, others),
        explanation: Text::new(format!(
                "{per_req} tokens per request × {n} requests = {need} TPM needed against {allowed} allocated, so {tpm_en}. \
                 RPM comes at {r} per 1,000 TPM, {rpm_allowed} in all, and {n} are needed, so {rpm_en}.{trap_en}"
            ), format!(
                "요청당 {per_req} 토큰 × {n}건 = {need} TPM이 필요하고 할당은 {allowed} TPM이므로 {tpm_ko}. \
                 RPM은 1,000 TPM마다 {r} RPM씩 붙어 모두 {rpm_allowed} RPM이고 필요한 것은 {n} RPM이므로 {rpm_ko}.{trap_ko}"
            )),
        key: Some(c.tpm_needed),
    }
}
