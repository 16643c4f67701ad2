-- PostgreSQL twin of migrations/004_daily_by_game.sql: the daily tables keyed by game, with a generic
-- tie-break (each int plus 2^31, ten digits, joined by commas; compared bytewise, hence COLLATE "C")
-- instead of Calico's cat and button counts. Every existing row is Calico's.

ALTER TABLE daily_attempts ADD COLUMN game TEXT NOT NULL DEFAULT 'calico';
ALTER TABLE daily_attempts ALTER COLUMN game DROP DEFAULT;
ALTER TABLE daily_attempts ADD COLUMN tie_break TEXT COLLATE "C";
UPDATE daily_attempts SET tie_break = lpad((cats::BIGINT + 2147483648)::TEXT, 10, '0') || ','
                                      || lpad((buttons::BIGINT + 2147483648)::TEXT, 10, '0')
    WHERE cats IS NOT NULL AND buttons IS NOT NULL;
ALTER TABLE daily_attempts DROP CONSTRAINT daily_attempts_pkey;
ALTER TABLE daily_attempts ADD PRIMARY KEY (game, day, user_id);
-- dropping the columns drops the old result check and rank index that name them
ALTER TABLE daily_attempts DROP COLUMN cats, DROP COLUMN buttons;
ALTER TABLE daily_attempts ADD CONSTRAINT daily_attempts_result
    CHECK (status = 'playing' OR (score IS NOT NULL AND tie_break IS NOT NULL AND summary IS NOT NULL
                                  AND record IS NOT NULL AND finished_at IS NOT NULL));
DROP INDEX IF EXISTS daily_attempts_by_rank;
DROP INDEX daily_attempts_by_guild;
DROP INDEX daily_attempts_by_user;
CREATE INDEX daily_attempts_by_rank ON daily_attempts (game, day, status, score DESC, tie_break DESC, finished_at);
CREATE INDEX daily_attempts_by_guild ON daily_attempts (game, day, guild_id, status);
CREATE INDEX daily_attempts_by_user ON daily_attempts (game, user_id, day);

ALTER TABLE daily_par ADD COLUMN game TEXT NOT NULL DEFAULT 'calico';
ALTER TABLE daily_par ALTER COLUMN game DROP DEFAULT;
ALTER TABLE daily_par DROP CONSTRAINT daily_par_pkey;
ALTER TABLE daily_par ADD PRIMARY KEY (game, day);

ALTER TABLE daily_announcements ADD COLUMN game TEXT NOT NULL DEFAULT 'calico';
ALTER TABLE daily_announcements ALTER COLUMN game DROP DEFAULT;
ALTER TABLE daily_announcements DROP CONSTRAINT daily_announcements_pkey;
ALTER TABLE daily_announcements ADD PRIMARY KEY (guild_id, game, day);
