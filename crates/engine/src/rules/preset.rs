//! The presets: each member of the Hearts family as `Rules`.

use super::*;

impl Preset {
    /// The table sizes the preset is played at.
    pub fn player_counts(self) -> &'static [u8] {
        match self {
            Preset::Partnership => &[4, 6],
            Preset::Auction => &[4, 5, 6],
            Preset::Domino => &[2, 3, 4, 5, 6, 7],
            Preset::Cancellation => &[6, 7, 8, 9, 10, 11],
            _ => &[3, 4, 5, 6, 7],
        }
    }

    /// The rules this preset stands for.
    pub fn rules(self) -> Rules {
        let defaults = Rules::default();
        match self {
            Preset::BlackLady => defaults,
            Preset::Omnibus => Rules { omnibus: true, ..defaults },
            Preset::SpotHearts => Rules { points: PointsTable::SpotHearts, ..defaults },
            Preset::BlackMaria => Rules {
                points: PointsTable::BlackMaria,
                pass_cycle: PassCycle::new(&[PassDirection::Right(1)]),
                ..defaults
            },
            Preset::Original => Rules { points: PointsTable::Original, pass_count: 0, ..defaults },
            Preset::Worldwinner => Rules { no_blood: true, target_score: 50, clock_minutes: 10, ..defaults },
            Preset::BlackJack => Rules { points: PointsTable::BlackJack, ..defaults },
            // Decided: 100 scaled by the penalty total, 149/26.
            Preset::Greek => Rules { points: PointsTable::Greek, moon_value: Some(150), target_score: 575, ..defaults },
            // Decided, as for the 1887 game: no passing, left of dealer
            // leads anything, hearts any time, no no-blood, game to 250.
            Preset::ChasseCoeur => Rules {
                points: PointsTable::ChasseCoeur,
                pass_count: 0,
                first_lead: FirstLead::LeftOfDealer,
                must_break_hearts: false,
                no_blood: false,
                declaration: Declaration::Generale,
                moon_value: Some(SILENT_GENERALE),
                target_score: 250,
                ..defaults
            },
            Preset::Royal => Rules { points: PointsTable::Royal, moon: MoonRule::ShooterPicks, ..defaults },
            Preset::Eagle => Rules { points: PointsTable::Eagle, ..defaults },
            Preset::Heartsette => Rules { kitty: Kitty::Heartsette, ..defaults },
            Preset::Joker => Rules { jokers: None, ..defaults },
            Preset::Hoyle1887 => Rules {
                points: PointsTable::Original,
                scoring: Scoring::Chips,
                pass_count: 0,
                first_lead: FirstLead::LeftOfDealer,
                must_break_hearts: false,
                no_blood: false,
                moon: MoonRule::Off,
                ..defaults
            },
            Preset::Partnership => Rules { teams: Teams::Combined, ..defaults },
            // Decided: the 1887 game it grew from (no passing, left of the
            // dealer leads when nobody bids, any card any time, no moon).
            Preset::Auction => Rules { auction: true, ..Preset::Hoyle1887.rules() },
            // The rule book's Domino: no passing, left of the dealer leads
            // anything, hearts any time, 1 a heart, no moon, game to 31.
            Preset::Domino => Rules {
                domino: true,
                points: PointsTable::Original,
                pass_count: 0,
                first_lead: FirstLead::LeftOfDealer,
                must_break_hearts: false,
                no_blood: false,
                moon: MoonRule::Off,
                target_score: 31,
                ..defaults
            },
            // The rule book's Cancellation: Black Lady's cards twice over,
            // the cards left over a kitty for the first trick's winner,
            // passing left, right, hold (the pass cycle of two packs).
            Preset::Cancellation => Rules { cancellation: true, players: 8, kitty: Kitty::Leftover, ..defaults },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::{MAX_PLAYERS, MIN_PLAYERS};
    #[test]
    fn presets_are_valid_and_distinct() {
        for &preset in Preset::ALL {
            assert_eq!(preset.rules().validate(), Ok(()), "{preset}");
            for players in MIN_PLAYERS as u8..=MAX_PLAYERS as u8 {
                let valid = Rules { players, ..preset.rules() }.validate().is_ok();
                assert_eq!(valid, preset.player_counts().contains(&players), "{preset} at {players}");
            }
        }
        assert_eq!(Preset::BlackLady.rules(), Rules::default());
        assert!(Preset::Omnibus.rules().omnibus);
        assert_eq!(Preset::BlackMaria.rules().pass_direction(1), PassDirection::Right(1));
        assert_eq!(Preset::Original.rules().pass_direction(0), PassDirection::Hold);
        let worldwinner = Preset::Worldwinner.rules();
        assert_eq!((worldwinner.target_score, worldwinner.clock_minutes), (50, 10));
    }
}
