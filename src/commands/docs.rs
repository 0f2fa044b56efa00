//! `hearts completions` and `hearts man`: shell completions and the manual pages, the line mode's own among them.

use clap::CommandFactory;

use crate::cli::Cli;
use hearts_bots::players::Level;
use hearts_engine::Preset;

/// `hearts completions SHELL`: the shell's completion script, made from
/// the command line's own definitions.
pub(super) fn completions(shell: clap_complete::Shell) -> String {
    use clap::builder::PossibleValuesParser;
    // The script offers the names these flags take; the command line itself
    // still reads a program seat (cmd:...) in them.
    let levels: Vec<&str> = Level::ALL.iter().map(|level| level.name()).collect();
    let seats: Vec<String> = (1..hearts_engine::MAX_PLAYERS)
        .flat_map(|seat| levels.iter().map(move |level| format!("{seat}={level}")))
        .collect();
    let mut command = Cli::command()
        .mut_arg("preset", |arg| arg.value_parser(PossibleValuesParser::new(Preset::ALL.iter().map(|p| p.name()))))
        .mut_arg("seats", |arg| arg.value_parser(PossibleValuesParser::new(seats)));
    for flag in ["bots", "left", "across", "right"] {
        command = command.mut_arg(flag, |arg| arg.value_parser(PossibleValuesParser::new(levels.clone())));
    }
    let name = command.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, name, &mut script);
    String::from_utf8(script).expect("the command line's words are UTF-8")
}

/// `hearts man`: the manual page of the command line, in roff, its
/// subcommands listed in a section of their own as the pages `hearts man
/// NAME` prints (hearts-NAME(1)).
pub(super) fn manual(subcommand: Option<&str>) -> String {
    if subcommand == Some("plain") {
        return line_mode_manual();
    }
    let mut page = Vec::new();
    // `hearts help` is not a page of its own: `--help` says the same.
    let mut hearts = Cli::command().disable_help_subcommand(true);
    // Built, a subcommand carries the global options (the rules, the bots) and its display name, hearts-NAME.
    hearts.build();
    let found = subcommand.and_then(|name| hearts.find_subcommand(name).cloned());
    let command = found.map_or(hearts, |found| found.version(env!("CARGO_PKG_VERSION")));
    let title = command.get_display_name().unwrap_or(command.get_name()).to_uppercase();
    // The synopsis says what `--help` says; listed one by one, sixty options would hide their values.
    let usage = command.clone().render_usage().to_string();
    let command = command.override_usage(usage.trim_start_matches("Usage: ").to_string());
    let man = clap_mangen::Man::new(command).title(title);
    man.render(&mut page).expect("writing to memory does not fail");
    let mut page = String::from_utf8(page).expect("the command line's words are UTF-8");
    if subcommand.is_none() {
        page.push_str(
            ".SH \"SEE ALSO\"\nhearts\\-plain(7): the line mode's commands, for screen readers and scripts\n",
        );
    }
    page
}

/// `hearts man plain`: the line mode's page, hearts-plain(7), its table
/// of commands the one the code keeps ([`crate::line::command::COMMANDS`]).
fn line_mode_manual() -> String {
    // roff: a leading dot or quote would be a request, a hyphen is \-.
    let roff = |text: &str| text.replace('\\', "\\e").replace('-', "\\-");
    let mut page = format!(".TH HEARTS-PLAIN 7 \"\" \"hearts {}\"\n", env!("CARGO_PKG_VERSION"));
    page.push_str(
        ".SH NAME\nhearts\\-plain \\- the line mode of hearts: the table as sentences, commands typed as words\n",
    );
    page.push_str(
        ".SH SYNOPSIS\n\\fBhearts \\-\\-plain\\fR [\\fB\\-\\-brief\\fR] [\\fB\\-\\-symbols\\fR] [OPTIONS]\n.br\n",
    );
    page.push_str("\\fBssh \\-T\\fR HOST [\\fBjoin\\fR|\\fBwatch\\fR CODE]\n");
    page.push_str(".SH DESCRIPTION\n");
    page.push_str(&roff(
        "Each event is one line, printed once: the deal, the pass, each card, each trick taken and its points, \
         the scores. When the game waits for you a line says what to do. Nothing but text is printed. \
         Type help for what you may type now. HEARTS_PLAIN=1, a dumb TERM, or default plain make the line \
         mode the default; hearts --screen opens the table once.",
    ));
    page.push_str("\n.SH COMMANDS\n");
    for (typed, does) in crate::line::command::COMMANDS {
        page.push_str(&format!(".TP\n\\fB{}\\fR\n{}\n", roff(typed), roff(does)));
    }
    page.push_str(".SH \"SEE ALSO\"\nhearts(1), hearts\\-serve(1)\n");
    page
}
