-- Games of any kind, their seats, the append-only action log, timers, settings and stats.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    kind             TEXT    NOT NULL,            -- 'calico' (later 'citb', 'ioc')
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    thread_id        INTEGER,
    lobby_message_id INTEGER,
    host_id          INTEGER NOT NULL,
    status           TEXT    NOT NULL,            -- lobby | active | over | ended
    options          TEXT    NOT NULL,            -- JSON
    state            TEXT,                        -- JSON snapshot, NULL while in the lobby
    version          INTEGER NOT NULL DEFAULT 0,  -- bumps with every accepted action
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);
CREATE INDEX games_by_channel ON games (channel_id, status);
CREATE INDEX games_by_thread ON games (thread_id);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER,                -- NULL for a bot seat
    name      TEXT    NOT NULL,
    bot_level TEXT,                   -- NULL for people; random | greedy | strong for bot seats
    status    TEXT    NOT NULL DEFAULT 'active',  -- active | kicked | resigned
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,      -- the game version this action produced
    user_id    INTEGER,               -- who asked for it (NULL: the bot, e.g. a deadline)
    action     TEXT    NOT NULL,      -- JSON
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, version)
);

CREATE TABLE timers (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind    TEXT    NOT NULL,         -- reminder | deadline
    due_at  REAL    NOT NULL,
    version INTEGER NOT NULL,         -- the game version it was set for; stale once the game moved on
    payload TEXT    NOT NULL DEFAULT '{}'
);
CREATE INDEX timers_by_due ON timers (due_at);

CREATE TABLE guild_settings (
    guild_id INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
);

CREATE TABLE member_stats (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    played   INTEGER NOT NULL DEFAULT 0,
    won      INTEGER NOT NULL DEFAULT 0,
    best     INTEGER NOT NULL DEFAULT 0,
    total    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, kind)
);

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
