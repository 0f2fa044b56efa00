//! The games played at the server: kept as records, the newest of each
//! person, of each network and in all; found by who a person is; and each
//! person's record per preset.

use std::net::IpAddr;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{OptionalExtension, params};

use crate::serve::identity::Identity;
use hearts_bots::record::GameRecord;

use super::*;

impl Store {
    /// Keeps a finished or abandoned game, played under the preset `label`.
    /// The people in it are the seats whose player is `human:NAME`; `who`
    /// says who each seat's person is (a seat past its end: nobody known).
    /// Each person's games past their newest [`KEPT_PER_PERSON`] go, and
    /// those of the people's `network` (as the server counts networks)
    /// past its newest [`KEPT_PER_NETWORK`].
    pub fn add_game(
        &mut self,
        record: &GameRecord,
        label: &str,
        who: &[Identity],
        network: Option<IpAddr>,
    ) -> Result<i64, StoreError> {
        check_length("a preset label", label, MAX_LABEL)?;
        let people = people(record, who)?;
        let text = serde_json::to_string(record).expect("a record serialises");
        let played_at = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs() as i64);
        let failed = failure(&self.path);
        let transaction = self.connection.transaction().map_err(&failed)?;
        transaction
            .execute(
                "INSERT INTO games (label, played_at, record, network) VALUES (?1, ?2, ?3, ?4)",
                params![label, played_at, text, network.map(|network| network.to_string())],
            )
            .map_err(&failed)?;
        let id = transaction.last_insert_rowid();
        for person in &people {
            transaction
                .execute(
                    // A name twice at one table cannot happen (names are unique there); the first seat counts.
                    "INSERT OR IGNORE INTO players (game, name, won, points, hands, identity)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![id, person.name, person.won, person.points, person.hands, person.identity],
                )
                .map_err(&failed)?;
        }
        for identity in people.iter().filter_map(|person| person.identity.as_deref()) {
            forget_past_the_newest(&transaction, identity).map_err(&failed)?;
        }
        if let Some(network) = network {
            transaction
                .execute(
                    "DELETE FROM games WHERE network = ?1 AND id <= (SELECT id FROM games WHERE network = ?1
                     ORDER BY id DESC LIMIT 1 OFFSET ?2)",
                    params![network.to_string(), self.kept_per_network as i64],
                )
                .map_err(&failed)?;
        }
        // Past the ceiling in all, the oldest games go, whosever they are (their people's rows with them).
        transaction
            .execute(
                "DELETE FROM games WHERE id <= (SELECT id FROM games ORDER BY id DESC LIMIT 1 OFFSET ?1)",
                [self.kept_in_all as i64],
            )
            .map_err(&failed)?;
        transaction.commit().map_err(&failed)?;
        Ok(id)
    }

    /// The newest [`RECENT_GAMES`] games of `who`, newest first, each
    /// with their seat; none for a person nobody knows.
    pub fn games_of(&self, who: &Identity) -> Result<Vec<PlayedGame>, StoreError> {
        let Some(identity) = who.stored() else { return Ok(Vec::new()) };
        let rows: Vec<(i64, String, i64, String, String)> = self
            .connection
            .prepare(
                "SELECT games.id, games.label, games.played_at, games.record, players.name
                 FROM players JOIN games ON games.id = players.game
                 WHERE players.identity = ?1 ORDER BY players.game DESC LIMIT ?2",
            )
            .and_then(|mut statement| {
                statement
                    .query_map(params![identity, RECENT_GAMES as i64], |row| {
                        Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?))
                    })?
                    .collect()
            })
            .map_err(failure(&self.path))?;
        rows.into_iter()
            .map(|(id, label, played_at, record, name)| self.played(id, label, played_at, &record, Some(&name)))
            .collect()
    }

    /// Game `id`, if the store holds it.
    pub fn game(&self, id: i64) -> Result<Option<PlayedGame>, StoreError> {
        let row: Option<(String, i64, String)> = self
            .connection
            .query_row("SELECT label, played_at, record FROM games WHERE id = ?1", [id], |row| {
                Ok((row.get(0)?, row.get(1)?, row.get(2)?))
            })
            .optional()
            .map_err(failure(&self.path))?;
        row.map(|(label, played_at, record)| self.played(id, label, played_at, &record, None)).transpose()
    }

    /// Game `id` with the seat of `who` in it, if they played it.
    pub fn game_of(&self, id: i64, who: &Identity) -> Result<Option<PlayedGame>, StoreError> {
        let Some(identity) = who.stored() else { return Ok(None) };
        let row: Option<(String, i64, String, String)> = self
            .connection
            .query_row(
                "SELECT games.label, games.played_at, games.record, players.name
                 FROM players JOIN games ON games.id = players.game
                 WHERE players.game = ?1 AND players.identity = ?2",
                params![id, identity],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
            )
            .optional()
            .map_err(failure(&self.path))?;
        row.map(|(label, played_at, record, name)| self.played(id, label, played_at, &record, Some(&name))).transpose()
    }

    /// The record of `who` under each preset they played, by label; none
    /// for a person nobody knows.
    pub fn records_of(&self, who: &Identity) -> Result<Vec<PlayerRecord>, StoreError> {
        let Some(identity) = who.stored() else { return Ok(Vec::new()) };
        self.connection
            .prepare(
                "SELECT games.label, COUNT(*), SUM(players.won), SUM(players.hands), SUM(players.points)
                 FROM players JOIN games ON games.id = players.game
                 WHERE players.identity = ?1 GROUP BY games.label ORDER BY games.label",
            )
            .and_then(|mut statement| {
                statement
                    .query_map([identity], |row| {
                        Ok(PlayerRecord {
                            label: row.get(0)?,
                            games: row.get(1)?,
                            wins: row.get(2)?,
                            hands: row.get(3)?,
                            points: row.get(4)?,
                        })
                    })?
                    .collect()
            })
            .map_err(failure(&self.path))
    }

    /// A stored game read back; with the seat of the person whose name in it is `name`.
    fn played(
        &self,
        id: i64,
        label: String,
        played_at: i64,
        record: &str,
        name: Option<&str>,
    ) -> Result<PlayedGame, StoreError> {
        let record: GameRecord = serde_json::from_str(record).map_err(|problem| StoreError::Unreadable {
            path: self.path.clone(),
            what: format!("game {id}"),
            problem: problem.to_string(),
        })?;
        let seat = name.and_then(|name| {
            record.seats.iter().find(|seat| seat.player.strip_prefix(HUMAN) == Some(name)).map(|seat| seat.seat)
        });
        Ok(PlayedGame { id, label, played_at, record, seat })
    }
}

/// Forgets the games of the person stored as `identity` past their
/// newest [`KEPT_PER_PERSON`], and the games that leaves in no one's list.
fn forget_past_the_newest(transaction: &rusqlite::Transaction<'_>, identity: &str) -> rusqlite::Result<()> {
    let old: Vec<i64> = transaction
        .prepare("SELECT game FROM players WHERE identity = ?1 ORDER BY game DESC LIMIT -1 OFFSET ?2")?
        .query_map(params![identity, KEPT_PER_PERSON as i64], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    for game in old {
        transaction.execute("DELETE FROM players WHERE game = ?1 AND identity = ?2", params![game, identity])?;
        // Its people's rows go with it (ON DELETE CASCADE).
        transaction.execute(
            "DELETE FROM games WHERE id = ?1
             AND NOT EXISTS (SELECT 1 FROM players WHERE game = ?1 AND identity IS NOT NULL)",
            [game],
        )?;
    }
    Ok(())
}

/// A person's part in a game record.
struct Person<'a> {
    name: &'a str,
    /// Who they are, as stored; `None` for nobody known.
    identity: Option<String>,
    won: bool,
    points: i64,
    hands: u32,
}

/// The people (seats played by `human:NAME`) of a record, who each is
/// (`who`, by seat), whether they won a finished game, and the points they
/// scored over its hands.
fn people<'a>(record: &'a GameRecord, who: &[Identity]) -> Result<Vec<Person<'a>>, StoreError> {
    let people = record.seats.iter().filter_map(|seat| Some((seat.seat, seat.player.strip_prefix(HUMAN)?)));
    people
        .map(|(seat, name)| {
            check_length("a name", name, MAX_NAME)?;
            let identity = who.get(seat).and_then(Identity::stored);
            if let Some(identity) = &identity {
                check_length("an identity", identity, MAX_KEY)?;
            }
            Ok(Person {
                name,
                identity,
                won: record.finished && record.winners.contains(&seat),
                points: record.hands.iter().map(|hand| i64::from(hand.scores.get(seat).copied().unwrap_or(0))).sum(),
                hands: record.hands.len() as u32,
            })
        })
        .collect()
}
