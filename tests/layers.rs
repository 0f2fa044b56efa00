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

/// The first names of each `PREFIX{a, b::c, ...}` group in `code`: `a`, `b`.
fn grouped(code: &str, prefix: &str) -> Vec<String> {
    let mut names = vec![];
    for (at, found) in code.match_indices(&format!("{prefix}{{")) {
        let mut depth = 0;
        let mut item = String::new();
        let mut first = true;
        for c in code[at + found.len()..].chars() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    first = true;
                    continue;
                }
                _ => {}
            }
            if depth == 0 && first {
                if c.is_alphanumeric() || c == '_' {
                    item.push(c);
                } else if !item.is_empty() {
                    names.push(std::mem::take(&mut item));
                    first = false;
                }
            }
        }
        if !item.is_empty() {
            names.push(item);
        }
    }
    names
}

/// The modules of `src/serve/` that `module`'s files name: `super::X` in
/// its own file, `super::super::X` in the files of its folder, and
/// `crate::serve::X` anywhere.
fn serve_siblings_named(module: &str, siblings: &[String]) -> Vec<String> {
    let serve = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/serve");
    let mut texts = vec![(std::fs::read_to_string(serve.join(format!("{module}.rs"))).unwrap(), "super::".to_string())];
    // The files of its folder, at any depth: each folder down is one `super::` more.
    let mut folders = vec![(serve.join(module), "super::super::".to_string())];
    while let Some((folder, prefix)) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for entry in entries.map(|entry| entry.unwrap().path()) {
            if entry.is_dir() {
                folders.push((entry, format!("super::{prefix}")));
            } else {
                texts.push((std::fs::read_to_string(entry).unwrap(), prefix.clone()));
            }
        }
    }
    let names = |text: &str, prefix: &str| -> Vec<String> {
        let code: String =
            text.lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
        siblings
            .iter()
            .filter(|sibling| *sibling != module)
            .filter(|sibling| {
                let named = |prefix: &str| {
                    code.match_indices(&format!("{prefix}{sibling}")).any(|(at, found)| {
                        let before_ok = !code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
                        let after = code[at + found.len()..].chars().next();
                        before_ok && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    })
                };
                named(prefix) || named("crate::serve::") || grouped(&code, prefix).contains(*sibling)
            })
            .cloned()
            .collect()
    };
    let mut named: Vec<String> = texts.iter().flat_map(|(text, prefix)| names(text, prefix)).collect();
    named.sort();
    named.dedup();
    named
}

#[test]
fn the_servers_modules_import_one_another_without_a_circle() {
    let serve = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/serve");
    let mut modules: Vec<String> = std::fs::read_dir(&serve)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    modules.sort();
    assert!(modules.len() > 10, "the server's modules were not found: {modules:?}");
    let edges: Vec<(String, Vec<String>)> =
        modules.iter().map(|module| (module.clone(), serve_siblings_named(module, &modules))).collect();
    let uses = |module: &str| edges.iter().find(|(name, _)| name == module).map(|(_, named)| named.clone()).unwrap();
    assert!(uses("handler").contains(&"session".to_string()), "the reading of imports finds handler's use of session");
    // A walk from each module that comes back to it is a circle.
    for start in &modules {
        let mut paths = vec![vec![start.clone()]];
        let mut seen = vec![start.clone()];
        while let Some(path) = paths.pop() {
            for next in uses(path.last().unwrap()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                assert_ne!(&next, start, "an import circle in src/serve: {}", longer.join(" -> "));
                if !seen.contains(&next) {
                    seen.push(next);
                    paths.push(longer);
                }
            }
        }
    }
}

/// Every package `package` depends on, at any depth, read off Cargo.lock.
fn dependency_tree(package: &str) -> Vec<String> {
    let lock = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock")).unwrap();
    let lock: toml::Table = lock.parse().unwrap();
    let packages = lock["package"].as_array().unwrap();
    let dependencies_of = |name: &str| -> Vec<String> {
        let found = packages.iter().find(|p| p["name"].as_str() == Some(name));
        let found = found.unwrap_or_else(|| panic!("{name} is not in Cargo.lock"));
        let listed = found.get("dependencies").and_then(|d| d.as_array()).cloned().unwrap_or_default();
        // An entry is "name" or "name version" where two versions are locked.
        listed.iter().map(|d| d.as_str().unwrap().split(' ').next().unwrap().to_string()).collect()
    };
    let mut tree = vec![];
    let mut to_visit = dependencies_of(package);
    while let Some(name) = to_visit.pop() {
        if !tree.contains(&name) {
            to_visit.extend(dependencies_of(&name));
            tree.push(name);
        }
    }
    tree
}

#[test]
fn the_engine_and_the_bots_build_with_no_terminal_network_or_database_crate() {
    let forbidden = ["ratatui", "crossterm", "termina", "russh", "tokio", "rusqlite", "libsqlite3-sys", "signal-hook"];
    let engine = dependency_tree("hearts-engine");
    let bots = dependency_tree("hearts-bots");
    assert!(bots.contains(&"hearts-engine".to_string()), "the reading of Cargo.lock finds the bots' engine");
    assert!(dependency_tree("hearts").contains(&"ratatui".to_string()), "the reading finds the top crate's terminal");
    for (crate_name, tree) in [("hearts-engine", &engine), ("hearts-bots", &bots)] {
        for name in forbidden {
            assert!(!tree.contains(&name.to_string()), "{crate_name} depends on {name}: {tree:?}");
        }
    }
    assert!(!engine.iter().any(|name| name.starts_with("hearts")), "the engine depends on no other part: {engine:?}");
}
