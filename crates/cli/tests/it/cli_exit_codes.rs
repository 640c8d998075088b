//! The exit codes are named once (`batchlane_cli::EXIT_CODES`): the CLI's
//! source returns no bare number as one, `check --help` lists all four
//! (3 included) and says what `--model` does, and the README lists them.

use batchlane_cli::{run, Exit, EXIT_CODES};

fn help(command: &str) -> String {
    let mut out = Vec::new();
    assert_eq!(run(&[command, "--help"], &mut out, &mut Vec::new()), Exit::Ok.code());
    String::from_utf8(out).unwrap()
}

#[test]
fn the_codes_are_numbered_once() {
    let numbers: Vec<i32> = EXIT_CODES.iter().map(|(e, _)| e.code()).collect();
    assert_eq!(numbers, [0, 1, 2, 3]);
    assert_eq!([Exit::Ok, Exit::Errors, Exit::Unusable, Exit::RequestsFail].map(Exit::code), [0, 1, 2, 3]);
}

#[test]
fn check_help_lists_every_code_and_what_model_does() {
    let h = help("check");
    for (e, what) in EXIT_CODES {
        assert!(h.contains(&format!("  {}  {what}", e.code())), "check --help lacks exit {}: {h}", e.code());
    }
    let model = h.lines().find(|l| l.trim_start().starts_with("--model")).unwrap_or_else(|| panic!("--model unexplained: {h}"));
    assert!(model.contains("limits") || model.contains("model"), "{model}");
}

#[test]
fn the_readme_lists_every_code() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    for (e, what) in EXIT_CODES {
        assert!(readme.contains(&format!("| `{}` | {what} |", e.code())), "README lacks exit {}", e.code());
    }
}

/// No subcommand returns a bare number: `return 2;`, `Err(0)`, `=> 1,`.
#[test]
fn no_bare_exit_numbers_in_the_source() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut bad = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(dir)];
    while let Some(p) = stack.pop() {
        for e in std::fs::read_dir(&p).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|x| x != "rs") || path.ends_with("exit.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            for (i, line) in code.lines().enumerate() {
                let t = line.trim();
                let bare = ["return 0;", "return 1;", "return 2;", "return 3;", "Err(0)", "Err(1)", "Err(2)", "Err(3)"]
                    .iter()
                    .any(|p| t.contains(p))
                    || (["=> 0,", "=> 1,", "=> 2,", "=> 3,"].iter().any(|p| t.ends_with(p)) && !t.contains("::"))
                    || ["0", "1", "2", "3"].contains(&t);
                if bare {
                    bad.push(format!("{}:{}: {t}", path.display(), i + 1));
                }
            }
        }
    }
    assert!(bad.is_empty(), "bare exit codes (use batchlane_cli::Exit):\n{}", bad.join("\n"));
}
