//! A new game asked for in the middle of one, or an absent person's seat
//! let go, where the table is not one person's: it is a proposal that
//! every person seated here answers on their own screen; all yes does it,
//! one no drops it.

use std::time::Instant;

use hearts_bots::config::changed_options;
use hearts_engine::Seat;

use super::lineup::{Setup, fixed_seat_name};
use super::{NewGame, Notice, PersonId, Table};

/// A proposal, waiting for the answers.
#[derive(Clone, Debug)]
pub(crate) struct Proposal {
    /// Who proposed it.
    pub(crate) by: PersonId,
    pub(crate) by_name: String,
    /// What it would do.
    pub(crate) of: Proposed,
    /// Who has said yes (the proposer has).
    pub(crate) yes: Vec<PersonId>,
}

impl Proposal {
    /// Whose seat it would let go; `None` for a new game.
    fn freeing(&self) -> Option<String> {
        match &self.of {
            Proposed::Game(_) => None,
            Proposed::FreeSeat(_, name) => Some(name.clone()),
        }
    }
}

/// What a proposal would do.
#[derive(Clone, Debug)]
pub(crate) enum Proposed {
    /// Start this game.
    Game(NewGame),
    /// Let go the seat of this person, away past their grace.
    FreeSeat(Seat, String),
}

/// A proposal as the people at the table see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProposalSight {
    /// Who proposed it.
    pub by: String,
    /// The rules' name.
    pub label: String,
    /// How many would play.
    pub players: usize,
    /// What it changes against the game now, each in a few words
    /// ("target-score 30, not 100", "East expert, not normal"); none when
    /// only the deal is new.
    pub changes: Vec<String>,
    /// People who hold seats the new game does not have.
    pub dropped: Vec<String>,
    /// Who has said yes.
    pub agreed: Vec<String>,
    /// Who has yet to answer.
    pub waiting: Vec<String>,
    /// Whether this person is asked (seated, and not yet answered).
    pub asked: bool,
    /// Whether this person proposed it (and so may withdraw it).
    pub mine: bool,
    /// For a proposal to let a seat go: the name of its absent person.
    pub frees: Option<String>,
}

impl ProposalSight {
    /// The game proposed in a few words: "a new game: omnibus, not
    /// black-lady; target-score 30, not 100", or "a new game of omnibus,
    /// the same rules".
    pub fn game_words(&self) -> String {
        if let Some(name) = &self.frees {
            return format!("that {name}'s seat be its bot's, free for whoever comes next");
        }
        match self.changes.is_empty() {
            true => format!("a new game of {}, the same rules", self.label),
            false => format!("a new game: {}", self.changes.join("; ")),
        }
    }
}

impl Table {
    /// The people holding seats that a game of `players` seats does not
    /// have: they would watch it.
    pub(super) fn dropped_by(&self, players: usize) -> Vec<String> {
        self.seating.holders.iter().skip(players).flatten().map(|holder| holder.name.clone()).collect()
    }

    /// Person `p` proposes `of`; everyone seated is asked.
    pub(super) fn propose(&mut self, p: usize, of: Proposed, now: Instant) {
        let by = self.seating.people[p].id;
        let by_name = self.seating.people[p].name.clone();
        let (label, players, dropped) = match &of {
            Proposed::Game(game) => {
                let players = game.setup.rules.player_count();
                (game.setup.label.clone(), players, self.dropped_by(players))
            }
            Proposed::FreeSeat(..) => (self.setup.label.clone(), self.setup.rules.player_count(), Vec::new()),
        };
        self.proposal = Some(Proposal { by, by_name: by_name.clone(), of, yes: vec![by] });
        self.tell_all(Notice::Proposed { by: by_name, label, players, dropped });
        self.recount_votes(now);
    }

    /// Nobody holds `seat` any more, as the table agreed, if its person
    /// (`name`) is still away: its bot plays it, and the next to come may take it.
    fn free_seat(&mut self, seat: Seat, name: String, now: Instant) {
        let held = self.seating.holders[seat.index()].as_ref();
        // Their seat, and they still away: a seat freed meanwhile, and taken by someone else, stays theirs.
        if held.is_some_and(|holder| holder.name == name && holder.away_since.is_some()) {
            self.seating.holders[seat.index()] = None;
            self.tell_all(Notice::SeatFreed { name, kept: None });
            self.watch_presence(now);
        }
    }

    /// Person `p` answers the proposal.
    pub(super) fn vote(&mut self, p: usize, yes: bool, now: Instant) {
        let id = self.seating.people[p].id;
        let Some(proposal) = &mut self.proposal else { return };
        if yes {
            if !proposal.yes.contains(&id) {
                proposal.yes.push(id);
            }
            self.recount_votes(now);
        } else {
            let withdrawn = proposal.by == id;
            let freeing = proposal.freeing();
            self.proposal = None;
            // Each is told by name who said no, but the one who said it.
            self.tell_of(p, |by| {
                let freeing = freeing.clone();
                if withdrawn { Notice::Withdrawn { by, freeing } } else { Notice::Declined { by, freeing } }
            });
        }
    }

    /// The people asked: everyone seated here.
    fn voters(&self) -> impl Iterator<Item = PersonId> + '_ {
        self.seating.people.iter().filter(|person| person.seat.is_some()).map(|person| person.id)
    }

    /// The names of the people who hold a seat but are away within their
    /// grace: the proposal waits for them to come back and answer, or for
    /// their grace to end.
    pub(super) fn away_asked(&self, now: Instant) -> Vec<String> {
        Seat::all(self.seating.holders.len())
            .filter(|&seat| !self.gone(seat, now))
            .filter_map(|seat| self.seating.holders[seat.index()].as_ref())
            .filter(|holder| holder.away_since.is_some())
            .map(|holder| holder.name.clone())
            .collect()
    }

    /// Starts the game proposed once everyone seated here has said yes,
    /// and nobody away may still come back to answer (a person whose seat
    /// no longer waits for them is no longer asked).
    pub(super) fn recount_votes(&mut self, now: Instant) {
        let Some(proposal) = &self.proposal else { return };
        let all_yes = self.voters().all(|id| proposal.yes.contains(&id)) && self.away_asked(now).is_empty();
        let proposer_here = self.seating.people.iter().any(|person| person.id == proposal.by);
        if !proposer_here {
            let (by, freeing) = (proposal.by_name.clone(), proposal.freeing());
            self.proposal = None;
            self.tell_all(Notice::Withdrawn { by: Some(by), freeing });
            return;
        }
        if all_yes && let Some(proposal) = self.proposal.take() {
            match proposal.of {
                Proposed::Game(game) => self.start_game(Some(proposal.by), game, now),
                Proposed::FreeSeat(seat, name) => self.free_seat(seat, name, now),
            }
        }
    }

    /// The proposal on the table as person `viewer` sees it.
    pub(super) fn proposal_seen_by(&self, viewer: PersonId, now: Instant) -> Option<ProposalSight> {
        let proposal = self.proposal.as_ref()?;
        // The viewer reads themselves as "you", first.
        let name = |id: PersonId| match id == viewer {
            true => Some("you".to_string()),
            false => self.seating.people.iter().find(|person| person.id == id).map(|person| person.name.clone()),
        };
        let mine_first = |ids: &mut Vec<PersonId>| ids.sort_by_key(|&id| id != viewer);
        let mut yes = proposal.yes.clone();
        mine_first(&mut yes);
        let agreed = yes.iter().filter_map(|&id| name(id)).collect();
        let mut waiting: Vec<PersonId> = self.voters().filter(|id| !proposal.yes.contains(id)).collect();
        mine_first(&mut waiting);
        let away = self.away_asked(now).into_iter().map(|name| format!("{name} (away)"));
        let (setup, frees) = match &proposal.of {
            Proposed::Game(game) => (&game.setup, None),
            Proposed::FreeSeat(_, name) => (&self.setup, Some(name.clone())),
        };
        let players = setup.rules.player_count();
        Some(ProposalSight {
            by: proposal.by_name.clone(),
            label: setup.label.clone(),
            players,
            changes: changes(&self.setup, setup),
            dropped: self.dropped_by(players),
            agreed,
            waiting: waiting.iter().filter_map(|&id| name(id)).chain(away).collect(),
            asked: waiting.contains(&viewer),
            mine: proposal.by == viewer,
            frees,
        })
    }
}

/// What a game of `proposed` changes against one of `now`, each in a few
/// words: the rules' name, each option of rules.toml, and each bot that
/// plays another seat's part (by the seat names everyone at a shared table
/// uses).
pub fn changes(now: &Setup, proposed: &Setup) -> Vec<String> {
    let mut changes = Vec::new();
    // "black-lady+" only says that the options below differ from the preset's.
    let preset = |label: &str| label.trim_end_matches('+').to_string();
    if preset(&proposed.label) != preset(&now.label) {
        changes.push(format!("{}, not {}", preset(&proposed.label), preset(&now.label)));
    }
    for (key, before, after) in changed_options(&now.rules, &proposed.rules) {
        changes.push(format!("{key} {after}, not {before}"));
    }
    let players = proposed.rules.player_count();
    for (index, player) in proposed.players.iter().enumerate().take(players) {
        let before = now.players.get(index).filter(|_| index < now.rules.player_count());
        if before.is_some_and(|before| before.name() != player.name()) {
            let seat = Seat::new(index).expect("a seat of the table");
            let before = before.map(|before| before.name()).unwrap_or_default();
            changes.push(format!("{} {}, not {before}", fixed_seat_name(seat, players), player.name()));
        }
    }
    changes
}

/// Whether `seat` is among those a game of `players` seats keeps.
pub(super) fn kept(seat: Seat, players: usize) -> bool {
    seat.index() < players
}

#[cfg(test)]
mod tests {
    use super::*;
    use hearts_bots::players::{Level, Player};
    use hearts_engine::{Preset, Rules};

    fn setup(rules: Rules, label: &str) -> Setup {
        Setup { rules, label: label.to_string(), players: vec![Player::Builtin(Level::Normal); 4] }
    }

    #[test]
    fn a_proposal_names_each_option_it_changes_and_not_the_mark_that_says_options_changed() {
        let now = setup(Preset::BlackLady.rules(), "black-lady");
        let proposed = setup(Rules { target_score: 30, ..Preset::BlackLady.rules() }, "black-lady+");
        assert_eq!(changes(&now, &proposed), ["target-score 30, not 100"]);
        assert_eq!(changes(&proposed, &now), ["target-score 100, not 30"]);
    }

    #[test]
    fn a_proposal_names_another_preset_and_each_bot_that_changes_by_its_compass_seat() {
        let now = setup(Preset::BlackLady.rules(), "black-lady+");
        let mut proposed = setup(Preset::BlackLady.rules(), "omnibus");
        proposed.rules.omnibus = true;
        proposed.players[3] = Player::Builtin(Level::Expert);
        assert_eq!(
            changes(&now, &proposed),
            ["omnibus, not black-lady", "omnibus true, not false", "East expert, not normal"]
        );
        assert!(changes(&now, &now).is_empty(), "the same game changes nothing");
    }
}
