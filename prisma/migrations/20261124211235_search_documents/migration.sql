-- CreateTable
CREATE TABLE "search_document" (
    "type" TEXT NOT NULL,
    "id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "terms" tsvector NOT NULL,
    "attributes" JSONB NOT NULL DEFAULT '[]',
    "ownerId" UUID,
    "version" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "search_document_pkey" PRIMARY KEY ("type","id")
);

-- CreateIndex
CREATE INDEX "search_document_terms_idx" ON "search_document" USING GIN ("terms");

-- CreateIndex
CREATE INDEX "search_document_createdAt_idx" ON "search_document"("createdAt");

-- CreateIndex
CREATE INDEX "search_document_type_version_idx" ON "search_document"("type", "version");

-- CreateIndex
CREATE INDEX "search_document_ownerId_idx" ON "search_document"("ownerId");

-- Fuzzy and partial matches: word similarity (`q <% text`) over trigrams. The name ends in `_trgm`,
-- which the migration runner knows Prisma cannot declare.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "search_document_text_trgm" ON "search_document" USING gin ("text" gin_trgm_ops);

-- One tokenization for documents and queries alike: every run of characters that are not letters or
-- digits separates words, so an e-mail address, a phone number or an id is searchable by its parts.
CREATE FUNCTION search_terms(source text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_tsvector('simple', regexp_replace(source, '[^[:alnum:]]+', ' ', 'g')) $$;

-- A query's words, each as a prefix, all required: `ana lop` finds "Ana Lopez". NULL when the query
-- holds no word at all (it then matches nothing by full text).
CREATE FUNCTION search_prefix_query(query text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT string_agg(lexeme || ':*', ' & ')::tsquery FROM unnest(search_terms(query)) $$;
