import { createHash } from "node:crypto";
import type { SearchColumn, SearchProjection } from "@pap/kernel/search";
import { Prisma } from "@pap/db";

// The SQL that derives one kind of record's search documents from its rows, built once from the
// domain's projection. Names and labels come from the domains' code; they are still checked and
// quoted, so a mistake in a declaration fails at start rather than producing odd SQL.

const identifier = (name: string): string => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`search projection: '${name}' is not a plain SQL name`);
  return `"${name}"`;
};

const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** A column's value as text: enums and ids cast, lists joined, instants as their UTC date. */
function textOf({ column, as = "text" }: SearchColumn): string {
  const value = `r.${identifier(column)}`;
  if (as === "list") return `array_to_string(${value}, ', ')`;
  if (as === "date") return `to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return `${value}::text`;
}

/** The attribute's type as SearchResult names it. */
const attributeType = (column: SearchColumn) => (column.as === "date" ? "date" : "string");

export type DocumentSql = {
  projection: SearchProjection;
  /** Names the projection a document was derived with: documents of another version are derived again. */
  version: string;
  /** Derives the documents of the given records again (upsert), and drops those whose record is gone. */
  refresh(ids: readonly string[]): Prisma.Sql;
  /**
   * Derives the next `limit` documents (by record id, after `after`) that are missing or were derived
   * by another version of the projection; answers the last record id it took (none: nothing was left).
   * Safe beside writes: the records it reads are key-share locked, so a record deleted meanwhile is
   * skipped (or its delete waits for this batch and then drops the document), and a document a write
   * has derived meanwhile (this version) is left as the write made it.
   */
  catchUp(after: string | null, limit: number): Prisma.Sql;
  /** Drops documents whose record is gone. */
  dropOrphans(): Prisma.Sql;
};

export function documentSql(projection: SearchProjection): DocumentSql {
  const table = identifier(projection.table);
  const version = createHash("sha256").update(JSON.stringify(projection)).digest("hex").slice(0, 16);
  const titleParts = projection.title.columns.map(textOf);
  const title = titleParts.length
    ? `coalesce(nullif(concat_ws(${literal(projection.title.separator ?? " ")}, ${titleParts.join(", ")}), ''), r.id::text)`
    : "r.id::text";
  const searched = [...projection.attributes, ...(projection.alsoSearched ?? [])].map(textOf);
  const attributes = projection.attributes.map(
    (attribute) =>
      `jsonb_build_object('field', ${literal(attribute.field)}, 'label', ${literal(attribute.label)}, 'value', ${textOf(attribute)}, 'type', ${literal(attributeType(attribute))})`,
  );
  const owner = projection.read.own ? `r.${identifier(projection.read.own.owner)}` : "NULL::uuid";
  const county = projection.county ? `r.${identifier(projection.county)}` : "NULL::text";
  // Everything but the rows' filter is fixed for the projection: built once, not on every write.
  const derivedHead = Prisma.raw(`
    SELECT d.type, d.id, d.title, d.text, search_terms(d.text), d.attributes, d."ownerId", d.county, d.version, d."createdAt", d."updatedAt"
    FROM (
      SELECT ${literal(projection.type)} AS type, r.id, t.title,
        concat_ws(' ', t.title, ${[...searched, "r.id::text"].join(", ")}) AS text,
        jsonb_path_query_array(jsonb_build_array(${attributes.join(", ")}), '$[*] ? (@.value != null)') AS attributes,
        ${owner} AS "ownerId", ${county} AS county, ${literal(version)} AS version, r."createdAt", r."updatedAt"
      FROM ${table} r CROSS JOIN LATERAL (SELECT ${title} AS title) t
      WHERE`);
  const upsertTail = Prisma.raw(`
    ) d
    ON CONFLICT (type, id) DO UPDATE SET title = EXCLUDED.title, text = EXCLUDED.text, terms = EXCLUDED.terms,
      attributes = EXCLUDED.attributes, "ownerId" = EXCLUDED."ownerId", county = EXCLUDED.county, version = EXCLUDED.version,
      "createdAt" = EXCLUDED."createdAt", "updatedAt" = EXCLUDED."updatedAt"`);
  const upsert = (where: Prisma.Sql) => Prisma.sql`
    INSERT INTO search_document (type, id, title, text, terms, attributes, "ownerId", county, version, "createdAt", "updatedAt")
    ${derivedHead} ${where} ${upsertTail}`;
  // Asked record by record (a look-up by the document's key), as the records are read in id order up
  // to the batch's size: an anti-join would read every document of the kind for every batch.
  const behind = (alias: string) =>
    Prisma.sql`(SELECT s.version FROM search_document s WHERE s.type = ${projection.type} AND s.id = ${Prisma.raw(alias)}.id) IS DISTINCT FROM ${version}`;
  return {
    projection,
    version,
    // One statement: the delete and the insert touch different documents (a record either exists or not).
    refresh: (ids) => Prisma.sql`
      WITH gone AS (
        DELETE FROM search_document d WHERE d.type = ${projection.type} AND d.id = ANY(${ids}::uuid[])
          AND NOT EXISTS (SELECT 1 FROM ${Prisma.raw(table)} r WHERE r.id = d.id))
      ${upsert(Prisma.sql`r.id = ANY(${ids}::uuid[])`)}`,
    catchUp: (after, limit) => Prisma.sql`
      WITH batch AS MATERIALIZED (
        SELECT b.id FROM ${Prisma.raw(table)} b WHERE (${after}::uuid IS NULL OR b.id > ${after}::uuid) AND ${behind("b")} ORDER BY b.id LIMIT ${limit}),
      derived AS (
        INSERT INTO search_document (type, id, title, text, terms, attributes, "ownerId", county, version, "createdAt", "updatedAt")
        ${derivedHead} r.id IN (SELECT id FROM batch) FOR KEY SHARE OF r
        ) d
        ON CONFLICT (type, id) DO UPDATE SET title = EXCLUDED.title, text = EXCLUDED.text, terms = EXCLUDED.terms,
          attributes = EXCLUDED.attributes, "ownerId" = EXCLUDED."ownerId", county = EXCLUDED.county, version = EXCLUDED.version,
          "createdAt" = EXCLUDED."createdAt", "updatedAt" = EXCLUDED."updatedAt"
        WHERE search_document.version <> EXCLUDED.version
        RETURNING 1)
      SELECT (SELECT id::text FROM batch ORDER BY id DESC LIMIT 1) AS last, (SELECT count(*)::int FROM derived) AS derived`,
    dropOrphans: () =>
      Prisma.sql`DELETE FROM search_document d WHERE d.type = ${projection.type} AND NOT EXISTS (SELECT 1 FROM ${Prisma.raw(table)} r WHERE r.id = d.id)`,
  };
}
