//! TPM → RPM: the RPM that comes with a deployment's TPM.

use super::{deployment_name, deployment_ratio, figure, tpm_step, Draft, DEPLOYMENTS, MODELS};
use crate::facts::Catalog;
use crate::facts::Kind;
use crate::facts::Scope;
use crate::practice::family::Family;
use crate::practice::format::{number, thousands};
use crate::practice::options::{with_unit, wrong_numbers};
use crate::practice::rng::Rng;
use crate::quota::rpm_for_tpm;
use crate::text::Text;

/// The givens of a TPM → RPM problem.
#[derive(Clone, Debug, PartialEq)]
pub struct TpmRpmShape {
    pub model: &'static str,
    pub deployment: Scope,
    pub tpm: f64,
    /// RPM per 1,000 TPM for the model on the deployment type, from the catalog.
    pub ratio: f64,
}

impl TpmRpmShape {
    pub fn for_seed(seed: u64, catalog: &Catalog) -> Self {
        shape(&mut Rng::salted(seed, Family::TpmToRpm.slug()), catalog)
    }

    pub fn answer(&self) -> f64 {
        rpm_for_tpm(self.tpm, self.ratio)
    }
}

fn shape(rng: &mut Rng, catalog: &Catalog) -> TpmRpmShape {
    let model = MODELS[rng.index(MODELS.len())];
    let deployment = DEPLOYMENTS[rng.index(DEPLOYMENTS.len())];
    let tpm = rng.stepped(10_000, 300_000, tpm_step(catalog));
    TpmRpmShape { model, deployment, tpm, ratio: deployment_ratio(catalog, model, deployment) }
}

pub(super) fn draft(rng: &mut Rng, catalog: &Catalog) -> Draft {
    let s = shape(rng, catalog);
    let rpm = s.answer();
    let units = s.tpm / 1_000.0;
    // The ratio of the other generation of models: the mix-up between tables.
    let other =
        ["gpt-4o", "gpt-4.1"].map(|m| figure(catalog, Kind::RpmPer1kTpm, m)).into_iter().find(|r| *r != s.ratio).unwrap_or(f64::NAN);
    let times_sixty = rpm_for_tpm(s.tpm, s.ratio * 10.0);
    let borrowed = rpm_for_tpm(s.tpm, other);
    // The two slips the explanation names come first, so that both are
    // among the choices; the others fill what is left.
    let mut rest = vec![units, units * 100.0, rpm / 60.0];
    rng.shuffle(&mut rest);
    let mut mistakes = vec![times_sixty, borrowed];
    mistakes.extend(rest);
    let show = with_unit("RPM");
    let wrong = wrong_numbers(rpm, &mistakes, &show);
    let (tpm_s, r, k, a, x) = (thousands(s.tpm), number(s.ratio), number(units), number(rpm), thousands(times_sixty));
    let (o, y) = (number(other), thousands(borrowed));
    // A slip is named only when it is one of the choices (a catalog without
    // the other ratio leaves that one out).
    let (borrow_en, borrow_ko) = if wrong.contains(&show(borrowed)) {
        (
            format!(" and borrowing the ratio of another generation of models (×{o} → {y} RPM)"),
            format!("과, 모델마다 다른 비율을 다른 세대 모델에서 그대로 가져오는 것(×{o} → {y} RPM)"),
        )
    } else {
        (String::new(), String::new())
    };
    Draft {
        stem: Text::new(
            format!("A {} {} deployment is given {tpm_s} TPM. How many RPM come with it?", s.model, deployment_name(s.deployment)),
            format!("{} {} 배포에 {tpm_s} TPM을 할당했습니다. 함께 붙는 RPM은 얼마입니까?", s.model, deployment_name(s.deployment)),
        ),
        right: show(rpm),
        wrong,
        explanation: Text::new(
            format!(
                "A {} {} deployment gets {r} RPM for every 1,000 TPM. {tpm_s} TPM is {k} units of 1,000 TPM, so {k} × {r} = {a} RPM. \
                 The usual slips are a ratio ten times too big (×{} → {x} RPM){borrow_en}: the ratio differs by model.",
                s.model,
                deployment_name(s.deployment),
                number(s.ratio * 10.0)
            ),
            format!(
                "{} {} 배포에는 1,000 TPM마다 {r} RPM이 붙습니다. {tpm_s} TPM은 1,000 TPM 단위로 {k}개이므로 {k} × {r} = {a} RPM입니다. \
                 흔한 실수는 비율을 열 배로 잘못 잡는 것(×{} → {x} RPM){borrow_ko}입니다.",
                s.model,
                deployment_name(s.deployment),
                number(s.ratio * 10.0)
            ),
        ),
        key: Some(rpm),
    }
}
