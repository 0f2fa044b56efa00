//! The layers point down only: the engine, the bots and the shared table
//! are crates with no terminal, network or database crate below them (read
//! off Cargo.lock); the views know no runtime; the terminal's runtime and
//! the server know nothing of each other (read off each layer's files).

use std::path::{Path, PathBuf};

/// Every Rust file under `dir`, at any depth.
fn rust_files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = vec![];
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.map(|entry| entry.unwrap().path()) {
            if entry.is_dir() {
                dirs.push(entry);
            } else if entry.extension().is_some_and(|ext| ext == "rs") {
                files.push(entry);
            }
        }
    }
    files
}

/// Every Rust file of a module: `src/NAME.rs` and everything under `src/NAME/`.
fn files_of(module: &str) -> Vec<PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![src.join(format!("{module}.rs"))];
    files.extend(rust_files_under(&src.join(module)));
    files
}

/// Fails if a walk along `uses` from any of `nodes` comes back to it: an
/// import circle in `place`, named by `label`.
fn assert_no_circle<T: Clone + PartialEq>(
    nodes: &[T],
    uses: impl Fn(&T) -> Vec<T>,
    label: impl Fn(&T) -> String,
    place: &str,
) {
    for start in nodes {
        let mut paths = vec![vec![start.clone()]];
        let mut seen = vec![start.clone()];
        while let Some(path) = paths.pop() {
            for next in uses(path.last().unwrap()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                let names: Vec<String> = longer.iter().map(&label).collect();
                assert!(next != *start, "an import circle {place}: {}", names.join(" -> "));
                if !seen.contains(&next) {
                    seen.push(next);
                    paths.push(longer);
                }
            }
        }
    }
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
fn the_views_know_no_runtime() {
    uses_none_of("ui", &["crate::terminal", "crate::serve", "russh", "tokio", "std::fs", "signal_hook"]);
}

#[test]
fn the_lobby_is_a_view_and_knows_no_runtime() {
    uses_none_of("lobby", &["crate::terminal", "crate::serve", "russh", "tokio", "std::fs", "signal_hook"]);
}

#[test]
fn the_line_mode_is_a_view_and_knows_no_runtime() {
    uses_none_of("line", &["crate::terminal", "crate::serve", "russh", "tokio", "std::fs", "signal_hook", "ratatui"]);
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
    assert_no_circle(&modules, |module| uses(module), String::clone, "in src/serve");
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
fn the_engine_the_bots_and_the_table_build_with_no_terminal_network_or_database_crate() {
    let forbidden = ["ratatui", "crossterm", "termina", "russh", "tokio", "rusqlite", "libsqlite3-sys", "signal-hook"];
    let engine = dependency_tree("hearts-engine");
    let bots = dependency_tree("hearts-bots");
    let table = dependency_tree("hearts-table");
    assert!(bots.contains(&"hearts-engine".to_string()), "the reading of Cargo.lock finds the bots' engine");
    assert!(table.contains(&"hearts-bots".to_string()), "the reading of Cargo.lock finds the table's bots");
    assert!(dependency_tree("hearts").contains(&"ratatui".to_string()), "the reading finds the top crate's terminal");
    for (crate_name, tree) in [("hearts-engine", &engine), ("hearts-bots", &bots), ("hearts-table", &table)] {
        for name in forbidden {
            assert!(!tree.contains(&name.to_string()), "{crate_name} depends on {name}: {tree:?}");
        }
    }
    assert!(!engine.iter().any(|name| name.starts_with("hearts")), "the engine depends on no other part: {engine:?}");
    assert!(!bots.contains(&"hearts-table".to_string()), "the bots know nothing of the table");
}

/// A file's module path under `src/`: `src/ui/draw/seats.rs` is
/// `["ui", "draw", "seats"]`; `src/lib.rs` is the crate's root, `[]`.
fn module_of(file: &Path) -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let relative = file.strip_prefix(&src).unwrap().with_extension("");
    let path: Vec<String> = relative.iter().map(|part| part.to_string_lossy().into_owned()).collect();
    if path == ["lib"] { Vec::new() } else { path }
}

/// The modules (files) of `src/` that a file's code names through
/// `crate::` and `super::` paths, groups included; the longest path that
/// is a file wins.
fn modules_named(text: &str, own: &[String], modules: &[Vec<String>]) -> Vec<Vec<String>> {
    let code: String = text.lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut named = Vec::new();
    let mut resolve = |base: Vec<String>, rest: &str| {
        // `rest` follows `base::`: names, `::`, perhaps a `{group}`.
        let mut path = base;
        let mut longest = None;
        let mut remaining = rest;
        loop {
            let name: String = remaining.chars().take_while(|&c| word(c)).collect();
            if name.is_empty() {
                break;
            }
            path.push(name.clone());
            if modules.contains(&path) {
                longest = Some(path.clone());
            }
            remaining = &remaining[name.len()..];
            match remaining.strip_prefix("::") {
                Some(after) => remaining = after,
                None => break,
            }
        }
        let group_base = path.clone();
        if let Some(first) = longest {
            named.push(first);
        }
        if remaining.starts_with('{') {
            // Each item of a group may be a module under the path so far.
            let prefix = format!("{}::", group_base.join("::"));
            for item in grouped(&format!("{prefix}{remaining}"), &prefix) {
                let mut under = group_base.clone();
                under.push(item);
                if modules.contains(&under) {
                    named.push(under);
                }
            }
        }
    };
    for (at, _) in code.match_indices("crate::") {
        if at > 0 && code[..at].ends_with(|c: char| word(c) || c == '$') {
            continue;
        }
        resolve(Vec::new(), &code[at + "crate::".len()..]);
    }
    for (at, _) in code.match_indices("super::") {
        if code[..at].ends_with("super::") || (at > 0 && code[..at].ends_with(|c: char| word(c))) {
            continue;
        }
        let mut rest = &code[at..];
        let mut base = own.to_vec();
        while let Some(after) = rest.strip_prefix("super::") {
            base.pop();
            rest = after;
        }
        resolve(base, rest);
    }
    named
}

#[test]
fn no_file_or_module_of_src_names_one_that_names_it_back_round_a_circle() {
    let files = files_of_all();
    let modules: Vec<Vec<String>> = files.iter().map(|file| module_of(file)).collect();
    let related = |a: &[String], b: &[String]| a.starts_with(b) || b.starts_with(a);
    let edges: Vec<Vec<usize>> = files
        .iter()
        .zip(&modules)
        .map(|(file, own)| {
            let text = without_tests(&std::fs::read_to_string(file).unwrap());
            let mut to: Vec<usize> = modules_named(&text, own, &modules)
                .iter()
                .filter(|named| !related(named, own))
                .filter_map(|named| modules.iter().position(|m| m == named))
                .collect();
            to.sort();
            to.dedup();
            to
        })
        .collect();
    let index = |path: &str| modules.iter().position(|m| m.join("/") == path).unwrap();
    assert!(edges[index("ui/draw/seats")].contains(&index("ui/draw/place")), "the reading finds seats' use of place");
    assert!(edges[index("ui/viewer")].contains(&index("ui/window")), "the reading finds the viewer's use of windows");
    // The same between the crate's modules (`ui`, `line`, `room`, ...): a
    // file's names count for the module it is in.
    let top = |i: usize| modules[i].first().cloned().unwrap_or_default();
    let mut tops: Vec<String> = (0..files.len()).map(top).filter(|name| !name.is_empty()).collect();
    tops.sort();
    tops.dedup();
    let top_edges: Vec<Vec<String>> = tops
        .iter()
        .map(|module| {
            let mut to: Vec<String> = (0..files.len())
                .filter(|&i| top(i) == *module)
                .flat_map(|i| edges[i].iter().map(|&j| top(j)))
                .filter(|name| !name.is_empty() && name != module)
                .collect();
            to.sort();
            to.dedup();
            to
        })
        .collect();
    let uses = |module: &str| top_edges[tops.iter().position(|m| m == module).unwrap()].clone();
    assert!(uses("room").contains(&"line".to_string()), "the reading finds the room's narrators");
    // The screen and the line mode are one layer: neither names the other;
    // the words, the theme and the requests they share lie below both.
    for (view, other) in [("ui", "line"), ("line", "ui")] {
        assert!(!uses(view).contains(&other.to_string()), "{view} names {other}: {:?}", uses(view));
        for below in ["words", "theme", "request"] {
            assert!(!uses(below).contains(&view.to_string()), "{below} names the view {view}");
        }
    }
    assert!(uses("line").contains(&"words".to_string()), "the reading finds the line mode's words");
    // The lobby's view stands beside them, built of the screen's parts and
    // its one vocabulary of commands; neither table view names it.
    assert!(uses("lobby").contains(&"ui".to_string()), "the reading finds the lobby's use of the screen's parts");
    for view in ["ui", "line", "words", "theme", "request"] {
        assert!(!uses(view).contains(&"lobby".to_string()), "{view} names the lobby");
    }
    assert_no_circle(&tops, |module| uses(module), String::clone, "between modules of src/");
    let file_indices: Vec<usize> = (0..files.len()).collect();
    assert_no_circle(&file_indices, |&i| edges[i].clone(), |&i| modules[i].join("/"), "in src/");
}

/// A file's code without its `#[cfg(test)]` items: what tests name is
/// not an import of the code.
fn without_tests(text: &str) -> String {
    let mut kept = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        kept.push_str(&rest[..at]);
        let after = &rest[at..];
        let end = match (after.find('{'), after.find(';')) {
            (Some(open), Some(semi)) if semi < open => semi + 1,
            (Some(open), _) => {
                let mut depth = 0;
                let mut end = after.len();
                for (i, c) in after[open..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = open + i + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                end
            }
            (None, Some(semi)) => semi + 1,
            (None, None) => after.len(),
        };
        rest = &after[end..];
    }
    kept.push_str(rest);
    kept
}

/// Every Rust file of `src/` but the binary's `main.rs` and the tests'
/// own files.
fn files_of_all() -> Vec<PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files: Vec<PathBuf> = rust_files_under(&src)
        .into_iter()
        .filter(|file| *file != src.join("main.rs"))
        .filter(|file| {
            let tests = file.components().any(|part| part.as_os_str() == "tests")
                || ["tests.rs", "testing.rs"].iter().any(|name| file.ends_with(name));
            !tests
        })
        .collect();
    files.sort();
    files
}
