//! The arithmetic of single cost knobs, shared by the cost page and the
//! practice problems.

/// Dollars for `tokens` tokens at `usd_per_million` per 1M tokens.
pub fn token_cost(tokens: f64, usd_per_million: f64) -> f64 {
    tokens / 1_000_000.0 * usd_per_million
}

/// Saving from capping output: `requests` × (old − new output tokens) at the
/// output price. The input price plays no part: input tokens are unchanged.
pub fn output_cap_saving(requests: f64, old_output_tokens: f64, new_output_tokens: f64, output_usd_per_million: f64) -> f64 {
    token_cost(requests * (old_output_tokens - new_output_tokens), output_usd_per_million)
}

/// Prompt tokens of a retrieval-augmented request: fixed part plus k chunks.
pub fn rag_prompt_tokens(fixed_tokens: f64, chunks: f64, tokens_per_chunk: f64) -> f64 {
    fixed_tokens + chunks * tokens_per_chunk
}

/// Saving from sending fewer retrieved chunks: `requests` × removed chunk
/// tokens at the input price.
pub fn chunk_trim_saving(requests: f64, chunks_before: f64, chunks_after: f64, tokens_per_chunk: f64, input_usd_per_million: f64) -> f64 {
    token_cost(requests * (chunks_before - chunks_after) * tokens_per_chunk, input_usd_per_million)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_problem_5() {
        // 1M requests, output 500 → 300 at $12 per 1M output tokens: $2,400.
        assert_eq!(output_cap_saving(1_000_000.0, 500.0, 300.0, 12.0), 2_400.0);
    }

    #[test]
    fn eight_to_four_chunks_roughly_halves_the_prompt() {
        let before = rag_prompt_tokens(200.0, 8.0, 500.0);
        let after = rag_prompt_tokens(200.0, 4.0, 500.0);
        assert!((after / before - 0.5).abs() < 0.05, "{after} / {before}");
        assert_eq!(chunk_trim_saving(1_000.0, 8.0, 4.0, 500.0, 2.0), 4.0);
    }
}
