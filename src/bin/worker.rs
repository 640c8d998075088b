//! The Web Worker entry: heavy work (reading and checking big files, token
//! counting, the 429 simulator, usage files) runs here, never on the UI
//! thread. See `batchlane::worker`.

fn main() {
    batchlane::worker::start();
}
