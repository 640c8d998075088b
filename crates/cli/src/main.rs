//! The command line, for CI gates.

/// Threads checking ranges of one file allocate per line; mimalloc keeps
/// their heaps apart (glibc malloc had them wait on one arena lock).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // OS strings: `std::env::args` panics on a file name that is not UTF-8.
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    std::process::exit(batchlane_cli::run(&args, &mut std::io::stdout(), &mut std::io::stderr()));
}
