//! The job-queue planner: which batch jobs run at once under one
//! deployment's enqueued-token quota, which wait, and the worst case when
//! every job takes its whole completion window. The policy is the generated
//! control plane's: first come, first served, and whenever tokens are free
//! every waiting job that fits starts (a small job may pass a large one).

use serde::{Deserialize, Serialize};

use super::text::{FormError, Text};

/// One job as the user lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlannedJob {
    pub name: String,
    pub enqueued_tokens: u64,
    /// The Global Batch deployment it runs on (`name@deployment: tokens`);
    /// `None`: the planner's default quota.
    #[serde(default)]
    pub deployment: Option<String>,
}

/// Where one job lands in the worst case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slot {
    /// Starts in this wave (0 = at once), `start`..`end` seconds after the
    /// first submission, when every job takes the whole window.
    Runs { wave: u32, start_seconds: u64, end_seconds: u64 },
    /// Larger than the quota on its own: the service rejects it whatever
    /// waits; split the file.
    TooLarge,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueuePlan {
    /// One per job, in the order given.
    pub slots: Vec<Slot>,
    /// Number of waves (0 when nothing can run).
    pub waves: u32,
    /// When the last job that can run is done, worst case.
    pub worst_case_seconds: u64,
    /// Tokens held at once in each wave.
    pub wave_tokens: Vec<u64>,
}

/// Most jobs a plan takes (bounds the work and the page).
pub const MAX_JOBS: usize = 500;

/// Plans `jobs` under `quota` enqueued tokens, each job taking at most
/// `window_seconds` (the completion window) in the worst case.
pub fn plan_queue(jobs: &[PlannedJob], quota: u64, window_seconds: u64) -> Result<QueuePlan, FormError> {
    if quota == 0 {
        return Err(crate::snippets::form_error(
            "quota",
            "The enqueued-token quota must be above zero.",
            "큐에 넣은 토큰 할당량은 0보다 커야 합니다.",
        ));
    }
    if jobs.len() > MAX_JOBS {
        return Err(FormError::new("jobs", "", Text::new(format!("At most {MAX_JOBS} jobs."), format!("작업은 최대 {MAX_JOBS}개입니다."))));
    }
    let mut slots: Vec<Option<Slot>> = jobs.iter().map(|j| (j.enqueued_tokens > quota).then_some(Slot::TooLarge)).collect();
    let mut wave_tokens = Vec::new();
    let overflow = || crate::snippets::form_error("jobs", "The schedule's time does not fit in 64 bits.", "일정 시간이 64비트를 넘습니다.");
    let mut wave: u32 = 0;
    while slots.iter().any(Option::is_none) {
        // Every job of the previous wave ends at the same time, so each wave starts with the whole quota free.
        let start = u64::from(wave).checked_mul(window_seconds).ok_or_else(overflow)?;
        let end = start.checked_add(window_seconds).ok_or_else(overflow)?;
        let mut held: u64 = 0;
        for (slot, job) in slots.iter_mut().zip(jobs) {
            if slot.is_some() {
                continue;
            }
            // Each job is at most the quota, so the sum of two fits in 64 bits only if checked.
            if let Some(total) = held.checked_add(job.enqueued_tokens).filter(|t| *t <= quota) {
                held = total;
                *slot = Some(Slot::Runs { wave, start_seconds: start, end_seconds: end });
            }
        }
        wave_tokens.push(held);
        wave = wave.checked_add(1).ok_or_else(overflow)?;
    }
    let worst_case_seconds = u64::from(wave).checked_mul(window_seconds).ok_or_else(overflow)?;
    Ok(QueuePlan { slots: slots.into_iter().flatten().collect(), waves: wave, worst_case_seconds, wave_tokens })
}

/// Plans each deployment's jobs under that deployment's own quota (the
/// quotas are independent; a job naming no deployment, or one not in
/// `quotas`, is under `default_quota`). Slots stay in the jobs' order;
/// `waves` and the worst case are the longest deployment's, `wave_tokens`
/// the sum over deployments per wave.
pub fn plan_by_deployment(
    jobs: &[PlannedJob],
    quotas: &[(String, u64)],
    default_quota: u64,
    window_seconds: u64,
) -> Result<QueuePlan, FormError> {
    let quota_of = |d: Option<&str>| d.and_then(|d| quotas.iter().find(|(x, _)| x == d)).map_or(default_quota, |(_, q)| *q);
    let mut groups: Vec<Option<&str>> = Vec::new();
    for j in jobs {
        let d = j.deployment.as_deref().filter(|d| quotas.iter().any(|(x, _)| x == d));
        if !groups.contains(&d) {
            groups.push(d);
        }
    }
    let mut slots: Vec<Option<Slot>> = vec![None; jobs.len()];
    let (mut waves, mut worst, mut wave_tokens) = (0, 0, Vec::<u64>::new());
    for g in groups {
        let idx: Vec<usize> =
            (0..jobs.len()).filter(|&i| jobs[i].deployment.as_deref().filter(|d| quotas.iter().any(|(x, _)| x == d)) == g).collect();
        let part: Vec<PlannedJob> = idx.iter().map(|&i| jobs[i].clone()).collect();
        let p = plan_queue(&part, quota_of(g), window_seconds)?;
        for (i, slot) in idx.into_iter().zip(p.slots) {
            slots[i] = Some(slot);
        }
        waves = waves.max(p.waves);
        worst = worst.max(p.worst_case_seconds);
        if wave_tokens.len() < p.wave_tokens.len() {
            wave_tokens.resize(p.wave_tokens.len(), 0);
        }
        for (sum, t) in wave_tokens.iter_mut().zip(p.wave_tokens) {
            *sum = sum.saturating_add(t);
        }
    }
    Ok(QueuePlan { slots: slots.into_iter().flatten().collect(), waves, worst_case_seconds: worst, wave_tokens })
}

/// The models the catalog has an enqueued-token quota for, in catalog order.
pub fn quota_models() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for f in crate::facts::all_facts().filter(|f| f.kind == crate::facts::Kind::EnqueuedGlobalDefault) {
        if !out.contains(&f.subject) {
            out.push(f.subject);
        }
    }
    out
}

/// Reads `name:tokens` (or `name@deployment:tokens`) entries separated by
/// `;` or new lines (the link's and the form's list). Token counts may use
/// `_` or `,` as separators.
pub fn parse_jobs(text: &str) -> Result<Vec<PlannedJob>, FormError> {
    let mut out = Vec::new();
    for entry in text.split([';', '\n']).map(str::trim).filter(|s| !s.is_empty()) {
        let parsed = entry.rsplit_once(':').and_then(|(name, n)| crate::io::parse_whole(n).map(|n| (name.trim(), n)));
        match parsed {
            Some((name, n)) if !name.is_empty() && !name.chars().any(char::is_control) => {
                let (name, deployment) = match name.rsplit_once('@') {
                    Some((n, d)) if !n.trim().is_empty() && !d.trim().is_empty() => (n.trim(), Some(d.trim().to_string())),
                    _ => (name, None),
                };
                out.push(PlannedJob { name: name.to_string(), enqueued_tokens: n, deployment })
            }
            _ => {
                return Err(FormError::new(
                    "jobs",
                    "",
                    Text::new(
                        format!("\"{entry}\" is not name:tokens (a whole number)."),
                        format!("이름:토큰(정수) 형식이 아닙니다: \"{entry}\""),
                    ),
                ))
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jobs(list: &[(&str, u64)]) -> Vec<PlannedJob> {
        list.iter().map(|(n, t)| PlannedJob { name: n.to_string(), enqueued_tokens: *t, deployment: None }).collect()
    }

    fn wave(s: &Slot) -> Option<u32> {
        match s {
            Slot::Runs { wave, .. } => Some(*wave),
            Slot::TooLarge => None,
        }
    }

    #[test]
    fn jobs_that_fit_run_at_once_the_rest_wait_a_window() {
        const DAY: u64 = 86_400;
        let p = plan_queue(&jobs(&[("a", 60), ("b", 30), ("c", 20), ("d", 10)]), 100, DAY).unwrap();
        // a+b = 90; c would make 110 and waits; d (10) still fits beside a and b.
        assert_eq!(p.slots.iter().map(wave).collect::<Vec<_>>(), vec![Some(0), Some(0), Some(1), Some(0)]);
        assert_eq!(p.slots[2], Slot::Runs { wave: 1, start_seconds: DAY, end_seconds: 2 * DAY });
        assert_eq!((p.waves, p.worst_case_seconds), (2, 2 * DAY));
        assert_eq!(p.wave_tokens, vec![100, 20]);
    }

    #[test]
    fn a_job_larger_than_the_quota_is_flagged_and_does_not_block() {
        let p = plan_queue(&jobs(&[("huge", 101), ("ok", 100)]), 100, 10).unwrap();
        assert_eq!(p.slots, vec![Slot::TooLarge, Slot::Runs { wave: 0, start_seconds: 0, end_seconds: 10 }]);
        assert_eq!(p.worst_case_seconds, 10);
        let none = plan_queue(&jobs(&[("huge", 101)]), 100, 10).unwrap();
        assert_eq!((none.waves, none.worst_case_seconds), (0, 0));
    }

    #[test]
    fn exactly_the_quota_fits_and_sums_never_wrap() {
        let p = plan_queue(&jobs(&[("a", u64::MAX), ("b", u64::MAX)]), u64::MAX, 5).unwrap();
        assert_eq!(p.slots.iter().map(wave).collect::<Vec<_>>(), vec![Some(0), Some(1)]);
        assert!(plan_queue(&jobs(&[("a", 1)]), 0, 5).is_err());
        assert!(plan_queue(&jobs(&[("a", 1), ("b", 1)]), 1, u64::MAX).is_err(), "the second wave ends past u64::MAX seconds");
    }

    #[test]
    fn each_deployment_plans_under_its_own_quota() {
        let mut list = parse_jobs("a@mini: 60; b@mini: 60; c@big: 150; d: 90; e@unknown: 90").unwrap();
        assert_eq!((list[0].name.as_str(), list[0].deployment.as_deref()), ("a", Some("mini")));
        assert_eq!(list[3].deployment, None);
        let p = plan_by_deployment(&list, &[("mini".into(), 100), ("big".into(), 200)], 100, 10).unwrap();
        // mini: a runs, b waits (120 > 100); big: c fits its own 200; d and e (no known deployment) share the default 100.
        assert_eq!(p.slots.iter().map(wave).collect::<Vec<_>>(), vec![Some(0), Some(1), Some(0), Some(0), Some(1)]);
        assert_eq!((p.waves, p.worst_case_seconds, p.wave_tokens.clone()), (2, 20, vec![60 + 150 + 90, 60 + 90]));
        // One quota for all (the old planner) would have refused c on its own.
        list[2].deployment = None;
        let one = plan_by_deployment(&list, &[("mini".into(), 100)], 100, 10).unwrap();
        assert_eq!(one.slots[2], Slot::TooLarge);
    }

    #[test]
    fn the_list_parses_and_refuses() {
        assert_eq!(parse_jobs("nightly: 120_000_000; re:score:3,000\n").unwrap(), jobs(&[("nightly", 120_000_000), ("re:score", 3_000)]));
        assert!(parse_jobs("nightly").is_err());
        assert!(parse_jobs("a:-1").is_err());
        assert!(parse_jobs(":5").is_err());
        assert_eq!(parse_jobs(" ; ").unwrap(), vec![]);
    }
}
