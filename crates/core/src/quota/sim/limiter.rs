//! A deployment's rate limiter over a sliding window, kept as a ring of
//! per-tick counters with running sums: O(1) per tick and per request.

/// TPM and RPM enforced over a window of `buckets` ticks.
#[derive(Clone, Debug)]
pub struct Limiter {
    tokens: Vec<u64>,
    requests: Vec<u32>,
    pos: usize,
    sum_tokens: u64,
    sum_requests: u64,
    token_cap: f64,
    request_cap: f64,
    /// (tick, retry-after ticks) computed at the first 429 of a tick.
    cached_wait: Option<(u64, u64)>,
}

impl Limiter {
    /// `tpm`/`rpm` scaled to a window of `buckets` ticks of `tick_s` seconds.
    pub fn new(tpm: f64, rpm: f64, buckets: usize, tick_s: f64) -> Self {
        let buckets = buckets.max(1);
        let share = buckets as f64 * tick_s / 60.0;
        Limiter {
            tokens: vec![0; buckets],
            requests: vec![0; buckets],
            pos: 0,
            sum_tokens: 0,
            sum_requests: 0,
            token_cap: tpm * share,
            request_cap: rpm * share,
            cached_wait: None,
        }
    }

    /// Moves the window on by one tick, forgetting its oldest tick.
    pub fn advance(&mut self) {
        self.pos = (self.pos + 1) % self.tokens.len();
        self.sum_tokens -= self.tokens[self.pos];
        self.sum_requests -= u64::from(self.requests[self.pos]);
        self.tokens[self.pos] = 0;
        self.requests[self.pos] = 0;
    }

    fn fits(&self, tokens: u64, requests: u64, estimate: u64) -> bool {
        (requests + 1) as f64 <= self.request_cap + 1e-9 && (tokens + estimate) as f64 <= self.token_cap + 1e-9
    }

    /// Admits a request the limiter estimates at `estimate` tokens, or not.
    pub fn try_admit(&mut self, estimate: u64) -> bool {
        if !self.fits(self.sum_tokens, self.sum_requests, estimate) {
            return false;
        }
        self.tokens[self.pos] += estimate;
        self.requests[self.pos] += 1;
        self.sum_tokens += estimate;
        self.sum_requests += 1;
        true
    }

    /// Ticks until a request of `estimate` tokens would fit (the
    /// Retry-After the deployment sends); the whole window when it never fits.
    pub fn retry_after(&mut self, tick: u64, estimate: u64) -> u64 {
        if let Some((t, w)) = self.cached_wait {
            if t == tick {
                return w;
            }
        }
        let n = self.tokens.len();
        let (mut tokens, mut requests) = (self.sum_tokens, self.sum_requests);
        let mut wait = n as u64;
        for k in 1..=n {
            let i = (self.pos + k) % n;
            tokens -= self.tokens[i];
            requests -= u64::from(self.requests[i]);
            if self.fits(tokens, requests, estimate) {
                wait = k as u64;
                break;
            }
        }
        self.cached_wait = Some((tick, wait));
        wait
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_second_window_of_a_360_rpm_deployment_takes_60() {
        // 60,000 TPM / 360 RPM, 10 s window of 100 ms ticks: 60 requests, 10,000 tokens.
        let mut l = Limiter::new(60_000.0, 360.0, 100, 0.1);
        let admitted = (0..100).filter(|_| l.try_admit(100)).count();
        assert_eq!(admitted, 60);
        assert_eq!(l.retry_after(0, 100), 100);
        for _ in 0..99 {
            l.advance();
            assert!(!l.try_admit(100));
        }
        l.advance();
        assert!(l.try_admit(100));
        // Tokens bind: 5,000-token requests, two per window.
        let mut t = Limiter::new(60_000.0, 360.0, 100, 0.1);
        assert!(t.try_admit(5_000) && t.try_admit(5_000) && !t.try_admit(5_000));
    }
}
