//! Packs a tiktoken `.tiktoken` rank file (base64 token, space, rank per
//! line) into the binary form the tokenizer reads (`assets/tokenizers/*.bin`,
//! see `batchlane_core::batch::pack_rank_file`).
//!
//! Usage: cargo run -p batchlane-core --example pack_ranks -- IN.tiktoken OUT.bin

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: pack_ranks IN.tiktoken OUT.bin");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(input).unwrap_or_else(|e| {
        eprintln!("{input}: {e}");
        std::process::exit(1);
    });
    match batchlane_core::batch::pack_rank_file(&text) {
        Ok(packed) => {
            if let Err(e) = std::fs::write(output, &packed) {
                eprintln!("{output}: {e}");
                std::process::exit(1);
            }
            println!("{output}: {} bytes", packed.len());
        }
        Err(e) => {
            eprintln!("{input}: not a rank file (line {})", e.line);
            std::process::exit(1);
        }
    }
}
