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
    let table = hearts::config::options_markdown();
    if current != table {
        if std::env::var_os("HEARTS_UPDATE_DOCS").is_some() {
            std::fs::write(&path, format!("{before}{START}{table}{END}{after}")).unwrap();
        } else {
            panic!("docs/rules.md's option table is out of date; run HEARTS_UPDATE_DOCS=1 cargo test --test docs");
        }
    }
    for key in hearts::config::option_keys() {
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
