//! A complete bot for the `hearts` bot protocol, small enough to copy:
//! it passes the first cards of its hand and plays the first legal card.
//! Seat it with `hearts sim --seat 2=cmd:'cargo run -q --example first_legal_bot'`.

use std::io::{BufRead, Write};

use serde_json::{Value, json};

fn main() {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let Ok(request) = serde_json::from_str::<Value>(&line) else { continue };
        let reply = match request["type"].as_str() {
            Some("pass") => {
                let count = request["pass_count"].as_u64().unwrap_or(3) as usize;
                let hand = request["hand"].as_array().cloned().unwrap_or_default();
                json!({"id": request["id"], "cards": hand[..count.min(hand.len())]})
            }
            Some("play") => json!({"id": request["id"], "card": request["legal"][0]}),
            _ => json!({"id": request["id"], "moon": "add-to-others"}),
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}
