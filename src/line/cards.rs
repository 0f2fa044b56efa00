//! Cards as a speech engine reads them well: words in sentences ("the
//! queen of spades"), short forms grouped by suit in lists ("Clubs: 2, 9,
//! king."), or, for those who ask, the symbols a screen shows (`Q♠`).

use hearts_engine::{Card, CardBag, CardSet, Rank, Suit};
use hearts_table::notice::sentence;

/// How cards are written in the line mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardWords {
    /// Symbols (`Q♠`) instead of words.
    pub symbols: bool,
}

/// A rank in words: "two" .. "ace".
pub fn rank_word(rank: Rank) -> &'static str {
    const WORDS: [&str; 13] =
        ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"];
    WORDS[rank.index()]
}

/// A rank as a list shows it: numbers as digits, faces in words.
fn rank_short(rank: Rank) -> String {
    match rank {
        Rank::Jack | Rank::Queen | Rank::King | Rank::Ace => rank_word(rank).to_string(),
        _ => (rank.index() + 2).to_string(),
    }
}

/// A suit's name with a capital, for the start of a list.
fn suit_heading(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "Clubs",
        Suit::Diamonds => "Diamonds",
        Suit::Spades => "Spades",
        Suit::Hearts => "Hearts",
    }
}

impl CardWords {
    /// One card in a sentence: "the seven of clubs", "the joker" (`7♣`
    /// with symbols).
    pub fn card(self, card: Card) -> String {
        if self.symbols {
            return symbol(card);
        }
        match card.joker_number() {
            Some(n) => format!("joker {n}"),
            None => format!("the {} of {}", rank_word(card.rank()), card.suit().name()),
        }
    }

    /// One card in the fewest words: "7 clubs", "queen spades", "joker 1"
    /// (`7♣` with symbols).
    pub fn short(self, card: Card) -> String {
        match (self.symbols, card.joker_number()) {
            (true, _) => symbol(card),
            (false, Some(n)) => format!("joker {n}"),
            (false, None) => format!("{} {}", rank_short(card.rank()), card.suit().name()),
        }
    }

    /// A card's rank alone, as a list of one suit says it: "7", "queen"
    /// (`7♣` with symbols, as the suit is not said).
    pub fn rank(self, card: Card) -> String {
        match self.symbols {
            true => symbol(card),
            false => rank_short(card.rank()),
        }
    }

    /// Both copies of a card (two packs): "the two queens of spades"
    /// ("both Q♠" with symbols).
    pub fn pair(self, card: Card) -> String {
        const PLURALS: [&str; 13] = [
            "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens",
            "kings", "aces",
        ];
        match (self.symbols, card.joker_number()) {
            (true, _) => format!("both {}", symbol(card)),
            (false, Some(n)) => format!("both jokers {n}"),
            (false, None) => format!("the two {} of {}", PLURALS[card.rank().index()], card.suit().name()),
        }
    }

    /// Cards in a sentence: "the two of clubs, the queen of spades and the
    /// ace of hearts".
    pub fn cards(self, cards: impl IntoIterator<Item = Card>) -> String {
        let words: Vec<String> = cards.into_iter().map(|card| self.card(card)).collect();
        and_list(&words)
    }

    /// Cards grouped by suit, low to high: "Clubs: 2, 9, king. Hearts:
    /// ace." (`2♣ 9♣ K♣ A♥` with symbols); "none" when there are none.
    pub fn by_suit(self, cards: impl IntoIterator<Item = Card>) -> String {
        self.marked_by_suit(cards, CardBag::EMPTY)
    }

    /// [`CardWords::by_suit`] with the cards of `new` marked as new, as
    /// many copies of a card as `new` has: "Clubs: 2, new 9, king."
    /// (`2♣ new 9♣ K♣` with symbols).
    pub fn marked_by_suit(self, cards: impl IntoIterator<Item = Card>, new: CardBag) -> String {
        let mut cards: Vec<Card> = cards.into_iter().collect();
        if cards.is_empty() {
            return "none".to_string();
        }
        cards.sort_by_key(|&card| (!card.is_joker(), card.suit().index(), card.rank()));
        // The first copies of a card held twice are the new ones.
        let mut unmarked = new;
        let marked: Vec<(Card, bool)> = cards
            .iter()
            .map(|&card| {
                let is_new = unmarked.count(card) > 0;
                if is_new {
                    unmarked = unmarked.less(CardBag::from(CardSet::single(card)));
                }
                (card, is_new)
            })
            .collect();
        let mark = |is_new: bool, text: String| if is_new { format!("new {text}") } else { text };
        if self.symbols {
            return marked.iter().map(|&(card, is_new)| mark(is_new, symbol(card))).collect::<Vec<_>>().join(" ");
        }
        let mut parts = Vec::new();
        let jokers: Vec<String> =
            cards.iter().filter_map(|card| card.joker_number()).map(|n| format!("joker {n}")).collect();
        if !jokers.is_empty() {
            parts.push(format!("{}.", sentence(&jokers.join(", "))));
        }
        for suit in Suit::ALL {
            let ranks: Vec<String> = marked
                .iter()
                .filter(|(card, _)| !card.is_joker() && card.suit() == suit)
                .map(|&(card, is_new)| mark(is_new, rank_short(card.rank())))
                .collect();
            if !ranks.is_empty() {
                parts.push(format!("{}: {}.", suit_heading(suit), ranks.join(", ")));
            }
        }
        parts.join(" ")
    }
}

/// A card with its suit symbol: `7♣`, `10♥`, `JK1`.
fn symbol(card: Card) -> String {
    match card.joker_number() {
        Some(n) => format!("JK{n}"),
        None if card.rank() == Rank::Ten => format!("10{}", card.suit().symbol()),
        None => card.symbol_string(),
    }
}

/// Words joined as a sentence joins them: "a", "a and b", "a, b and c".
pub fn and_list(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace().map(|card| card.parse().expect("a card")).collect()
    }

    #[test]
    fn a_card_in_a_sentence_is_said_in_words() {
        let words = CardWords::default();
        assert_eq!(words.card("QS".parse().unwrap()), "the queen of spades");
        assert_eq!(words.card("7C".parse().unwrap()), "the seven of clubs");
        assert_eq!(words.card("10H".parse().unwrap()), "the ten of hearts");
        assert_eq!(words.cards(cards("2C QS AH")), "the two of clubs, the queen of spades and the ace of hearts");
    }

    #[test]
    fn a_list_groups_the_cards_by_suit_low_to_high() {
        let words = CardWords::default();
        assert_eq!(words.by_suit(cards("KC 2C 9C 4D AH")), "Clubs: 2, 9, king. Diamonds: 4. Hearts: ace.");
        assert_eq!(words.by_suit(Vec::new()), "none");
    }

    #[test]
    fn new_cards_are_marked_as_many_copies_as_came() {
        let words = CardWords::default();
        // Two packs: a king of diamonds held, another received.
        let new: CardBag = "QD KD".parse().unwrap();
        assert_eq!(words.marked_by_suit(cards("9D QD KD KD"), new), "Diamonds: 9, new queen, new king, king.");
        let both: CardBag = "KD KD".parse().unwrap();
        assert_eq!(words.marked_by_suit(cards("KD KD"), both), "Diamonds: new king, new king.");
    }

    #[test]
    fn a_joker_is_named_by_its_number_as_it_is_typed() {
        let words = CardWords::default();
        assert_eq!(words.card(Card::joker(1)), "joker 2");
        assert_eq!(words.by_suit([Card::joker(0), "2C".parse().unwrap()]), "Joker 1. Clubs: 2.");
    }

    #[test]
    fn symbols_are_there_for_those_who_ask() {
        let words = CardWords { symbols: true };
        assert_eq!(words.card("QS".parse().unwrap()), "Q♠");
        assert_eq!(words.by_suit(cards("KC 2C TH")), "2♣ K♣ 10♥");
    }
}
