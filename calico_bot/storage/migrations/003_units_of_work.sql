-- Units of work that survive a crash: timers are claimed (not deleted) while they fire, what must be
-- posted after a commit waits in an outbox written in the same transaction, and every interaction
-- is handled once however often Discord delivers it.

ALTER TABLE timers ADD COLUMN claimed_by TEXT;      -- the bot instance firing it now
ALTER TABLE timers ADD COLUMN claimed_until REAL;   -- the claim lapses then (its holder died)
CREATE INDEX timers_by_game ON timers (game_id);

CREATE TABLE outbox (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version       INTEGER NOT NULL,             -- the game version the announcement belongs to
    payload       TEXT    NOT NULL,             -- JSON: what to announce
    state         TEXT,                         -- JSON snapshot of the game at that version
    created_at    REAL    NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    next_try_at   REAL    NOT NULL,             -- after a failed post: when to try again
    posted_parts  INTEGER NOT NULL DEFAULT 0    -- messages of this entry already posted
);
CREATE INDEX outbox_by_game ON outbox (game_id, id);
CREATE INDEX outbox_by_next_try ON outbox (next_try_at);

CREATE TABLE seen_interactions (
    id      INTEGER PRIMARY KEY,                -- Discord's interaction id
    seen_at REAL    NOT NULL
);
CREATE INDEX seen_interactions_by_time ON seen_interactions (seen_at);

CREATE INDEX games_by_guild ON games (guild_id, status);
CREATE INDEX seats_by_game_user ON seats (user_id, game_id);
