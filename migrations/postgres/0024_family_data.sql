-- PostgreSQL twin of ../0024_family_data.sql: the family column takes any
-- family's name (migration 0005's CHECK, named by PostgreSQL, is dropped).

ALTER TABLE layouts DROP CONSTRAINT IF EXISTS layouts_family_check;
