-- Trigram indexes (product name search, admin user search) need pg_trgm; it must exist before the tables.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
