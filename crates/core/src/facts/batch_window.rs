//! What happens to a batch job still running when its completion window ends:
//! a behaviour, stated per vendor as a 0/1 fact so that every text about it
//! (the quiz, the path advisor, the /results job panel) reads it from the
//! catalog and follows a user's override.
//!
//! - Azure: "We aim to process batch requests within 24 hours; we don't expire
//!   the jobs that take longer. You can cancel the job anytime." —
//!   MicrosoftDocs/azure-ai-docs `articles/foundry/openai/how-to/batch.md` @
//!   `b59d62bf0383597b0024c633e06e3790931e9438` (ms.date 2026-01-27), in the
//!   page's opening note and its FAQ. The job object still carries
//!   `expires_at` (created_at + the window).
//! - OpenAI: "Batches that do not complete in time eventually move to an
//!   expired state; unfinished requests within that batch are cancelled" —
//!   the Batch API guide.

use super::{fact, Catalog, Certainty::*, Fact, Kind, SourceId::*, Topic::BatchJob, Unit::Count};

pub(super) const FACTS: &[Fact] = &[
    // 1 = a job not done within the window ends `expired`; 0 = it runs on until done or cancelled.
    fact(Kind::ExpiresAfterWindow, "azure", BatchJob, 0.0, Count, AzureBatch, "2026-01-27", Documented),
    fact(Kind::ExpiresAfterWindow, "openai", BatchJob, 1.0, Count, OpenAiBatch, "2026-03", Documented),
];

/// Whether the vendor (`"azure"`, `"openai"`) ends a job still running at
/// the end of its completion window as `expired` (else it runs on until done
/// or cancelled), as the catalog (with the user's overrides) says; a catalog
/// without the figure answers with the vendor's documented behaviour.
pub fn jobs_expire_after_window(catalog: &Catalog, vendor: &str) -> bool {
    match catalog.get(Kind::ExpiresAfterWindow, vendor) {
        Some(v) => v >= 0.5,
        None => vendor != "azure",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn azure_runs_on_openai_expires_and_overrides_reach_both() {
        let mut c = Catalog::builtin();
        assert!(!jobs_expire_after_window(&c, "azure"));
        assert!(jobs_expire_after_window(&c, "openai"));
        c.set_override("expires_after_window.azure", 1.0).unwrap();
        assert!(jobs_expire_after_window(&c, "azure"));
    }
}
