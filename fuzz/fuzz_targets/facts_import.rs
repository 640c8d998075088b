//! A vendor file for the catalog import: any bytes, read as each kind the
//! importer knows (a quota-tier page, a retail-prices response, an OpenAPI
//! spec, a catalog file, a lane matrix; the kind is found from the content, so the bytes
//! are also tried behind each kind's opening). Never a panic; every figure
//! read is one a catalog takes; a refusal names its file. Run: `./dev fuzz`
//! or `cargo fuzz run facts_import`.
#![no_main]

use batchlane_core::facts::{diff_overlay, import_file, read_catalog_file, Catalog};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let heads: [&[u8]; 6] = [
        b"",
        b"---\ntitle: Quota tier 1\nms.date: 11/30/2026\n---\n| Model Name | a | b | c |\n|--|--|--|--|\n",
        b"{\"Items\":[",
        b"{\"openapi\":\"3.1.0\",\"info\":",
        b"{\"format\":\"batchlane-catalog-overlay/1\",\"facts\":[",
        b"---\ntitle: Global Standard model availability for priority processing\nms.date: 03/24/2026\n---\n| **Region** | **gpt-5.4, 2026-03-05** |\n|:--|:--:|\n",
    ];
    for head in heads {
        let bytes = [head, data].concat();
        match import_file("f", &bytes, "2026-12-05") {
            Ok(imp) => {
                let diff = diff_overlay(std::slice::from_ref(&imp));
                let mut c = Catalog::builtin();
                assert!(c.set_imported(diff.facts).is_ok(), "an imported figure a catalog refuses");
            }
            Err(p) => assert_eq!(p.file(), "f"),
        }
    }
    let _ = read_catalog_file("f", data);
});
