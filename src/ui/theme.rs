//! Every style and glyph the table uses, in one value: colour or
//! monochrome (`NO_COLOR`), suit symbols or letters (`--ascii`).

use ratatui::style::{Color, Modifier, Style};

use crate::engine::{Card, Rank, Suit};

/// Borders drawn with ASCII characters only.
const ASCII_BORDER: ratatui::symbols::border::Set<'static> = ratatui::symbols::border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// Whether a terminal shows the 256-colour palette: `COLORTERM` set, or
/// a `TERM` that says `256color` or `direct`, or one not known to have only
/// the 16 basic colours (the Linux console, plain `xterm`, `screen`,
/// `tmux`, `vt100`, ...).
pub fn has_256_colours(term: Option<&str>, colorterm: Option<&str>) -> bool {
    const SIXTEEN: [&str; 12] = [
        "linux",
        "xterm",
        "xterm-color",
        "xterm-16color",
        "screen",
        "tmux",
        "vt100",
        "vt220",
        "ansi",
        "rxvt",
        "cygwin",
        "putty",
    ];
    const SIXTEEN_FAMILIES: [&str; 4] = ["screen", "tmux", "rxvt", "vt"];
    if colorterm.is_some_and(|value| !value.is_empty()) {
        return true;
    }
    let term = term.unwrap_or("");
    if term.contains("256color") || term.contains("direct") {
        return true;
    }
    let family = term.split(['-', '.']).next().unwrap_or("");
    !term.is_empty() && !SIXTEEN.contains(&term) && !SIXTEEN_FAMILIES.contains(&family)
}

/// How the table looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Colours on (off under `NO_COLOR`).
    pub color: bool,
    /// Letters S H D C instead of suit symbols, `#` for card backs.
    pub ascii: bool,
    /// The terminal shows the 256-colour palette; otherwise only the 16
    /// basic colours are used.
    pub palette256: bool,
}

impl Theme {
    /// The theme for this environment: colour unless `NO_COLOR` is set to
    /// anything non-empty (no-color.org), from the 256-colour palette
    /// where `TERM` and `COLORTERM` say the terminal has it.
    pub fn from_environment(ascii: bool) -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        let term = std::env::var("TERM").ok();
        let colorterm = std::env::var("COLORTERM").ok();
        Theme { color: !no_color, ascii, palette256: has_256_colours(term.as_deref(), colorterm.as_deref()) }
    }

    /// The colour style, or the monochrome one under `NO_COLOR`.
    fn pick(self, color: Style, mono: Style) -> Style {
        if self.color { color } else { mono }
    }

    /// A suit as drawn: `♠` or `S`.
    pub fn suit(self, suit: Suit) -> char {
        if self.ascii { suit.letter() } else { suit.symbol() }
    }

    /// A rank as drawn on a card: `10` rather than the notation's `T`.
    pub fn rank(rank: Rank) -> &'static str {
        const NAMES: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
        NAMES[rank.index()]
    }

    /// A card's two marks as drawn: its rank and its suit symbol (a joker:
    /// `JK` and `★`, or `*`).
    pub fn face(self, card: Card) -> (&'static str, char) {
        if card.is_joker() {
            ("JK", if self.ascii { '*' } else { '★' })
        } else {
            (Theme::rank(card.rank()), self.suit(card.suit()))
        }
    }

    /// A card as text: `10♥`, `Q♠`, `JK★` (or `10H`, `QS`, `JK*`).
    pub fn card(self, card: Card) -> String {
        let (rank, suit) = self.face(card);
        format!("{rank}{suit}")
    }

    /// What separates the parts of a line: ` · ` (or ` | `).
    pub fn separator(self) -> &'static str {
        if self.ascii { " | " } else { " · " }
    }

    /// An ellipsis: `…` (or `...`).
    pub fn ellipsis(self) -> &'static str {
        if self.ascii { "..." } else { "…" }
    }

    /// The mark of a moon shot on the score sheet: `☾` (or `*`).
    pub fn moon(self) -> &'static str {
        if self.ascii { "*" } else { "☾" }
    }

    /// The clock's icon: `⏱` (or `time`).
    pub fn clock(self) -> &'static str {
        if self.ascii { "time" } else { "⏱" }
    }

    /// Window borders: rounded (or `+-|`).
    pub fn border(self) -> ratatui::symbols::border::Set<'static> {
        if self.ascii { ASCII_BORDER } else { ratatui::symbols::border::ROUNDED }
    }

    /// Card outlines: light lines (or `+-|`).
    pub fn card_border(self) -> ratatui::symbols::border::Set<'static> {
        if self.ascii { ASCII_BORDER } else { ratatui::symbols::border::PLAIN }
    }

    /// Cards as text, separated by spaces.
    pub fn cards(self, cards: impl IntoIterator<Item = Card>) -> String {
        cards.into_iter().map(|card| self.card(card)).collect::<Vec<_>>().join(" ")
    }

    /// The face of a card: red suits red, black suits black, on white.
    pub fn card_face(self, card: Card) -> Style {
        if !self.color {
            return Style::default();
        }
        let ink = match card.suit() {
            _ if card.is_joker() => Color::Magenta,
            Suit::Hearts | Suit::Diamonds => Color::Red,
            Suit::Clubs | Suit::Spades => Color::Black,
        };
        Style::default().fg(ink).bg(Color::White)
    }

    /// Suit text outside a card (trick labels, panels, summaries).
    pub fn suit_ink(self, suit: Suit) -> Style {
        match (self.color, suit) {
            (true, Suit::Hearts | Suit::Diamonds) => Style::default().fg(Color::LightRed),
            _ => Style::default(),
        }
    }

    /// A card that may not be played now.
    pub fn dimmed(self) -> Style {
        self.pick(
            Style::default().fg(Color::DarkGray).bg(Color::Gray).add_modifier(Modifier::DIM),
            Style::default().add_modifier(Modifier::DIM),
        )
    }

    /// The face of a card you may not play now: greyed, but a red suit
    /// still reads as red.
    pub fn dimmed_face(self, card: Card) -> Style {
        let ink = if matches!(card.suit(), Suit::Hearts | Suit::Diamonds) { Color::Red } else { Color::DarkGray };
        self.pick(Style::default().fg(ink).bg(Color::Gray).add_modifier(Modifier::DIM), self.dimmed())
    }

    /// The card under the cursor: its frame.
    pub fn cursor(self) -> Style {
        self.pick(
            Style::default().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD),
        )
    }

    /// The frame of a card not under the cursor.
    pub fn frame(self) -> Style {
        self.pick(Style::default().fg(Color::Gray), Style::default())
    }

    /// A marked card (chosen to pass, hinted, queued): its frame.
    pub fn marked(self) -> Style {
        self.pick(
            Style::default().fg(Color::LightCyan).add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::BOLD),
        )
    }

    /// The table's felt: dark green from the 256-colour palette (which
    /// more terminals show than true colour), or the basic green.
    pub fn table(self) -> Style {
        let felt = if self.palette256 { Color::Indexed(22) } else { Color::Green };
        self.pick(Style::default().bg(felt).fg(Color::White), Style::default())
    }

    /// Titles, names and the status line.
    pub fn strong(self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }

    /// Quiet text: key hints, labels.
    pub fn quiet(self) -> Style {
        self.pick(Style::default().fg(Color::Gray), Style::default())
    }

    /// A refusal or warning in the status line.
    pub fn warning(self) -> Style {
        self.pick(
            Style::default().fg(Color::LightRed).add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        )
    }

    /// Whose turn it is: that player's name.
    pub fn active(self) -> Style {
        self.pick(
            Style::default().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::REVERSED),
        )
    }

    /// A button such as PASS.
    pub fn button(self, selected: bool) -> Style {
        match (self.color, selected) {
            (true, true) => Style::default().fg(Color::Black).bg(Color::Yellow).add_modifier(Modifier::BOLD),
            (true, false) => Style::default().fg(Color::Black).bg(Color::Gray),
            (false, true) => Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            (false, false) => Style::default().add_modifier(Modifier::BOLD),
        }
    }

    /// A face-down card back, as drawn beside a player's card count.
    pub fn card_back(self) -> &'static str {
        if self.ascii { "##" } else { "▒▒" }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminals_with_only_16_colours_get_the_basic_palette() {
        for term in ["linux", "xterm", "screen", "screen.xterm-new", "tmux", "vt100", "ansi", "xterm-color"] {
            assert!(!has_256_colours(Some(term), None), "{term}");
        }
        assert!(!has_256_colours(None, None), "no TERM at all");
        for term in ["xterm-256color", "screen-256color", "tmux-256color", "xterm-direct", "alacritty", "xterm-kitty"] {
            assert!(has_256_colours(Some(term), None), "{term}");
        }
        assert!(has_256_colours(Some("xterm"), Some("truecolor")), "COLORTERM says more");
    }

    #[test]
    fn the_basic_palette_keeps_a_green_felt_and_red_and_black_suits() {
        let basic = Theme { color: true, ascii: false, palette256: false };
        assert_eq!(basic.table().bg, Some(Color::Green));
        let heart: Card = "AH".parse().unwrap();
        let spade: Card = "AS".parse().unwrap();
        assert_eq!(basic.card_face(heart).fg, Some(Color::Red));
        assert_eq!(basic.card_face(spade).fg, Some(Color::Black));
        let full = Theme { palette256: true, ..basic };
        assert_eq!(full.table().bg, Some(Color::Indexed(22)));
    }
}
