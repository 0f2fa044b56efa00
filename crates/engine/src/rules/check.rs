//! The checks that a combination of options makes a game, and the
//! refusals that name the option keys at fault.

use super::*;
use crate::seat::{MAX_PLAYERS, MIN_PLAYERS};

/// A combination of options that does not make a game. Each names the
/// option keys at fault so the caller can point at them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// `players` outside 3..=7 (2..=7 with Domino, 6..=11 with
    /// Cancellation).
    #[error(
        "players must be from {MIN_PLAYERS_BUT_DOMINO} to {MAX_ONE_PACK_PLAYERS} ({MIN_PLAYERS} to \
         {MAX_ONE_PACK_PLAYERS} with domino = true, {MIN_TWO_PACK_PLAYERS} to {MAX_PLAYERS} with \
         cancellation = true), not {0}"
    )]
    Players(u8),
    /// The deck left after removing cards does not divide among the players.
    #[error(
        "{deck} cards (52 less removed-cards {removed}) do not divide among {players} players; \
         remove {remainder} more, or set kitty = true"
    )]
    DeckDoesNotDivide {
        /// Players at the table.
        players: u8,
        /// Cards in the deck after removal.
        deck: usize,
        /// The removed cards.
        removed: String,
        /// How many more cards would have to go.
        remainder: usize,
    },
    /// A kitty deals the full deck (Heartsette: its own table), so a
    /// removed-card list contradicts it.
    #[error("a kitty deals the whole deck (Heartsette: its own table), so removed-cards must not be set")]
    KittyWithRemovedCards,
    /// `pass-count` leaves too few cards.
    #[error("pass-count must be less than the {hand_size} cards each player holds, not {pass_count}")]
    PassCount {
        /// The pass count asked for.
        pass_count: u8,
        /// Cards dealt to each player.
        hand_size: usize,
    },
    /// A pass direction that has no seat at this table.
    #[error("pass-cycle: \"{direction}\" names no other seat at a table of {players}")]
    PassDirection {
        /// The direction.
        direction: PassDirection,
        /// Players at the table.
        players: u8,
    },
    /// The bonus card must be worth nothing in the points table.
    #[error("bonus-card {0} is a penalty card under these points; choose a card worth 0 (e.g. JD or TD)")]
    BonusCardIsPenalty(Card),
    /// The bonus card was removed from the deck.
    #[error("bonus-card {0} is among the removed cards")]
    BonusCardRemoved(Card),
    /// moon-needs-bonus-card without a bonus card.
    #[error("moon-needs-bonus-card = true needs omnibus = true (there is no bonus card otherwise)")]
    MoonNeedsBonusWithoutOmnibus,
    /// A lowest-club lead with no club left in the deck.
    #[error("first-lead = \"{0}\" needs at least one club in the deck")]
    NoClubs(FirstLead),
    /// The deck holds no penalty card.
    #[error("the deck holds no penalty card under points = \"{0}\"")]
    NoPenaltyCards(PointsTable),
    /// A target score that ends the game before it starts.
    #[error("target-score must be at least 1, not {0}")]
    TargetScore(i32),
    /// Jokers with a kitty: the kitty deals the whole deck already.
    #[error("jokers = {0} cannot be played with a kitty: the kitty deals the whole deck; drop one of them")]
    JokersWithKitty(usize),
    /// Teams at a table without seats opposite.
    #[error("teams = \"{teams}\" needs partners opposite: 4 or 6 players, not {players}")]
    TeamsNeedPartners {
        /// The teams option.
        teams: Teams,
        /// Players at the table.
        players: u8,
    },
    /// Teams with chips: chips are paid seat by seat.
    #[error("teams = \"{0}\" cannot be played with chips: chips are paid seat by seat; drop one of them")]
    TeamsWithChips(Teams),
    /// A team score with a declaration made by one player.
    #[error(
        "teams = \"combined\" cannot be played with declaration = \"generale\": the Generale is one player's promise; use teams = \"individual\""
    )]
    CombinedTeamsWithGenerale,
    /// The auction outside its table or its scoring.
    #[error("auction = true needs {needs}")]
    Auction {
        /// What the auction needs that these rules lack.
        needs: &'static str,
        /// The option keys at fault.
        keys: &'static [&'static str],
    },
    /// Domino with an option it does not play with.
    #[error("domino = true needs {needs}")]
    Domino {
        /// What Domino needs that these rules lack.
        needs: &'static str,
        /// The option keys at fault.
        keys: &'static [&'static str],
    },
    /// Cancellation with an option it does not play with.
    #[error("cancellation = true needs {needs}")]
    Cancellation {
        /// What Cancellation needs that these rules lack.
        needs: &'static str,
        /// The option keys at fault.
        keys: &'static [&'static str],
    },
    /// A moon value where there is no moon.
    #[error("moon-value = {0} has no effect with moon = \"off\"; remove it, or choose a moon rule")]
    MoonValueWithoutMoon(i32),
    /// A no-tricks bonus under chips: chips are paid by penalty points.
    #[error(
        "no-tricks-bonus = {bonus} cannot be played with scoring = \"{scoring}\": chips are paid by penalty \
         points, and a points bonus has no meaning there; set no-tricks-bonus = 0"
    )]
    NoTricksBonusWithChips {
        /// The bonus asked for.
        bonus: i32,
        /// Chips or sweepstakes.
        scoring: Scoring,
    },
    /// A moon under chips that is not the chips payment to the shooter.
    #[error(
        "scoring = \"{scoring}\" needs moon = \"add-to-others\" or \"off\", not \"{moon}\": chips pay a moon \
         to its shooter one way only (--moon add-to-others)"
    )]
    MoonWithChips {
        /// The moon rule asked for.
        moon: MoonRule,
        /// Chips or sweepstakes.
        scoring: Scoring,
    },
    /// The Generale under chips: it is a points-scoring device.
    #[error(
        "declaration = \"generale\" cannot be played with scoring = \"{0}\": the Generale scores points, not \
         chips; set declaration = \"none\""
    )]
    GeneraleWithChips(Scoring),
}

impl RulesError {
    /// The option keys this error is about, most relevant first.
    pub fn keys(&self) -> &'static [&'static str] {
        match self {
            RulesError::Players(_) => &["players"],
            RulesError::DeckDoesNotDivide { .. } => &["removed-cards", "players"],
            RulesError::KittyWithRemovedCards => &["kitty", "removed-cards"],
            RulesError::PassCount { .. } => &["pass-count", "players"],
            RulesError::PassDirection { .. } => &["pass-cycle", "players"],
            RulesError::BonusCardIsPenalty(_) => &["bonus-card", "points"],
            RulesError::BonusCardRemoved(_) => &["bonus-card", "removed-cards"],
            RulesError::MoonNeedsBonusWithoutOmnibus => &["moon-needs-bonus-card", "omnibus"],
            RulesError::NoClubs(_) => &["removed-cards", "first-lead"],
            RulesError::NoPenaltyCards(_) => &["removed-cards", "points"],
            RulesError::TargetScore(_) => &["target-score"],
            RulesError::MoonValueWithoutMoon(_) => &["moon-value", "moon"],
            RulesError::JokersWithKitty(_) => &["jokers", "kitty"],
            RulesError::TeamsNeedPartners { .. } => &["teams", "players"],
            RulesError::TeamsWithChips(_) => &["teams", "scoring"],
            RulesError::CombinedTeamsWithGenerale => &["teams", "declaration"],
            RulesError::NoTricksBonusWithChips { .. } => &["no-tricks-bonus", "scoring"],
            RulesError::MoonWithChips { .. } => &["moon", "scoring"],
            RulesError::GeneraleWithChips(_) => &["declaration", "scoring"],
            RulesError::Auction { keys, .. }
            | RulesError::Domino { keys, .. }
            | RulesError::Cancellation { keys, .. } => keys,
        }
    }
}

impl Rules {
    /// Checks that the options make a game.
    pub fn validate(&self) -> Result<(), RulesError> {
        let players = self.player_count();
        let seats = match (self.domino, self.cancellation) {
            (_, true) => MIN_TWO_PACK_PLAYERS..=MAX_PLAYERS,
            (true, false) => MIN_PLAYERS..=MAX_ONE_PACK_PLAYERS,
            (false, false) => MIN_PLAYERS_BUT_DOMINO..=MAX_ONE_PACK_PLAYERS,
        };
        if !seats.contains(&players) {
            return Err(RulesError::Players(self.players));
        }
        if self.domino {
            self.validate_domino()?;
        }
        if self.cancellation {
            self.validate_cancellation()?;
        }
        if self.kitty != Kitty::Off && self.removed_cards.is_some() {
            return Err(RulesError::KittyWithRemovedCards);
        }
        if self.kitty != Kitty::Off && self.joker_count() > 0 {
            return Err(RulesError::JokersWithKitty(self.joker_count()));
        }
        let deck = self.deck_size();
        if self.kitty == Kitty::Off && !self.domino && !deck.is_multiple_of(players) {
            return Err(RulesError::DeckDoesNotDivide {
                players: self.players,
                deck,
                removed: if self.removed().is_empty() { "none".to_string() } else { self.removed().to_string() },
                remainder: deck % players,
            });
        }
        let hand_size = self.hand_size();
        if self.pass_count as usize >= hand_size {
            return Err(RulesError::PassCount { pass_count: self.pass_count, hand_size });
        }
        if let Some(direction) = self.pass_cycle().directions().iter().find(|d| !d.is_valid_for(players)) {
            return Err(RulesError::PassDirection { direction: *direction, players: self.players });
        }
        if self.omnibus {
            if self.points.value(self.bonus_card) > 0 {
                return Err(RulesError::BonusCardIsPenalty(self.bonus_card));
            }
            if !self.deck().contains(self.bonus_card) {
                return Err(RulesError::BonusCardRemoved(self.bonus_card));
            }
        } else if self.moon_needs_bonus_card {
            return Err(RulesError::MoonNeedsBonusWithoutOmnibus);
        }
        if self.first_lead != FirstLead::LeftOfDealer && (self.deck() & CardSet::CLUBS).is_empty() {
            return Err(RulesError::NoClubs(self.first_lead));
        }
        if self.penalty_cards().is_empty() {
            return Err(RulesError::NoPenaltyCards(self.points));
        }
        if self.target_score < 1 {
            return Err(RulesError::TargetScore(self.target_score));
        }
        if let (Some(value), MoonRule::Off) = (self.moon_value, self.moon) {
            return Err(RulesError::MoonValueWithoutMoon(value));
        }
        if self.plays_chips() {
            self.validate_chips()?;
        }
        if self.auction {
            let refusal = |needs, keys| Err(RulesError::Auction { needs, keys });
            if !(4..=6).contains(&self.players) {
                return refusal("4 to 6 players", &["auction", "players"]);
            }
            if !self.plays_chips() {
                return refusal(
                    "scoring = \"chips\" or \"sweepstakes\": bids are paid in chips",
                    &["auction", "scoring"],
                );
            }
            if self.points != PointsTable::Original {
                return refusal(
                    "points = \"original\": each card of the named suit is worth 1, and nothing else",
                    &["auction", "points"],
                );
            }
            if self.omnibus {
                return refusal("omnibus = false: the bonus card could be in the named suit", &["auction", "omnibus"]);
            }
            if self.declaration != Declaration::None {
                return refusal("declaration = \"none\"", &["auction", "declaration"]);
            }
        }
        if self.teams != Teams::Off {
            if !matches!(self.players, 4 | 6) {
                return Err(RulesError::TeamsNeedPartners { teams: self.teams, players: self.players });
            }
            if self.plays_chips() {
                return Err(RulesError::TeamsWithChips(self.teams));
            }
            if self.teams == Teams::Combined && self.declaration != Declaration::None {
                return Err(RulesError::CombinedTeamsWithGenerale);
            }
        }
        Ok(())
    }
}

impl Rules {
    /// The refusals of chips (and sweepstakes): chips are paid by penalty
    /// points, and a moon only by the chips payment to its shooter.
    fn validate_chips(&self) -> Result<(), RulesError> {
        let scoring = self.scoring;
        if self.no_tricks_bonus != 0 {
            return Err(RulesError::NoTricksBonusWithChips { bonus: self.no_tricks_bonus, scoring });
        }
        if !matches!(self.moon, MoonRule::AddToOthers | MoonRule::Off) {
            return Err(RulesError::MoonWithChips { moon: self.moon, scoring });
        }
        if self.declaration != Declaration::None {
            return Err(RulesError::GeneraleWithChips(scoring));
        }
        Ok(())
    }

    /// Cancellation's refusals: what two copies of a card leave no room for.
    fn validate_cancellation(&self) -> Result<(), RulesError> {
        let refusal = |needs, keys| Err(RulesError::Cancellation { needs, keys });
        if self.domino {
            return refusal("domino = false: one game at a time", &["cancellation", "domino"]);
        }
        if self.kitty != Kitty::Leftover {
            return refusal(
                "kitty = \"leftover\": the cards left over go to the first trick's winner",
                &["cancellation", "kitty"],
            );
        }
        if self.kitty_to != KittyTo::FirstTrick {
            return refusal("kitty-to = \"first-trick\"", &["cancellation", "kitty-to"]);
        }
        if self.joker_count() > 0 {
            return refusal("jokers = 0", &["cancellation", "jokers"]);
        }
        if self.points == PointsTable::Royal {
            return refusal(
                "a points table other than \"royal\": its queens act on the whole take, once",
                &["cancellation", "points"],
            );
        }
        if self.omnibus {
            return refusal("omnibus = false: there would be two bonus cards", &["cancellation", "omnibus"]);
        }
        if self.declaration != Declaration::None {
            return refusal("declaration = \"none\"", &["cancellation", "declaration"]);
        }
        if self.auction {
            return refusal("auction = false", &["cancellation", "auction"]);
        }
        if self.teams != Teams::Off {
            return refusal("teams = \"off\": partners sit at 4 or 6", &["cancellation", "teams"]);
        }
        Ok(())
    }

    /// Domino's refusals: what a stock and players dropping out leave no
    /// room for.
    fn validate_domino(&self) -> Result<(), RulesError> {
        let refusal = |needs, keys| Err(RulesError::Domino { needs, keys });
        if self.pass_count != 0 {
            return refusal(
                "pass-count = 0: nothing is passed before the stock is drawn from",
                &["domino", "pass-count"],
            );
        }
        if self.kitty != Kitty::Off {
            return refusal("kitty = false: the cards left over are the stock", &["domino", "kitty"]);
        }
        if self.removed_cards.is_some() {
            return refusal("no removed-cards: the cards left over are the stock", &["domino", "removed-cards"]);
        }
        if self.joker_count() > 0 {
            return refusal("jokers = 0", &["domino", "jokers"]);
        }
        if self.first_lead != FirstLead::LeftOfDealer {
            return refusal(
                "first-lead = \"left-of-dealer\": the lowest club may lie in the stock",
                &["domino", "first-lead"],
            );
        }
        if self.moon != MoonRule::Off {
            return refusal("moon = \"off\": the game may end before the hand does", &["domino", "moon"]);
        }
        if self.must_break_hearts || self.no_blood || self.queen_breaks_hearts {
            let keys: &'static [&'static str] = match (self.must_break_hearts, self.no_blood) {
                (true, _) => &["domino", "must-break-hearts"],
                (_, true) => &["domino", "no-blood"],
                _ => &["domino", "queen-breaks-hearts"],
            };
            return refusal("hearts any time: must-break-hearts, no-blood and queen-breaks-hearts false", keys);
        }
        if self.plays_chips() {
            return refusal("scoring = \"points\": the game ends at a total, mid-hand", &["domino", "scoring"]);
        }
        if self.no_tricks_bonus != 0 {
            return refusal(
                "no-tricks-bonus = 0: the game may end mid-hand, before anyone knows who took no trick",
                &["domino", "no-tricks-bonus"],
            );
        }
        if self.teams != Teams::Off {
            return refusal("teams = \"off\"", &["domino", "teams"]);
        }
        if self.declaration != Declaration::None {
            return refusal("declaration = \"none\"", &["domino", "declaration"]);
        }
        if self.auction {
            return refusal("auction = false", &["domino", "auction"]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn contradictions_are_refused_with_their_keys() {
        let five_with_four_removed =
            Rules { players: 5, removed_cards: Some(cards("2D 2C 2S 3D")), ..Rules::default() };
        let error = five_with_four_removed.validate().unwrap_err();
        assert_eq!(error.keys(), ["removed-cards", "players"]);
        assert!(error.to_string().contains("do not divide among 5 players"), "{error}");

        let across_for_five =
            Rules { players: 5, pass_cycle: PassCycle::new(&[PassDirection::Across]), ..Rules::default() };
        assert!(matches!(across_for_five.validate(), Err(RulesError::PassDirection { .. })));

        let queen_bonus = Rules { omnibus: true, bonus_card: Card::QUEEN_OF_SPADES, ..Rules::default() };
        assert_eq!(queen_bonus.validate(), Err(RulesError::BonusCardIsPenalty(Card::QUEEN_OF_SPADES)));

        let moon_bonus = Rules { moon_needs_bonus_card: true, ..Rules::default() };
        assert_eq!(moon_bonus.validate(), Err(RulesError::MoonNeedsBonusWithoutOmnibus));

        let kitty_and_removed =
            Rules { kitty: Kitty::Leftover, removed_cards: Some(CardSet::EMPTY), ..Rules::default() };
        assert_eq!(kitty_and_removed.validate(), Err(RulesError::KittyWithRemovedCards));

        assert_eq!(Rules { players: 8, ..Rules::default() }.validate(), Err(RulesError::Players(8)));
        assert!(Rules { pass_count: 13, ..Rules::default() }.validate().is_err());
    }
}
