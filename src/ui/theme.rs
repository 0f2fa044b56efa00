//! Every style and glyph the table uses, in one value: colour or
//! monochrome (`NO_COLOR`), suit symbols or letters (`--ascii`), two
//! suit colours or four (`--four-colour`).

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
    /// The four-colour deck: diamonds blue and clubs green, besides red
    /// hearts and black spades (the suit's symbol or letter is drawn all
    /// the same).
    pub four_colour: bool,
}

impl Theme {
    /// The theme for this environment: colour unless `NO_COLOR` is set to
    /// anything non-empty (no-color.org), from the 256-colour palette
    /// where `TERM` and `COLORTERM` say the terminal has it.
    pub fn from_environment(ascii: bool) -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        let term = std::env::var("TERM").ok();
        let colorterm = std::env::var("COLORTERM").ok();
        let palette256 = has_256_colours(term.as_deref(), colorterm.as_deref());
        Theme { color: !no_color, ascii, palette256, four_colour: false }
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

    /// The colour a suit is printed in on a card's white face: red and
    /// black; with the four-colour deck, diamonds blue and clubs green,
    /// the plain ANSI colours (their light variants fade on white) or, from
    /// the 256-colour palette, ones of middle lightness that read on a
    /// light background and a dark one alike.
    fn ink(self, suit: Suit) -> Color {
        match suit {
            Suit::Diamonds if self.four_colour => {
                if self.palette256 {
                    Color::Indexed(32)
                } else {
                    Color::Blue
                }
            }
            Suit::Clubs if self.four_colour => {
                if self.palette256 {
                    Color::Indexed(28)
                } else {
                    Color::Green
                }
            }
            Suit::Hearts | Suit::Diamonds => Color::Red,
            Suit::Clubs | Suit::Spades => Color::Black,
        }
    }

    /// The face of a card: its suit's ink on white (red suits red, black
    /// suits black, or the four colours).
    pub fn card_face(self, card: Card) -> Style {
        if !self.color {
            return Style::default();
        }
        let ink = if card.is_joker() { Color::Magenta } else { self.ink(card.suit()) };
        Style::default().fg(ink).bg(Color::White)
    }

    /// Suit text outside a card (trick labels, panels, summaries): red
    /// suits light red, black ones as the text around them. With the
    /// four-colour deck, the suit's ink on white as on a card, since the
    /// green of clubs would vanish on the green felt.
    pub fn suit_ink(self, suit: Suit) -> Style {
        match (self.color, suit) {
            (true, _) if self.four_colour => Style::default().fg(self.ink(suit)).bg(Color::White),
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
    /// still reads as red (and a blue or green one as blue or green).
    pub fn dimmed_face(self, card: Card) -> Style {
        let ink = match self.ink(card.suit()) {
            Color::Black => Color::DarkGray,
            ink => ink,
        };
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
        let basic = Theme { color: true, ascii: false, palette256: false, four_colour: false };
        assert_eq!(basic.table().bg, Some(Color::Green));
        let heart: Card = "AH".parse().unwrap();
        let spade: Card = "AS".parse().unwrap();
        assert_eq!(basic.card_face(heart).fg, Some(Color::Red));
        assert_eq!(basic.card_face(spade).fg, Some(Color::Black));
        let full = Theme { palette256: true, ..basic };
        assert_eq!(full.table().bg, Some(Color::Indexed(22)));
    }

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    /// The ink of the ace of each suit, spades, hearts, diamonds, clubs.
    fn aces(ink: impl Fn(Card) -> Style) -> [Option<Color>; 4] {
        ["AS", "AH", "AD", "AC"].map(|ace| ink(card(ace)).fg)
    }

    /// The red, green and blue of a colour of the 256-colour palette's
    /// 6x6x6 cube (16 to 231).
    fn cube(index: u8) -> [f64; 3] {
        const LEVELS: [f64; 6] = [0.0, 95.0, 135.0, 175.0, 215.0, 255.0];
        let i = usize::from(index - 16);
        [LEVELS[i / 36], LEVELS[i / 6 % 6], LEVELS[i % 6]]
    }

    /// How much lighter `a` is than `b` (WCAG's contrast ratio).
    fn contrast(a: [f64; 3], b: [f64; 3]) -> f64 {
        let luminance = |rgb: [f64; 3]| {
            let linear = rgb.map(|c| {
                let c = c / 255.0;
                if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
            });
            0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        };
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn the_four_colour_deck_inks_diamonds_blue_and_clubs_green_in_both_palettes() {
        let basic = Theme { color: true, ascii: false, palette256: false, four_colour: true };
        let full = Theme { palette256: true, ..basic };
        let (black, red) = (Some(Color::Black), Some(Color::Red));
        assert_eq!(aces(|c| basic.card_face(c)), [black, red, Some(Color::Blue), Some(Color::Green)]);
        assert_eq!(aces(|c| full.card_face(c)), [black, red, Some(Color::Indexed(32)), Some(Color::Indexed(28))]);
        for theme in [basic, full] {
            assert!(aces(|c| theme.card_face(c)).iter().all(Option::is_some), "every suit inked");
            assert_eq!(theme.card_face(card("AD")).bg, Some(Color::White), "on the card's white face");
            // Outside a card the suit is inked on white as on a card.
            assert_eq!(aces(|c| theme.suit_ink(c.suit())), aces(|c| theme.card_face(c)));
            assert!(
                ["AS", "AH", "AD", "AC"].iter().all(|ace| theme.suit_ink(card(ace).suit()).bg == Some(Color::White))
            );
            // A card you may not play keeps its suit's colour, greyed.
            let dimmed = aces(|c| theme.dimmed_face(c));
            assert_eq!(
                dimmed,
                [Some(Color::DarkGray), red, aces(|c| theme.card_face(c))[2], aces(|c| theme.card_face(c))[3]]
            );
        }
    }

    #[test]
    fn the_four_colours_of_256_read_on_a_light_terminal_and_a_dark_one() {
        let full = Theme { color: true, ascii: false, palette256: true, four_colour: true };
        for ace in ["AD", "AC"] {
            let Some(Color::Indexed(index)) = full.card_face(card(ace)).fg else {
                panic!("{ace}: not from the palette")
            };
            let rgb = cube(index);
            let (on_white, on_black) = (contrast(rgb, [255.0; 3]), contrast(rgb, [0.0; 3]));
            assert!(
                on_white >= 3.0 && on_black >= 3.0,
                "{ace}: colour {index} {on_white:.1} on white, {on_black:.1} on black"
            );
        }
        // The 16-colour inks are the plain ones, not the light ones that fade on white.
        let basic = Theme { palette256: false, ..full };
        for ink in aces(|c| basic.card_face(c)).into_iter().flatten() {
            assert!(matches!(ink, Color::Black | Color::Red | Color::Blue | Color::Green), "{ink:?}");
        }
    }

    #[test]
    fn without_the_four_colour_deck_diamonds_are_red_and_clubs_black_as_before() {
        for palette256 in [false, true] {
            let two = Theme { color: true, ascii: false, palette256, four_colour: false };
            let (black, red) = (Some(Color::Black), Some(Color::Red));
            assert_eq!(aces(|c| two.card_face(c)), [black, red, red, black]);
            let light_red = Some(Color::LightRed);
            assert_eq!(
                aces(|c| two.suit_ink(c.suit())),
                [None, light_red, light_red, None],
                "clubs as the text around"
            );
            assert_eq!(aces(|c| two.dimmed_face(c)), [Some(Color::DarkGray), red, red, Some(Color::DarkGray)]);
        }
    }

    #[test]
    fn no_color_has_no_ink_for_any_suit_four_colours_or_not() {
        let mono = Theme { color: false, ascii: false, palette256: true, four_colour: true };
        assert_eq!(aces(|c| mono.card_face(c)), [None; 4]);
        assert_eq!(aces(|c| mono.suit_ink(c.suit())), [None; 4]);
        assert_eq!(["AS", "AH", "AD", "AC"].map(|ace| mono.card(card(ace))), ["A♠", "A♥", "A♦", "A♣"]);
        let letters = Theme { ascii: true, ..mono };
        assert_eq!(["AS", "AH", "AD", "AC"].map(|ace| letters.card(card(ace))), ["AS", "AH", "AD", "AC"]);
    }
}
