-- Imported puzzles keep the credits their file gives (issue 29, item 11):
-- the author, the source and the URL it names (.sdk `#A`, `#S`, `#U`;
-- f-puzzles `author`; janko.at's `author`, `source`, `url` metadata).
-- NULL where the file names none, and for generated puzzles. `source`
-- (0009) stays the import's own name (`import --source`, or the file's).
ALTER TABLE puzzles ADD COLUMN credit_author TEXT;
ALTER TABLE puzzles ADD COLUMN credit_source TEXT;
ALTER TABLE puzzles ADD COLUMN credit_url TEXT;
