//! Downloads for the results page, through the shared helper (errors shown
//! in the page notice, the object URL revoked after the download started).

/// Saves `blob` as `file_name`.
pub fn download_blob(blob: &web_sys::Blob, file_name: &str) {
    let _ = crate::components::download::download_blob(blob, file_name);
}
