//! /traffic's importer for Azure Monitor Metrics - List JSON (REST): any bytes (made this layout by
//! a prefix when they are not), read in short reads, then analysed. Never a
//! panic; the store's and the report's bounds hold.
#![no_main]

use batchlane_core::traffic::Layout;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| batchlane_fuzz::traffic_import(Layout::MetricsList, data));
