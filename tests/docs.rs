//! The documentation keeps step with the program: the options table of
//! `docs/rules.md` is the one the program makes from its list of options,
//! and no document points outside the repository.

use std::path::Path;

const START: &str = "<!-- options:start -->\n";
const END: &str = "<!-- options:end -->";

#[test]
fn the_options_table_in_docs_rules_md_is_the_programs() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let (before, rest) = text.split_once(START).expect("the start marker");
    let (current, after) = rest.split_once(END).expect("the end marker");
    let table = hearts_bots::config::options_markdown();
    if current != table {
        if std::env::var_os("HEARTS_UPDATE_DOCS").is_some() {
            std::fs::write(&path, format!("{before}{START}{table}{END}{after}")).unwrap();
        } else {
            panic!("docs/rules.md's option table is out of date; run HEARTS_UPDATE_DOCS=1 cargo test --test docs");
        }
    }
    for key in hearts_bots::config::option_keys() {
        assert!(current.contains(&format!("| `{key}` |")), "{key} is missing");
    }
}

#[test]
fn no_document_points_outside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut documents = vec![root.join("README.md"), root.join("rules.toml")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        documents.push(entry.unwrap().path());
    }
    for path in documents {
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("../shared"), "{} points into ../shared", path.display());
    }
}

/// README.md and every markdown file under `docs/`, with their text.
fn markdown_files() -> Vec<(std::path::PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "md") {
            paths.push(path);
        }
    }
    paths.into_iter().map(|path| (path.clone(), std::fs::read_to_string(&path).unwrap())).collect()
}

/// The lines of `text` outside code fences, numbered from 1, or the first
/// fence that does not close as written: inside a block only a bare ```
/// closes it, so a fence line with text after it (```` ``` Some prose````)
/// would carry the rest of the page into the block.
fn prose_lines(text: &str) -> Result<Vec<(usize, &str)>, String> {
    let mut prose = Vec::new();
    let mut open: Option<usize> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let fence = line.trim_start().starts_with("```");
        match open {
            None if fence => open = Some(number),
            None => prose.push((number, line)),
            Some(_) if fence && line.trim() == "```" => open = None,
            Some(opened) if fence => {
                return Err(format!(
                    "line {number} is a fence with text after it, inside the block opened on line {opened}"
                ));
            }
            Some(_) => {}
        }
    }
    match open {
        Some(opened) => Err(format!("the code block opened on line {opened} never closes")),
        None => Ok(prose),
    }
}

#[test]
fn every_code_fence_in_the_documents_closes() {
    for (path, text) in markdown_files() {
        if let Err(problem) = prose_lines(&text) {
            panic!("{}: {problem}", path.display());
        }
    }
}

/// The targets of the inline links `[text](target)` on a line of prose,
/// leaving out code spans.
fn link_targets(line: &str) -> Vec<&str> {
    let mut targets = Vec::new();
    for (index, piece) in line.split('`').enumerate() {
        if index % 2 == 1 {
            continue;
        }
        let mut rest = piece;
        while let Some(start) = rest.find("](") {
            let after = &rest[start + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(&after[..end]);
            rest = &after[end + 1..];
        }
    }
    targets
}

/// The anchor GitHub gives a heading: lower case, punctuation dropped,
/// spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim_start_matches('#')
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a markdown file's headings.
fn anchors(text: &str) -> Vec<String> {
    let prose = prose_lines(text).unwrap_or_default();
    prose.iter().filter(|(_, line)| line.starts_with('#')).map(|(_, line)| anchor(line)).collect()
}

#[test]
fn every_relative_link_in_the_documents_leads_somewhere() {
    for (path, text) in markdown_files() {
        let Ok(prose) = prose_lines(&text) else { continue };
        let directory = path.parent().unwrap();
        for (number, line) in prose {
            for target in link_targets(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
                let linked = if file.is_empty() { path.clone() } else { directory.join(file) };
                let place = format!("{}:{number}: {target}", path.display());
                assert!(linked.exists(), "{place} names no file");
                if !fragment.is_empty() && linked.extension().is_some_and(|ext| ext == "md") {
                    let headings = anchors(&std::fs::read_to_string(&linked).unwrap());
                    assert!(headings.iter().any(|heading| heading == fragment), "{place}: no such heading");
                }
            }
        }
    }
}

#[test]
fn docs_playing_md_lists_every_line_command() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/playing.md");
    let text = std::fs::read_to_string(path).unwrap();
    let (_, section) = text.split_once("## The line mode").expect("a line mode section");
    for word in hearts::line::command::COMMAND_WORDS {
        assert!(section.contains(&format!("`{word}")), "docs/playing.md does not list `{word}`");
    }
}
