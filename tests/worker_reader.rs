//! wasm-bindgen-test in headless Chromium, in a dedicated worker (where the
//! app's worker runs, and where `FileReaderSync` exists): the worker's
//! stream reader hands over every byte of a range, in order, whatever the
//! range and the browser's chunking, and stops when asked; /traffic's files
//! go through `SyncRead` into the importer, stopped by the bytes read
//! (never read whole), with the analysis they give read whole.
//! Run: `CHROMEDRIVER=$(which chromedriver) cargo test --target wasm32-unknown-unknown --test worker_reader`.
#![cfg(target_arch = "wasm32")]

use batchlane::worker::reader::{import_traffic, Reader, SyncRead, READ_BYTES};
use batchlane_core::facts::Catalog;
use batchlane_core::traffic::{analyze_store, run, Importer, ReadLimits, TrafficOptions};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_dedicated_worker);

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
    let reader = Reader::new(&blob);
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
    let reader = Reader::new(&blob);
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

const MB: u64 = 1 << 20;

/// The bytes of this wasm instance's memory (it grows, never shrinks).
fn wasm_memory_bytes() -> u64 {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    memory.buffer().unchecked_into::<js_sys::ArrayBuffer>().byte_length() as u64
}

/// A plain CSV of about `mib` MiB and its header: one 1 MiB piece of rows made
/// in wasm once, the blob built from it in the browser (not in wasm).
fn csv_blob(mib: u32) -> web_sys::Blob {
    let row = "2026-11-02T09:00:00Z,chat,1\n";
    let piece = js_sys::Uint8Array::from(row.repeat(MB as usize / row.len()).as_bytes());
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(&b"timestamp,deployment,requests\n"[..]));
    for _ in 0..mib {
        parts.push(&piece);
    }
    web_sys::Blob::new_with_u8_array_sequence(&parts).unwrap()
}

/// A file far past the file budget is stopped once the budget is read,
/// with the importer's error naming the file and the budget, and is never
/// read whole: the wasm memory grows by far less than the file (before
/// issue 40 the worker read each file whole before the check). The file
/// is larger than this instance's memory before it, so a whole read could
/// not fit in memory freed by earlier tests.
#[wasm_bindgen_test]
fn a_file_past_its_budget_is_stopped_by_the_bytes_read_not_read_whole() {
    let limits = ReadLimits { file: MB, run: 8 * MB };
    // At least 96 MiB, and more than twice the memory the tests run before
    // this one left (their order is not fixed: the streamed layouts may
    // already have grown it).
    let before = wasm_memory_bytes();
    let blob = csv_blob((96 + 2 * before / MB) as u32);
    assert!(before < blob.size() as u64 / 2, "{before} bytes of wasm memory before");
    let mut importer = Importer::with_limits(limits);
    let mut said = 0;
    let e = import_traffic(&mut importer, "huge.csv", &blob, &mut |done| said = done).unwrap_err();
    let grew = wasm_memory_bytes() - before;
    console_log!("a {} byte file, {} bytes read, wasm memory grew by {grew} bytes", blob.size(), importer.bytes_read());
    assert_eq!(e.file, "huge.csv");
    assert!(e.display().starts_with("huge.csv: "), "{}", e.display());
    assert!(e.text.en.contains(&limits.file.to_string()), "{}", e.text.en);
    assert!(e.text.ko.contains(&limits.file.to_string()), "{}", e.text.ko);
    assert!(importer.bytes_read() > limits.file && importer.bytes_read() <= limits.file + 1, "{}", importer.bytes_read());
    assert_eq!(said, importer.bytes_read());
    assert!(grew < blob.size() as u64 / 4, "wasm memory grew by {grew} bytes for a {} byte file", blob.size());
}

/// Files each within the file budget but together over the run's: the
/// one that passes it is stopped, named, with the run's budget.
#[wasm_bindgen_test]
fn files_together_past_the_run_budget_are_stopped_by_the_bytes_read() {
    let limits = ReadLimits { file: 4 * MB, run: 5 * MB };
    let blob = csv_blob(3);
    let mut importer = Importer::with_limits(limits);
    import_traffic(&mut importer, "one.csv", &blob, &mut |_| {}).unwrap_or_else(|e| panic!("{}", e.display()));
    assert_eq!(importer.bytes_read(), blob.size() as u64);
    let e = import_traffic(&mut importer, "two.csv", &blob, &mut |_| {}).unwrap_err();
    assert_eq!(e.file, "two.csv");
    assert!(e.text.en.contains(&limits.run.to_string()), "{}", e.display());
    assert!(importer.bytes_read() > limits.run && importer.bytes_read() <= limits.run + 1, "{}", importer.bytes_read());
}

/// Every layout of the fixtures, with and without a byte order mark, read
/// by the worker (its own pieces, and short pieces that cut marks,
/// characters, numbers and lines anywhere) gives the analysis the same
/// bytes give read whole.
#[wasm_bindgen_test]
fn every_layout_streamed_through_sync_read_gives_the_analysis_read_whole() {
    let fixtures: [(&str, &[u8]); 5] = [
        ("metrics-list.json", include_bytes!("fixtures/traffic/metrics-list.json")),
        ("azuremetrics.csv", include_bytes!("fixtures/traffic/azuremetrics.csv")),
        ("azuremetrics.json", include_bytes!("fixtures/traffic/azuremetrics.json")),
        ("azuremetrics-tables.json", include_bytes!("fixtures/traffic/azuremetrics-tables.json")),
        ("plain.csv", include_bytes!("fixtures/traffic/plain.csv")),
    ];
    let (options, catalog) = (TrafficOptions::default(), Catalog::builtin());
    for (name, file) in fixtures {
        let bytes = file.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(file).to_vec();
        let mut bom = b"\xEF\xBB\xBF".to_vec();
        bom.extend_from_slice(&bytes);
        for body in [bytes, bom] {
            let whole = run(&[(name.to_string(), &body[..])], &options, &catalog, &mut |_, _| {})
                .unwrap_or_else(|e| panic!("{}", e.display()))
                .to_json();
            // The blob itself made of uneven parts.
            let parts = js_sys::Array::new();
            for part in body.chunks(997) {
                parts.push(&js_sys::Uint8Array::from(part));
            }
            let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).unwrap();
            // Every read is a `FileReaderSync` call (about half a
            // millisecond): pieces of two bytes only for the smallest file.
            let pieces: &[u32] = if body.len() < 4096 { &[0, 2, 61, 4093] } else { &[0, 61, 4093] };
            for &piece_bytes in pieces {
                let mut importer = Importer::new();
                let read = if piece_bytes == 0 {
                    import_traffic(&mut importer, name, &blob, &mut |_| {})
                } else {
                    let mut input = SyncRead::with_piece_bytes(Reader::new(&blob), piece_bytes);
                    importer.read(name, &mut input, &mut |_| {})
                };
                read.unwrap_or_else(|e| panic!("{name} in pieces of {piece_bytes}: {}", e.display()));
                assert_eq!(importer.bytes_read(), body.len() as u64, "{name} in pieces of {piece_bytes}");
                let (store, files, notices) = importer.finish();
                let streamed = analyze_store(&store, files, notices, &options, &catalog).to_json();
                assert!(streamed == whole, "{name} in pieces of {piece_bytes} (0: the worker's own)");
            }
        }
    }
}
