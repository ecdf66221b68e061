-- A search's query words as a tsquery, worked out by built-in functions alone, so PostgreSQL inlines
-- these functions into the statement that calls them. The earlier bodies (unnest and string_agg over
-- the query's terms) could not be inlined: every search ran each as a SQL function, parsing and
-- planning its body anew, about 0.1 ms of the server's CPU per search. The value is the same as
-- before (the terms sorted and unique, as search_terms gives them; NULL when the query has no word),
-- checked on the text of 2,000 documents: the tsvector's text form is its quoted lexemes separated by
-- single spaces, and a lexeme never holds a quote (search_terms keeps letters and digits only).
CREATE OR REPLACE FUNCTION search_words_query(query text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT nullif(replace(strip(search_terms(query))::text, ''' ''', ''' & '''), '')::tsquery $$;

CREATE OR REPLACE FUNCTION search_prefix_query(query text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (nullif(replace(strip(search_terms(query))::text, ''' ''', ''':* & '''), '') || ':*')::tsquery $$;
