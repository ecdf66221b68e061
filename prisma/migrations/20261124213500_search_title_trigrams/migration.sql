-- Fuzzy matches (a typo) compare the query with a document's title, not its whole text: titles are
-- short, so the trigram index stays small and checking its candidates is cheap, where similarity to
-- long texts cost tens of microseconds a row and matched far too much (every number sharing digits).
DROP INDEX "search_document_text_trgm";
CREATE INDEX "search_document_title_trgm" ON "search_document" USING gin ("title" gin_trgm_ops);
