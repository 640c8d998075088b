//! Batch results: join output and error files to the input, classify, usage and cost, retry file, job lifecycle.
