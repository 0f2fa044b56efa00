//! The server's tables, saved as they stand so that each resumes where
//! it was after a restart.

use rusqlite::{TransactionBehavior, params};

use super::*;

impl Store {
    /// Saves a table in one transaction, replacing what was saved under
    /// its code.
    pub fn save_table(&mut self, table: &StoredTable) -> Result<(), StoreError> {
        match self.write_tables(std::slice::from_ref(&TableWrite::Save(Box::new(table.clone()))))?.pop() {
            Some((_, refused)) => Err(refused),
            None => Ok(()),
        }
    }

    /// Saves and forgets tables, in order, in one transaction. A table
    /// refused (too long a field, a seat out of range) is left as it was
    /// and returned with why; the others are written. A failure of the
    /// database writes none of them.
    pub fn write_tables(&mut self, writes: &[TableWrite]) -> Result<Vec<(String, StoreError)>, StoreError> {
        let failed = failure(&self.path);
        let transaction = self.connection.transaction_with_behavior(TransactionBehavior::Immediate).map_err(&failed)?;
        let mut refused = Vec::new();
        for write in writes {
            match write {
                TableWrite::Save(table) => match save_in(&transaction, table) {
                    Ok(()) => {}
                    Err(Failure::Sql(error)) => return Err(failed(error)),
                    Err(Failure::Refused(why)) => refused.push((table.code.clone(), why)),
                },
                TableWrite::Remove(code) => {
                    transaction.execute("DELETE FROM tables WHERE code = ?1", [code]).map_err(&failed)?;
                }
            }
        }
        transaction.commit().map_err(&failed)?;
        Ok(refused)
    }

    /// Every saved table, by code, to open them again after a restart.
    pub fn tables(&mut self) -> Result<Vec<StoredTable>, StoreError> {
        let failed = failure(&self.path);
        let transaction = self.connection.transaction().map_err(&failed)?;
        let rows: Vec<(String, bool, String, Option<String>)> = transaction
            .prepare("SELECT code, listed, settings, game FROM tables ORDER BY code")
            .and_then(|mut statement| {
                statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)))?.collect()
            })
            .map_err(&failed)?;
        let mut seats =
            transaction.prepare("SELECT seat, name, key FROM seats WHERE code = ?1 ORDER BY seat").map_err(&failed)?;
        let mut tables = Vec::with_capacity(rows.len());
        for (code, listed, settings, game) in rows {
            let unreadable = |problem: serde_json::Error| StoreError::Unreadable {
                path: self.path.clone(),
                what: format!("table {code}"),
                problem: problem.to_string(),
            };
            let settings = serde_json::from_str(&settings).map_err(unreadable)?;
            let game = game.map(|game| serde_json::from_str(&game)).transpose().map_err(unreadable)?;
            let seated = seats
                .query_map([&code], |row| {
                    Ok(Seated { seat: usize::from(row.get::<_, u8>(0)?), name: row.get(1)?, key: row.get(2)? })
                })
                .and_then(Iterator::collect)
                .map_err(&failed)?;
            tables.push(StoredTable { code, listed, settings, game, seated });
        }
        Ok(tables)
    }
}

/// Writes `table` within `transaction`, in place of what was saved of it.
fn save_in(transaction: &rusqlite::Transaction, table: &StoredTable) -> Result<(), Failure> {
    check_length("a table code", &table.code, MAX_CODE).map_err(Failure::Refused)?;
    let settings = serde_json::to_string(&table.settings).expect("a JSON value serialises");
    check_length(&format!("table {}'s settings", table.code), &settings, MAX_SETTINGS).map_err(Failure::Refused)?;
    check_seats(table).map_err(Failure::Refused)?;
    let game = table.game.as_ref().map(|game| serde_json::to_string(game).expect("a saved game serialises"));
    transaction
        .execute(
            "INSERT INTO tables (code, listed, settings, game) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (code) DO UPDATE SET listed = ?2, settings = ?3, game = ?4",
            params![table.code, table.listed, settings, game],
        )
        .map_err(Failure::Sql)?;
    transaction.execute("DELETE FROM seats WHERE code = ?1", [&table.code]).map_err(Failure::Sql)?;
    for seated in &table.seated {
        transaction
            .execute(
                "INSERT INTO seats (code, seat, name, key) VALUES (?1, ?2, ?3, ?4)",
                params![table.code, seated.seat as i64, seated.name, seated.key],
            )
            .map_err(Failure::Sql)?;
    }
    Ok(())
}
