//! The layers point down only: the engine knows nothing above it; the
//! shared table knows no terminal, screen or network; the views know no
//! runtime; the terminal's runtime and the server know nothing of each
//! other. Read off each layer's files, as the engine's purity is.

use std::path::{Path, PathBuf};

/// Every Rust file of a module: `src/NAME.rs` and everything under `src/NAME/`.
fn files_of(module: &str) -> Vec<PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![src.join(format!("{module}.rs"))];
    let mut dirs = vec![src.join(module)];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().map(|entry| entry.unwrap().path()) {
            if entry.is_dir() {
                dirs.push(entry);
            } else if entry.extension().is_some_and(|ext| ext == "rs") {
                files.push(entry);
            }
        }
    }
    files
}

/// Fails on any line of `module`'s code that names one of `forbidden`.
fn uses_none_of(module: &str, forbidden: &[&str]) {
    let files = files_of(module);
    assert!(files.len() > 3, "{module}'s files were not found");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden {
                assert!(!code.contains(word), "{}:{}: `{word}` in {module}", file.display(), number + 1);
            }
        }
    }
}

#[test]
fn the_shared_table_knows_no_terminal_screen_network_or_view() {
    uses_none_of(
        "table",
        &["ratatui", "crossterm", "termina", "russh", "tokio", "crate::ui", "crate::terminal", "crate::serve"],
    );
}

#[test]
fn the_views_know_no_runtime() {
    uses_none_of("ui", &["crate::terminal", "crate::serve", "russh", "tokio", "std::fs", "signal_hook"]);
}

#[test]
fn the_two_runtimes_know_nothing_of_each_other() {
    uses_none_of("terminal", &["crate::serve"]);
    uses_none_of("serve", &["crate::terminal"]);
}
