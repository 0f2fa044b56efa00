//! The engine stays pure: no terminal, files, stdin, clock or global
//! randomness in the engine's crate (`crates/engine/`), so it is fast, testable and usable by a
//! search.

use std::path::Path;

const FORBIDDEN: &[&str] =
    &["ratatui", "crossterm", "std::fs", "std::io", "std::time", "std::env", "thread_rng", "rand::rng()", "println!"];

#[test]
fn the_engine_touches_no_terminal_file_clock_or_global_randomness() {
    let mut files = vec![];
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/engine/src")];
    while let Some(dir) = dirs.pop() {
        for path in std::fs::read_dir(&dir).unwrap().map(|entry| entry.unwrap().path()) {
            if path.is_dir() { dirs.push(path) } else { files.push(path) }
        }
    }
    assert!(files.len() > 5, "the engine's files were not found");
    assert!(
        files.iter().any(|file| file.ends_with("rules/check.rs")),
        "the files of the engine's modules are read too"
    );
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in FORBIDDEN {
                assert!(!code.contains(word), "{}:{}: `{word}` in the engine", file.display(), number + 1);
            }
        }
    }
}
