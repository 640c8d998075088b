//! A seeded, deterministic 429 simulator: Poisson arrivals (or a schedule
//! of rates), 1–N deployments each enforcing its TPM/RPM over a sliding
//! window, round-robin or 429-aware routing, and the client's retry policy.
//!
//! Time moves in ticks. Requests live in a slot pool and wait for their
//! retry in a timing wheel; windows are rings of per-tick counters; latency
//! goes into a histogram. Nothing is allocated per request once the pools
//! have grown, so an hour at 100 ms with 10 deployments runs in a few ms.

mod config;
mod limiter;

use crate::io::Rng;
pub use config::*;
use limiter::Limiter;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DeploymentStats {
    pub admitted: u64,
    pub rejected: u64,
}

/// One point of the time series: totals over `bucket_s` from `t_s`, and the
/// most requests waiting to retry at any tick in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SeriesPoint {
    pub t_s: f64,
    pub arrived: u32,
    pub admitted: u32,
    pub rejected: u32,
    pub in_retry: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimResult {
    pub arrived: u64,
    pub succeeded: u64,
    /// Gave up after the last attempt.
    pub failed: u64,
    /// Still waiting to retry when the run ended.
    pub unfinished: u64,
    /// succeeded ÷ arrived.
    pub success_rate: f64,
    /// 429 answers (a router with every deployment cooling down answers too).
    pub rejections_429: u64,
    pub retries: u64,
    /// Tokens the limiters admitted but nobody was billed for (max_tokens
    /// reserved beyond the real output): quota wasted at admission.
    pub wasted_admission_tokens: f64,
    /// From arrival to admission, plus the service time; successes only.
    pub latency_p50_ms: f64,
    pub latency_p95_ms: f64,
    pub latency_p99_ms: f64,
    /// Successful requests and their billed tokens per minute of the run.
    pub throughput_rpm: f64,
    pub throughput_tpm: f64,
    pub per_deployment: Vec<DeploymentStats>,
    pub bucket_s: f64,
    pub series: Vec<SeriesPoint>,
}

#[derive(Clone, Copy, Debug, Default)]
struct Req {
    first_tick: u64,
    attempt: u32,
    estimate: u64,
    billed: u64,
    backoff_ticks: u64,
}

/// How much work a run may do: one step per tick, one per deployment per
/// tick, one per attempt. Checked at every tick; a run that would need
/// more stops there and says so ([`SimRun::stopped`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimBudget {
    pub max_steps: u64,
}

impl SimBudget {
    /// No limit (the validated settings already bound a run).
    pub const UNLIMITED: SimBudget = SimBudget { max_steps: u64::MAX };
}

impl Default for SimBudget {
    /// [`MAX_SIM_STEPS`]: a few seconds in a browser's worker.
    fn default() -> Self {
        SimBudget { max_steps: MAX_SIM_STEPS }
    }
}

/// Where a run stopped because its budget was spent.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimStop {
    /// Steps taken (at least the budget).
    pub steps: u64,
    /// Simulated seconds covered; the result describes these only.
    pub simulated_s: f64,
}

/// A run under a budget: the result over the time simulated, and whether
/// the budget cut it short.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimRun {
    pub result: SimResult,
    pub stopped: Option<SimStop>,
}

/// How far a run is, in ticks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimProgress {
    pub ticks_done: u64,
    pub ticks: u64,
}

/// Ticks between two progress reports, at least.
const PROGRESS_TICKS: u64 = 4096;

/// Runs the simulation; refuses invalid settings with their reasons.
pub fn simulate(cfg: &SimConfig) -> Result<SimResult, Vec<SimError>> {
    simulate_within(cfg, SimBudget::UNLIMITED, &mut |_| {}).map(|run| run.result)
}

/// Runs the simulation within `budget`, reporting progress now and then
/// (every few thousand ticks); refuses invalid settings before anything runs.
pub fn simulate_within(cfg: &SimConfig, budget: SimBudget, on_progress: &mut dyn FnMut(SimProgress)) -> Result<SimRun, Vec<SimError>> {
    cfg.validate()?;
    Ok(Engine::new(cfg).run(budget, on_progress))
}

struct Engine<'a> {
    cfg: &'a SimConfig,
    rng: Rng,
    tick_s: f64,
    ticks: u64,
    limiters: Vec<Limiter>,
    cooldown_until: Vec<u64>,
    next: usize,
    pool: Vec<Req>,
    free: Vec<u32>,
    wheel: Vec<Vec<u32>>,
    scratch: Vec<u32>,
    waiting: u64,
    hist: Vec<u32>,
    res: SimResult,
    stride: u64,
    point: SeriesPoint,
    /// Attempts since the budget was last charged.
    attempts: u64,
}

impl<'a> Engine<'a> {
    fn new(cfg: &'a SimConfig) -> Self {
        let tick_s = cfg.tick_ms / 1_000.0;
        let ticks = (cfg.duration_s / tick_s).ceil().max(1.0) as u64;
        let buckets = (cfg.window.seconds() / tick_s).round().max(1.0) as usize;
        let max_backoff = (cfg.retry.max_backoff_s / tick_s).ceil() as u64;
        let wheel_len = (buckets as u64).max(max_backoff).max(1) as usize + 2;
        let max_latency = wheel_len as u64 * u64::from(cfg.retry.max_attempts) + 1;
        let stride = ticks.div_ceil(cfg.max_points as u64).max(1);
        Engine {
            cfg,
            rng: Rng::new(cfg.seed),
            tick_s,
            ticks,
            limiters: cfg.deployments.iter().map(|d| Limiter::new(d.tpm, d.rpm, buckets, tick_s)).collect(),
            cooldown_until: vec![0; cfg.deployments.len()],
            next: 0,
            pool: Vec::new(),
            free: Vec::new(),
            wheel: vec![Vec::new(); wheel_len],
            scratch: Vec::new(),
            waiting: 0,
            hist: vec![0; max_latency.min(5_000_000) as usize],
            res: SimResult {
                arrived: 0,
                succeeded: 0,
                failed: 0,
                unfinished: 0,
                success_rate: 0.0,
                rejections_429: 0,
                retries: 0,
                wasted_admission_tokens: 0.0,
                latency_p50_ms: 0.0,
                latency_p95_ms: 0.0,
                latency_p99_ms: 0.0,
                throughput_rpm: 0.0,
                throughput_tpm: 0.0,
                per_deployment: vec![DeploymentStats::default(); cfg.deployments.len()],
                bucket_s: stride as f64 * tick_s,
                series: Vec::with_capacity(cfg.max_points + 1),
            },
            stride,
            point: SeriesPoint::default(),
            attempts: 0,
        }
    }

    fn new_request(&mut self, tick: u64) -> u32 {
        let r = &self.cfg.request;
        let jitter = |rng: &mut Rng, x: f64| {
            if r.size_jitter > 0.0 {
                x * (1.0 + r.size_jitter * (2.0 * rng.uniform() - 1.0))
            } else {
                x
            }
        };
        let prompt = jitter(&mut self.rng, r.prompt_tokens).round();
        let output = jitter(&mut self.rng, r.output_tokens).round().min(r.max_tokens);
        let n = f64::from(r.n);
        let req = Req {
            first_tick: tick,
            attempt: 0,
            estimate: (prompt + r.max_tokens * n) as u64,
            billed: (prompt + output * n) as u64,
            backoff_ticks: ((self.cfg.retry.initial_backoff_s / self.tick_s).round() as u64).max(1),
        };
        match self.free.pop() {
            Some(i) => {
                self.pool[i as usize] = req;
                i
            }
            None => {
                self.pool.push(req);
                (self.pool.len() - 1) as u32
            }
        }
    }

    /// The deployment for an attempt, or the ticks until one is free.
    fn route(&mut self, tick: u64) -> Result<usize, u64> {
        let n = self.limiters.len();
        match self.cfg.routing {
            Routing::RoundRobin => {
                let d = self.next;
                self.next = (d + 1) % n;
                Ok(d)
            }
            Routing::RetryAfterAware => {
                for k in 0..n {
                    let d = (self.next + k) % n;
                    if self.cooldown_until[d] <= tick {
                        self.next = (d + 1) % n;
                        return Ok(d);
                    }
                }
                Err(self.cooldown_until.iter().map(|c| c - tick).min().unwrap_or(1).max(1))
            }
        }
    }

    fn attempt(&mut self, id: u32, tick: u64) {
        self.attempts += 1;
        let req = self.pool[id as usize];
        let wait = match self.route(tick) {
            Ok(d) => {
                if self.limiters[d].try_admit(req.estimate) {
                    self.res.per_deployment[d].admitted += 1;
                    self.succeed(id, req, tick);
                    return;
                }
                self.res.per_deployment[d].rejected += 1;
                let raw = self.limiters[d].retry_after(tick, req.estimate);
                let w = self.header_ticks(raw);
                if self.cfg.routing == Routing::RetryAfterAware {
                    self.cooldown_until[d] = tick + w;
                }
                w
            }
            Err(w) => w,
        };
        self.res.rejections_429 += 1;
        self.point.rejected += 1;
        let attempt = req.attempt + 1;
        if attempt >= self.cfg.retry.max_attempts {
            self.res.failed += 1;
            self.free.push(id);
            return;
        }
        let header = self.cfg.retry_after_share >= 1.0 || self.rng.uniform() < self.cfg.retry_after_share;
        let delay = match self.cfg.retry.kind {
            RetryKind::Immediate => 1,
            RetryKind::Backoff => req.backoff_ticks,
            RetryKind::RetryAfterThenBackoff => {
                if header {
                    wait
                } else {
                    req.backoff_ticks
                }
            }
        };
        let max_backoff = ((self.cfg.retry.max_backoff_s / self.tick_s).ceil() as u64).max(1);
        let r = &mut self.pool[id as usize];
        r.attempt = attempt;
        r.backoff_ticks = (req.backoff_ticks * 2).min(max_backoff);
        let delay = delay.clamp(1, self.wheel.len() as u64 - 1);
        let slot = ((tick + delay) % self.wheel.len() as u64) as usize;
        self.wheel[slot].push(id);
        self.waiting += 1;
        self.res.retries += 1;
    }

    /// The `retry-after` header counts whole seconds (at least one): the
    /// limiter's wait rounded up, in ticks.
    fn header_ticks(&self, ticks: u64) -> u64 {
        let seconds = (ticks as f64 * self.tick_s - 1e-9).ceil().max(1.0);
        (seconds / self.tick_s).round() as u64
    }

    fn succeed(&mut self, id: u32, req: Req, tick: u64) {
        self.res.succeeded += 1;
        self.point.admitted += 1;
        self.res.throughput_tpm += req.billed as f64;
        self.res.wasted_admission_tokens += req.estimate.saturating_sub(req.billed) as f64;
        let bin = ((tick - req.first_tick) as usize).min(self.hist.len() - 1);
        self.hist[bin] += 1;
        self.free.push(id);
    }

    fn run(mut self, budget: SimBudget, on_progress: &mut dyn FnMut(SimProgress)) -> SimRun {
        // The schedule in time order, walked with a cursor.
        let mut steps: Vec<RateStep> = match &self.cfg.arrivals {
            Arrivals::Poisson { rpm } => vec![RateStep { at_s: 0.0, rpm: *rpm }],
            Arrivals::Schedule { steps } => steps.clone(),
        };
        steps.sort_by(|a, b| a.at_s.total_cmp(&b.at_s));
        let mut cursor = 0;
        let mut rpm = 0.0;
        let per_tick = 1 + self.limiters.len() as u64;
        let mut spent: u64 = 0;
        let mut stopped = None;
        for tick in 0..self.ticks {
            // Attempts were counted as they ran; add this tick's own work.
            spent = spent.saturating_add(per_tick).saturating_add(std::mem::take(&mut self.attempts));
            if spent > budget.max_steps {
                stopped = Some(SimStop { steps: spent, simulated_s: tick as f64 * self.tick_s });
                self.end_early(tick);
                break;
            }
            if tick.is_multiple_of(PROGRESS_TICKS) {
                on_progress(SimProgress { ticks_done: tick, ticks: self.ticks });
            }
            if tick > 0 {
                for l in &mut self.limiters {
                    l.advance();
                }
            }
            // Retries due now go first.
            let slot = (tick % self.wheel.len() as u64) as usize;
            std::mem::swap(&mut self.wheel[slot], &mut self.scratch);
            let due = std::mem::take(&mut self.scratch);
            self.waiting -= due.len() as u64;
            for &id in &due {
                self.attempt(id, tick);
            }
            self.scratch = due;
            self.scratch.clear();
            std::mem::swap(&mut self.wheel[slot], &mut self.scratch);
            // Then this tick's arrivals.
            let t = tick as f64 * self.tick_s;
            while cursor < steps.len() && steps[cursor].at_s <= t + 1e-9 {
                rpm = steps[cursor].rpm;
                cursor += 1;
            }
            let arrivals = self.rng.poisson(rpm / 60.0 * self.tick_s);
            self.res.arrived += arrivals;
            self.point.arrived += arrivals as u32;
            for _ in 0..arrivals {
                let id = self.new_request(tick);
                self.attempt(id, tick);
            }
            self.point.in_retry = self.point.in_retry.max(self.waiting as u32);
            if (tick + 1) % self.stride == 0 || tick + 1 == self.ticks {
                let start = tick + 1 - ((tick % self.stride) + 1);
                self.point.t_s = start as f64 * self.tick_s;
                self.res.series.push(self.point);
                self.point = SeriesPoint::default();
            }
        }
        on_progress(SimProgress { ticks_done: self.ticks, ticks: self.ticks });
        SimRun { result: self.finish(), stopped }
    }

    /// Stops before `tick`: the last partial point is kept and the run's
    /// figures cover the ticks simulated (at least one).
    fn end_early(&mut self, tick: u64) {
        if !tick.is_multiple_of(self.stride) {
            let start = tick - (tick % self.stride);
            self.point.t_s = start as f64 * self.tick_s;
            self.res.series.push(self.point);
            self.point = SeriesPoint::default();
        }
        self.ticks = tick.max(1);
    }

    fn finish(mut self) -> SimResult {
        let r = &mut self.res;
        r.unfinished = self.waiting;
        r.success_rate = if r.arrived > 0 { r.succeeded as f64 / r.arrived as f64 } else { 1.0 };
        let minutes = self.ticks as f64 * self.tick_s / 60.0;
        r.throughput_rpm = r.succeeded as f64 / minutes;
        r.throughput_tpm /= minutes;
        let pct = |q: f64| -> f64 {
            if r.succeeded == 0 {
                return 0.0;
            }
            let target = (q * r.succeeded as f64).ceil().max(1.0) as u64;
            let mut seen = 0u64;
            for (bin, &c) in self.hist.iter().enumerate() {
                seen += u64::from(c);
                if seen >= target {
                    return bin as f64 * self.cfg.tick_ms + self.cfg.service_ms;
                }
            }
            (self.hist.len() - 1) as f64 * self.cfg.tick_ms + self.cfg.service_ms
        };
        let (p50, p95, p99) = (pct(0.50), pct(0.95), pct(0.99));
        r.latency_p50_ms = p50;
        r.latency_p95_ms = p95;
        r.latency_p99_ms = p99;
        self.res
    }
}
