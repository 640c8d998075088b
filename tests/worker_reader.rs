//! wasm-bindgen-test in headless Chromium: the worker's stream reader hands
//! over every byte of a range, in order, whatever the range and the
//! browser's chunking, and stops when asked.
//! Run: `CHROMEDRIVER=$(which chromedriver) cargo test --target wasm32-unknown-unknown --test worker_reader`.
#![cfg(target_arch = "wasm32")]

use batchlane::worker::reader::{Reader, READ_BYTES};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A blob of `n` bytes, made of three parts, with no repeating pattern
/// short enough to hide a skipped or repeated piece.
fn blob(n: usize) -> (web_sys::Blob, Vec<u8>) {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let bytes: Vec<u8> = (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    let parts = js_sys::Array::new();
    for piece in bytes.chunks(n / 3 + 1) {
        parts.push(&js_sys::Uint8Array::from(piece));
    }
    (web_sys::Blob::new_with_u8_array_sequence(&parts).unwrap(), bytes)
}

async fn read(reader: &Reader, start: u64, end: u64) -> (Vec<u8>, usize) {
    let (mut got, mut calls) = (Vec::new(), 0);
    reader
        .each(start, end, |chunk| {
            assert!(chunk.len() <= READ_BYTES as usize);
            got.extend_from_slice(chunk);
            calls += 1;
            true
        })
        .await
        .unwrap();
    (got, calls)
}

#[wasm_bindgen_test]
async fn every_range_is_read_whole_and_in_order() {
    let n = 2 * READ_BYTES as usize + 12_345;
    let (blob, bytes) = blob(n);
    let reader = Reader::new(&blob).unwrap();
    let n = n as u64;
    for (start, end) in [(0, n), (1, n - 1), (READ_BYTES as u64 - 3, READ_BYTES as u64 + 5), (n - 10, n + 1_000), (7, 7), (n, n + 5)] {
        let (got, calls) = read(&reader, start, end).await;
        let want = &bytes[start.min(n) as usize..end.min(n) as usize];
        assert!(got == want, "range {start}..{end}: {} bytes read, {} expected", got.len(), want.len());
        assert!(calls >= want.len().div_ceil(READ_BYTES as usize), "range {start}..{end}");
    }
}

#[wasm_bindgen_test]
async fn reading_stops_when_the_callback_says_so() {
    let (blob, bytes) = blob(3 * READ_BYTES as usize);
    let reader = Reader::new(&blob).unwrap();
    let mut got = Vec::new();
    reader
        .each(0, bytes.len() as u64, |chunk| {
            got.extend_from_slice(chunk);
            false
        })
        .await
        .unwrap();
    assert!(!got.is_empty() && got.len() < bytes.len());
    assert!(got[..] == bytes[..got.len()]);
}
