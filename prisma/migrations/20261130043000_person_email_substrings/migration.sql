-- A substring index for the persons' e-mail addresses (packages/kernel/src/list/where-sql.ts,
-- `SubstringIndexed`): every twelve-character piece of the lowercased address, in a GIN index. A list
-- asked for a value of twelve characters or more looks up the pieces that cover it end to end
-- (`text_piece_cover`), each held by few addresses whatever the table's size, where the trigram index
-- would check every row holding the value's rarest trigram. Twelve: the length at which an address's
-- pieces are rare at a million persons (eight was measured too: docs/benchmarks.md).
--
-- A value longer than 256 characters (longer than any e-mail address can be) is not cut: a megabyte
-- would make a million pieces, seconds of work and tens of megabytes of index for one row. It has no
-- pieces, and lookups find such rows by their length instead, through the second index below.
-- The two lengths are SUBSTRING_PIECE_LENGTH and LONGEST_PIECED_VALUE in where-sql.ts: they change together.

CREATE FUNCTION text_pieces(value text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  IF length(value) > 256 THEN RETURN '{}'; END IF;
  RETURN ARRAY(SELECT substr(value, start, 12) FROM generate_series(1, length(value) - 11) AS start);
END $$;

-- Pieces end to end from the start, and the last flush with the value's end: any text holding the
-- value holds them all. A value shorter than a piece has none (the caller does not ask then).
CREATE FUNCTION text_piece_cover(value text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN ARRAY(
    SELECT substr(value, start, 12) FROM generate_series(1, length(value) - 11, 12) AS start
    UNION SELECT substr(value, length(value) - 11, 12) WHERE length(value) >= 12);
END $$;

-- `_by_hand`: Prisma cannot declare expression indexes, and the migration runner leaves such names out
-- of its schema comparison. The length index also gives the planner the statistics that tell it how
-- few values are too long to be cut.
CREATE INDEX "person_email_pieces_by_hand" ON "person" USING gin (text_pieces(lower("email")));
CREATE INDEX "person_email_length_by_hand" ON "person" (length(lower("email")));
