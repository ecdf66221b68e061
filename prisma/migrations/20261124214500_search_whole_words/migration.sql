-- A query's words as whole words, all required: the most precise reading of a query, tried first.
-- Exact words let the full-text index skip through its lists; a prefix (`org:*`) has to collect every
-- document holding any word that begins so, which for a common beginning is most of the table.
CREATE FUNCTION search_words_query(query text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT string_agg(lexeme, ' & ')::tsquery FROM unnest(search_terms(query)) $$;
