//! Every style and glyph the table uses, in one value: colour or
//! monochrome (`NO_COLOR`), suit symbols or letters (`--ascii`), two
//! suit colours or four (`--four-colour`).

use ratatui::style::{Color, Modifier, Style};

use hearts_engine::{Card, Rank, Suit};

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

/// Dotted borders in ASCII: a card that may not be played, without colour.
const DOTTED_BORDER: ratatui::symbols::border::Set<'static> = ratatui::symbols::border::Set {
    top_left: ".",
    top_right: ".",
    bottom_left: ".",
    bottom_right: ".",
    vertical_left: ":",
    vertical_right: ":",
    horizontal_top: ".",
    horizontal_bottom: ".",
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

    /// The outline of a card you may not play now: in colour as any card's
    /// (its face is greyed); without colour dashed (or dotted, `.:`), so it
    /// is told by more than faint text, which some terminals do not draw.
    pub fn unplayable_border(self) -> ratatui::symbols::border::Set<'static> {
        match (self.color, self.ascii) {
            (true, _) => self.card_border(),
            (false, true) => DOTTED_BORDER,
            (false, false) => ratatui::symbols::border::LIGHT_TRIPLE_DASHED,
        }
    }

    /// Cards as text, separated by spaces.
    pub fn cards(self, cards: impl IntoIterator<Item = Card>) -> String {
        cards.into_iter().map(|card| self.card(card)).collect::<Vec<_>>().join(" ")
    }

    /// The colour a suit is printed in on a card's white face: red and
    /// black; with the four-colour deck, diamonds blue and clubs green,
    /// from the 256-colour palette ones that read at 4.5:1 on white and
    /// at 3:1 on a dark terminal. In 16 colours diamonds are the plain
    /// blue, and clubs stay black: no green of the 16 reads on white.
    fn ink(self, suit: Suit) -> Color {
        match suit {
            Suit::Diamonds if self.four_colour => {
                if self.palette256 {
                    Color::Indexed(25)
                } else {
                    Color::Blue
                }
            }
            Suit::Clubs if self.four_colour && self.palette256 => Color::Indexed(28),
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
    /// suits a light red that reads on the felt (from the 256-colour
    /// palette; the 16 colours have no red that does, so there the suit's
    /// symbol or letter tells it), black ones as the text around them.
    /// With the four-colour deck, the suit's ink on white as on a card,
    /// since the green of clubs would vanish on the green felt.
    pub fn suit_ink(self, suit: Suit) -> Style {
        match (self.color, suit) {
            (true, _) if self.four_colour => Style::default().fg(self.ink(suit)).bg(Color::White),
            (true, Suit::Hearts | Suit::Diamonds) if self.palette256 => Style::default().fg(Color::Indexed(217)),
            _ => Style::default(),
        }
    }

    /// The face of a card you may not play now: a grey card whose ink is
    /// darkened to read on it (a red suit still red, a blue or green one
    /// still blue or green); its dashed outline tells it too. Under
    /// `NO_COLOR`, faint.
    pub fn dimmed_face(self, card: Card) -> Style {
        if !self.color {
            return Style::default().add_modifier(Modifier::DIM);
        }
        if !self.palette256 {
            let ink = if card.is_joker() { Color::Magenta } else { self.ink(card.suit()) };
            return Style::default().fg(ink).bg(Color::Gray);
        }
        let ink = match (card.is_joker(), self.ink(card.suit())) {
            (true, _) => Color::Indexed(90),
            (false, Color::Red) => Color::Indexed(88),
            (false, Color::Indexed(25)) => Color::Indexed(18),
            (false, Color::Indexed(28)) => Color::Indexed(22),
            (false, _) => Color::Indexed(238),
        };
        Style::default().fg(ink).bg(Color::Indexed(251))
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

    /// A marked card (chosen to pass, hinted, queued): its frame, and the
    /// mark written on it ("new").
    pub fn marked(self) -> Style {
        let ink = if self.palette256 { Color::Indexed(159) } else { Color::LightCyan };
        self.pick(Style::default().fg(ink).add_modifier(Modifier::BOLD), Style::default().add_modifier(Modifier::BOLD))
    }

    /// The table's felt: dark green with white text from the 256-colour
    /// palette (which more terminals show than true colour). The 16 basic
    /// colours have no green that text reads on in every terminal's own
    /// palette (GNOME's green takes 3.6:1 at best), so there the table is
    /// black.
    pub fn table(self) -> Style {
        match self.palette256 {
            true => self.pick(Style::default().bg(Color::Indexed(22)).fg(Color::Indexed(231)), Style::default()),
            false => self.pick(Style::default().bg(Color::Black).fg(Color::White), Style::default()),
        }
    }

    /// Titles, names and the status line.
    pub fn strong(self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }

    /// Quiet text: key hints, labels (a light grey).
    pub fn quiet(self) -> Style {
        let ink = if self.palette256 { Color::Indexed(252) } else { Color::Gray };
        self.pick(Style::default().fg(ink), Style::default())
    }

    /// A refusal or warning in the status line: amber or yellow, never red
    /// on green (the worst pair for red-green colour blindness).
    pub fn warning(self) -> Style {
        let ink = if self.palette256 { Color::Indexed(222) } else { Color::LightYellow };
        self.pick(Style::default().fg(ink).add_modifier(Modifier::BOLD), self.mono_warning())
    }

    /// A warning without colour: bold and underlined.
    fn mono_warning(self) -> Style {
        Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    }

    /// Whose turn it is: that player's name (yellow; in 16 colours light
    /// cyan, as the VGA palette's yellow is a brown).
    pub fn active(self) -> Style {
        let ink = if self.palette256 { Color::Indexed(226) } else { Color::LightCyan };
        self.pick(
            Style::default().fg(ink).add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::REVERSED),
        )
    }

    /// A button such as PASS.
    pub fn button(self, selected: bool) -> Style {
        let bold = Modifier::BOLD;
        match (self.color, selected, self.palette256) {
            (true, true, true) => Style::default().fg(Color::Indexed(16)).bg(Color::Indexed(226)).add_modifier(bold),
            (true, false, true) => Style::default().fg(Color::Indexed(16)).bg(Color::Indexed(250)),
            (true, true, false) => Style::default().fg(Color::Black).bg(Color::LightYellow).add_modifier(bold),
            (true, false, false) => Style::default().fg(Color::Black).bg(Color::Gray),
            (false, true, _) => Style::default().add_modifier(Modifier::REVERSED | bold),
            (false, false, _) => Style::default().add_modifier(bold),
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
    fn the_basic_palette_lays_a_black_table_with_red_and_black_suits() {
        let basic = Theme { color: true, ascii: false, palette256: false, four_colour: false };
        assert_eq!(basic.table().bg, Some(Color::Black));
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

    /// The 16 basic colours as three common terminals show them: xterm's,
    /// the VGA console's and GNOME's Tango; a style is checked against
    /// each, since a terminal chooses its own.
    const SIXTEEN: [[[f64; 3]; 16]; 3] = [
        [
            [0.0, 0.0, 0.0],
            [205.0, 0.0, 0.0],
            [0.0, 205.0, 0.0],
            [205.0, 205.0, 0.0],
            [0.0, 0.0, 238.0],
            [205.0, 0.0, 205.0],
            [0.0, 205.0, 205.0],
            [229.0, 229.0, 229.0],
            [127.0, 127.0, 127.0],
            [255.0, 0.0, 0.0],
            [0.0, 255.0, 0.0],
            [255.0, 255.0, 0.0],
            [92.0, 92.0, 255.0],
            [255.0, 0.0, 255.0],
            [0.0, 255.0, 255.0],
            [255.0, 255.0, 255.0],
        ],
        [
            [0.0, 0.0, 0.0],
            [170.0, 0.0, 0.0],
            [0.0, 170.0, 0.0],
            [170.0, 85.0, 0.0],
            [0.0, 0.0, 170.0],
            [170.0, 0.0, 170.0],
            [0.0, 170.0, 170.0],
            [170.0, 170.0, 170.0],
            [85.0, 85.0, 85.0],
            [255.0, 85.0, 85.0],
            [85.0, 255.0, 85.0],
            [255.0, 255.0, 85.0],
            [85.0, 85.0, 255.0],
            [255.0, 85.0, 255.0],
            [85.0, 255.0, 255.0],
            [255.0, 255.0, 255.0],
        ],
        [
            [46.0, 52.0, 54.0],
            [204.0, 0.0, 0.0],
            [78.0, 154.0, 6.0],
            [196.0, 160.0, 0.0],
            [52.0, 101.0, 164.0],
            [117.0, 80.0, 123.0],
            [6.0, 152.0, 154.0],
            [211.0, 215.0, 207.0],
            [85.0, 87.0, 83.0],
            [239.0, 41.0, 41.0],
            [138.0, 226.0, 52.0],
            [252.0, 233.0, 79.0],
            [114.0, 159.0, 207.0],
            [173.0, 127.0, 168.0],
            [52.0, 226.0, 226.0],
            [238.0, 238.0, 236.0],
        ],
    ];

    /// A colour's red, green and blue: the 16 basic ones as `basic` shows
    /// them, the 256-colour palette's cube and greys as it defines them.
    fn rgb(color: Color, basic: &[[f64; 3]; 16]) -> [f64; 3] {
        let named = [
            Color::Black,
            Color::Red,
            Color::Green,
            Color::Yellow,
            Color::Blue,
            Color::Magenta,
            Color::Cyan,
            Color::Gray,
            Color::DarkGray,
            Color::LightRed,
            Color::LightGreen,
            Color::LightYellow,
            Color::LightBlue,
            Color::LightMagenta,
            Color::LightCyan,
            Color::White,
        ];
        match color {
            Color::Indexed(index @ 0..=15) => basic[usize::from(index)],
            Color::Indexed(index @ 16..=231) => cube(index),
            Color::Indexed(index) => [f64::from(8 + 10 * (index - 232)); 3],
            named_colour => basic[named.iter().position(|&c| c == named_colour).expect("a colour the theme uses")],
        }
    }

    #[test]
    fn every_text_on_the_felt_reads_at_four_and_a_half_to_one_in_16_and_256_colours() {
        // Cards you may not play are held to this at 256 colours in a test of their own.
        for (palette256, four_colour) in [(false, false), (false, true), (true, false), (true, true)] {
            let theme = Theme { color: true, ascii: false, palette256, four_colour };
            let felt = theme.table();
            let mut texts = vec![
                ("the felt's text", felt),
                ("strong", theme.strong()),
                ("quiet", theme.quiet()),
                ("a warning", theme.warning()),
                ("whose turn", theme.active()),
                ("a mark on a card", theme.marked()),
                ("a button", theme.button(false)),
                ("the button chosen", theme.button(true)),
            ];
            texts.extend(Suit::ALL.map(|suit| ("a suit's ink", theme.suit_ink(suit))));
            let palettes: &[[[f64; 3]; 16]] = if palette256 { &SIXTEEN[..1] } else { &SIXTEEN };
            for basic in palettes {
                for (what, style) in &texts {
                    let fg = style.fg.or(felt.fg).expect("the felt has a text colour");
                    let bg = style.bg.or(felt.bg).expect("the felt has a colour");
                    let ratio = contrast(rgb(fg, basic), rgb(bg, basic));
                    assert!(
                        ratio >= 4.5,
                        "{what} ({fg:?} on {bg:?}) is {ratio:.2}:1 (256 colours: {palette256}, four colours: {four_colour})"
                    );
                }
            }
        }
    }

    /// Which of red, green and blue a colour leans to (none for a grey).
    fn hue(color: Color) -> [bool; 3] {
        let rgb = rgb(color, &SIXTEEN[0]);
        let (high, low) = (rgb.iter().copied().fold(0.0, f64::max), rgb.iter().copied().fold(255.0, f64::min));
        rgb.map(|channel| high - low > 40.0 && channel == high)
    }

    #[test]
    fn a_card_you_may_not_play_reads_at_four_and_a_half_to_one_in_256_colours_in_its_suits_colour() {
        let cards = [
            "AS".parse::<Card>().unwrap(),
            "AH".parse().unwrap(),
            "AD".parse().unwrap(),
            "AC".parse().unwrap(),
            Card::joker(0),
        ];
        for four_colour in [false, true] {
            let theme = Theme { color: true, ascii: false, palette256: true, four_colour };
            for card in cards {
                let (face, dimmed) = (theme.card_face(card), theme.dimmed_face(card));
                let (fg, bg) = (dimmed.fg.unwrap(), dimmed.bg.unwrap());
                let ratio = contrast(rgb(fg, &SIXTEEN[0]), rgb(bg, &SIXTEEN[0]));
                assert!(ratio >= 4.5, "{card} dimmed ({fg:?} on {bg:?}) is {ratio:.2}:1");
                assert_ne!(bg, face.bg.unwrap(), "{card}: told from a card you may play by its grey");
                assert!(!dimmed.add_modifier.contains(Modifier::DIM), "faint text some terminals draw as they like");
                assert_eq!(hue(fg), hue(face.fg.unwrap()), "{card} keeps its suit's colour");
            }
        }
    }

    #[test]
    fn a_warning_is_never_red_on_green() {
        for palette256 in [false, true] {
            let theme = Theme { color: true, ascii: false, palette256, four_colour: false };
            let red = [Color::Red, Color::LightRed, Color::Indexed(196), Color::Indexed(9), Color::Indexed(1)];
            assert!(!red.contains(&theme.warning().fg.unwrap()), "{:?}", theme.warning());
        }
    }

    #[test]
    fn the_four_colour_deck_inks_diamonds_blue_and_clubs_green_where_a_green_reads_on_white() {
        let basic = Theme { color: true, ascii: false, palette256: false, four_colour: true };
        let full = Theme { palette256: true, ..basic };
        let (black, red) = (Some(Color::Black), Some(Color::Red));
        // No green of the 16 reads on white (2.2:1 in xterm's, 3.1:1 in the VGA's): clubs stay black there.
        assert_eq!(aces(|c| basic.card_face(c)), [black, red, Some(Color::Blue), black]);
        assert_eq!(aces(|c| full.card_face(c)), [black, red, Some(Color::Indexed(25)), Some(Color::Indexed(28))]);
        for theme in [basic, full] {
            assert!(aces(|c| theme.card_face(c)).iter().all(Option::is_some), "every suit inked");
            assert_eq!(theme.card_face(card("AD")).bg, Some(Color::White), "on the card's white face");
            // Outside a card the suit is inked on white as on a card.
            assert_eq!(aces(|c| theme.suit_ink(c.suit())), aces(|c| theme.card_face(c)));
            assert!(
                ["AS", "AH", "AD", "AC"].iter().all(|ace| theme.suit_ink(card(ace).suit()).bg == Some(Color::White))
            );
            // A card you may not play keeps its suit's colour.
            assert_eq!(
                aces(|c| theme.dimmed_face(c)).map(|ink| hue(ink.unwrap())),
                aces(|c| theme.card_face(c)).map(|ink| hue(ink.unwrap()))
            );
        }
    }

    #[test]
    fn the_four_colours_of_256_read_on_a_card_and_on_a_dark_terminal() {
        let full = Theme { color: true, ascii: false, palette256: true, four_colour: true };
        for ace in ["AD", "AC"] {
            let Some(Color::Indexed(index)) = full.card_face(card(ace)).fg else {
                panic!("{ace}: not from the palette")
            };
            let rgb = cube(index);
            let (on_white, on_black) = (contrast(rgb, [255.0; 3]), contrast(rgb, [0.0; 3]));
            assert!(
                on_white >= 4.5 && on_black >= 3.0,
                "{ace}: colour {index} {on_white:.1} on white, {on_black:.1} on black"
            );
        }
        // The 16-colour inks are the plain ones, not the light ones that fade on white.
        let basic = Theme { palette256: false, ..full };
        for ink in aces(|c| basic.card_face(c)).into_iter().flatten() {
            assert!(matches!(ink, Color::Black | Color::Red | Color::Blue), "{ink:?}");
        }
    }

    #[test]
    fn without_the_four_colour_deck_diamonds_are_red_and_clubs_black_as_before() {
        for palette256 in [false, true] {
            let two = Theme { color: true, ascii: false, palette256, four_colour: false };
            let (black, red) = (Some(Color::Black), Some(Color::Red));
            assert_eq!(aces(|c| two.card_face(c)), [black, red, red, black]);
            let light_red = if palette256 { Some(Color::Indexed(217)) } else { None };
            assert_eq!(
                aces(|c| two.suit_ink(c.suit())),
                [None, light_red, light_red, None],
                "clubs as the text around"
            );
            let [grey, red_hue] = [hue(Color::Black), hue(Color::Red)];
            assert_eq!(aces(|c| two.dimmed_face(c)).map(|ink| hue(ink.unwrap())), [grey, red_hue, red_hue, grey]);
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

/// One way the cards may look: a line of the look window (`v`), and a
/// command that turns it on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// S H D C for the suits.
    Letters,
    /// Diamonds blue and clubs green.
    FourColour,
}

impl Choice {
    /// The window's lines, top to bottom.
    pub const ALL: [Choice; 2] = [Choice::Letters, Choice::FourColour];

    /// The line's label.
    pub fn label(self) -> &'static str {
        match self {
            Choice::Letters => "Suits as letters",
            Choice::FourColour => "Four-colour deck",
        }
    }

    /// Whether `theme` draws the cards this way.
    pub fn chosen(self, theme: Theme) -> bool {
        match self {
            Choice::Letters => theme.ascii,
            Choice::FourColour => theme.four_colour,
        }
    }

    /// `theme` the other way on this choice.
    pub fn toggled(self, theme: Theme) -> Theme {
        match self {
            Choice::Letters => Theme { ascii: !theme.ascii, ..theme },
            Choice::FourColour => Theme { four_colour: !theme.four_colour, ..theme },
        }
    }
}
