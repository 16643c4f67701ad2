-- The daily tables keyed by game, with a generic tie-break instead of Calico's cat and button counts.
-- Every existing row is Calico's (the only game with a daily puzzle until now). The tie-break is the
-- game's list of ints compared after the score (larger first), stored as one sortable text: each int
-- plus 2^31, ten digits, joined by commas (so "cats, buttons" becomes "2147483652,2147483653").
-- SQLite cannot change a primary key in place: each table is rebuilt and its rows copied.

CREATE TABLE daily_attempts_v4 (
    game        TEXT    NOT NULL,             -- the game plug-in's key ('calico')
    day         INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER,                      -- where it was started (NULL: direct messages)
    name        TEXT    NOT NULL,             -- display name for leaderboards
    state       TEXT    NOT NULL,             -- the game's state JSON, holds hidden information: never shown
    version     INTEGER NOT NULL DEFAULT 0,   -- the state's version, bumps with every accepted move
    status      TEXT    NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'done')),
    score       INTEGER,                      -- set once the game is over
    tie_break   TEXT,                         -- sortable tie-break key (see above), set with the score
    summary     TEXT,                         -- JSON score breakdown, no hidden information
    record      TEXT,                         -- the full game record JSON, replays to score
    started_at  REAL    NOT NULL,
    finished_at REAL,
    PRIMARY KEY (game, day, user_id),
    -- a result exists only together with its replayable record
    CHECK (status = 'playing' OR (score IS NOT NULL AND tie_break IS NOT NULL AND summary IS NOT NULL
                                  AND record IS NOT NULL AND finished_at IS NOT NULL))
);
INSERT INTO daily_attempts_v4 (game, day, user_id, guild_id, name, state, version, status, score, tie_break, summary,
                               record, started_at, finished_at)
    SELECT 'calico', day, user_id, guild_id, name, state, version, status, score,
           CASE WHEN cats IS NULL OR buttons IS NULL THEN NULL
                ELSE printf('%010d,%010d', cats + 2147483648, buttons + 2147483648) END,
           summary, record, started_at, finished_at
    FROM daily_attempts;
DROP TABLE daily_attempts;
ALTER TABLE daily_attempts_v4 RENAME TO daily_attempts;
CREATE INDEX daily_attempts_by_rank ON daily_attempts (game, day, status, score DESC, tie_break DESC, finished_at);
CREATE INDEX daily_attempts_by_guild ON daily_attempts (game, day, guild_id, status);
CREATE INDEX daily_attempts_by_user ON daily_attempts (game, user_id, day);

CREATE TABLE daily_par_v4 (
    game        TEXT    NOT NULL,
    day         INTEGER NOT NULL,
    policy      TEXT    NOT NULL,             -- which AI played it
    score       INTEGER NOT NULL,
    summary     TEXT    NOT NULL,             -- JSON score breakdown
    record      TEXT    NOT NULL,             -- the full game record JSON
    computed_at REAL    NOT NULL,
    PRIMARY KEY (game, day)
);
INSERT INTO daily_par_v4 (game, day, policy, score, summary, record, computed_at)
    SELECT 'calico', day, policy, score, summary, record, computed_at FROM daily_par;
DROP TABLE daily_par;
ALTER TABLE daily_par_v4 RENAME TO daily_par;

CREATE TABLE daily_announcements_v4 (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    day        INTEGER NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('claimed', 'posted')),
    channel_id INTEGER,
    message_id INTEGER,
    claimed_by TEXT,                          -- the bot instance holding the claim
    claimed_at REAL,
    posted_at  REAL,
    PRIMARY KEY (guild_id, game, day)
);
INSERT INTO daily_announcements_v4 (guild_id, game, day, status, channel_id, message_id, claimed_by, claimed_at,
                                    posted_at)
    SELECT guild_id, 'calico', day, status, channel_id, message_id, claimed_by, claimed_at, posted_at
    FROM daily_announcements;
DROP TABLE daily_announcements;
ALTER TABLE daily_announcements_v4 RENAME TO daily_announcements;
