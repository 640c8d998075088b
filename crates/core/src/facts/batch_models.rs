//! Which models the OpenAI Batch API serves: 1 = served, 0 = not served
//! (the service answers `model_not_found`). A name matches its entry or a
//! dated version of it (`gpt-4o-realtime-preview-2024-12-17`). Names not
//! listed are not judged. From the vendor's model pages, which list Batch
//! among each model's supported features; not in the team's reference,
//! hence unconfirmed: the check warns unless the user confirms a figure by
//! overriding it.

use super::{
    fact,
    Certainty::{Documented, Unconfirmed},
    Fact, Kind,
    SourceId::{AzureBatchModels, OpenAiModels},
    Topic::Models,
    Unit::Count,
};

const AS_OF: &str = "2025-11";

macro_rules! served {
    ($($model:literal => $v:expr,)*) => {
        &[$(fact(Kind::OpenaiBatchModel, $model, Models, $v, Count, OpenAiModels, AS_OF, Unconfirmed),)*]
    };
}

pub(super) const FACTS: &[Fact] = served! {
    "gpt-5" => 1.0,
    "gpt-5.1" => 1.0,
    // Its model page gives a batch queue limit per usage tier (2026).
    "gpt-5.2" => 1.0,
    "gpt-5-mini" => 1.0,
    "gpt-5-nano" => 1.0,
    "gpt-4.1" => 1.0,
    "gpt-4.1-mini" => 1.0,
    "gpt-4.1-nano" => 1.0,
    "gpt-4o" => 1.0,
    "gpt-4o-mini" => 1.0,
    "o1" => 1.0,
    "o3" => 1.0,
    "o3-mini" => 1.0,
    "o3-pro" => 1.0,
    "o4-mini" => 1.0,
    "gpt-4-turbo" => 1.0,
    "gpt-4" => 1.0,
    "gpt-3.5-turbo" => 1.0,
    "text-embedding-3-small" => 1.0,
    "text-embedding-3-large" => 1.0,
    "text-embedding-ada-002" => 1.0,
    "omni-moderation-latest" => 1.0,
    // Retired: "The requested model 'gpt-4-1106-preview' does not exist."
    // (model_not_found, skorokithakis/sysaidmin#9); a dated name the "gpt-4"
    // entry would otherwise take.
    "gpt-4-1106-preview" => 0.0,
    "gpt-realtime" => 0.0,
    "gpt-4o-realtime-preview" => 0.0,
    "gpt-4o-mini-realtime-preview" => 0.0,
    "gpt-4o-audio-preview" => 0.0,
    "gpt-4o-mini-audio-preview" => 0.0,
    "gpt-4o-search-preview" => 0.0,
    "gpt-4o-mini-search-preview" => 0.0,
    "tts-1" => 0.0,
    "tts-1-hd" => 0.0,
    "whisper-1" => 0.0,
};

const AZ: &str = "2026-08-28";

macro_rules! azure_batch {
    ($($model:literal => $global:expr, $datazone:expr;)*) => {
        &[$(
            fact(Kind::AzureGlobalBatchModel, $model, Models, $global, Count, AzureBatchModels, AZ, Documented),
            fact(Kind::AzureDatazoneBatchModel, $model, Models, $datazone, Count, AzureBatchModels, AZ, Documented),
        )*]
    };
}

/// Which models Azure deploys as Global Batch and Data Zone Batch (1 = yes),
/// from the batch deployments' model matrix: every listed model in every
/// listed region. Data Zone Batch: the US data zone; the EU zone takes only
/// gpt-4.1, -mini, -nano, gpt-4o, gpt-4o-mini, o3 and o4-mini; no Data Zone
/// Batch in Asia-Pacific. A model not listed is not judged.
pub(super) const AZURE: &[Fact] = azure_batch! {
    "gpt-4.1" => 1.0, 1.0;
    "gpt-4.1-mini" => 1.0, 1.0;
    "gpt-4.1-nano" => 1.0, 1.0;
    "gpt-4o" => 1.0, 1.0;
    "gpt-4o-mini" => 1.0, 1.0;
    "gpt-5" => 1.0, 1.0;
    "gpt-5.1" => 1.0, 1.0;
    "gpt-5.4" => 1.0, 1.0;
    "gpt-5.4-mini" => 1.0, 1.0;
    "o3" => 1.0, 1.0;
    "o3-mini" => 1.0, 1.0;
    "o4-mini" => 1.0, 1.0;
};

/// The entry for a model name: exact, or the longest entry that the name
/// extends with a dash and a digit (a dated version). `None`: not listed.
pub fn openai_batch_model_fact(name: &str) -> Option<&'static Fact> {
    let name = name.trim().to_ascii_lowercase();
    FACTS
        .iter()
        .filter(|f| match name.strip_prefix(f.subject) {
            Some("") => true,
            Some(rest) => rest.strip_prefix('-').is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit())),
            None => false,
        })
        .max_by_key(|f| f.subject.len())
}

/// The as-of date of the newest entry of the list: a model it does not know
/// may be newer than the list.
pub fn openai_batch_models_as_of() -> &'static str {
    FACTS.iter().map(|f| f.as_of).max().unwrap_or(AS_OF)
}

/// The `n` known model names closest to `name` (edit distance), for "did you mean".
pub fn closest_model_names(name: &str, n: usize) -> Vec<&'static str> {
    let name = name.trim().to_ascii_lowercase();
    let mut all: Vec<&'static str> = FACTS.iter().map(|f| f.subject).chain(super::MODELS.iter().map(|m| m.name)).collect();
    all.sort_unstable();
    all.dedup();
    // Long names are cut: the distance is bounded by construction.
    let cut: String = name.chars().take(64).collect();
    let mut scored: Vec<(usize, &'static str)> = all.into_iter().map(|m| (distance(&cut, m), m)).collect();
    scored.sort();
    scored.into_iter().take(n).map(|(_, m)| m).collect()
}

/// Levenshtein distance over characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dated_versions_match_their_entry() {
        let subject = |n: &str| openai_batch_model_fact(n).map(|f| f.subject);
        assert_eq!(subject("gpt-4o-2024-08-06"), Some("gpt-4o"));
        assert_eq!(subject("gpt-4o-realtime-preview-2024-12-17"), Some("gpt-4o-realtime-preview"));
        assert_eq!(subject("GPT-4o-mini"), Some("gpt-4o-mini"));
        assert_eq!(subject("gpt-3.5-turbo-0125"), Some("gpt-3.5-turbo"));
        assert_eq!(subject("my-deployment"), None);
        assert_eq!(subject("gpt-4o-batch"), None);
    }
}
