-- PostgreSQL twin of ../0006_rekey.sql.

CREATE TABLE rekey (puzzle_id BIGINT PRIMARY KEY REFERENCES puzzles(id));
INSERT INTO rekey SELECT p.id FROM puzzles p JOIN layouts l ON l.id = p.layout_id WHERE l.family = 'loops';
