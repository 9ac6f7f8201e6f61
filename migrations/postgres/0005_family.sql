-- PostgreSQL twin of ../0005_family.sql.

ALTER TABLE layouts ADD COLUMN family TEXT COLLATE "C" NOT NULL DEFAULT 'cells' CHECK (family IN ('cells', 'loops'));
UPDATE layouts SET family = 'loops' WHERE source LIKE '%shape = "loops"%';
