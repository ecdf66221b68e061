import { pageStatements } from "./where-sql";
import type { Where } from "./where-compiler";

const columns = new Set(["id", "lastName", "addressCity", "createdAt", "updatedAt", "status"]);
const page = { orderBy: [{ updatedAt: "desc" }, { id: "asc" }], skip: 10, take: 5 };

describe("pageStatements", () => {
  it("writes plain column conditions as Prisma does, values as parameters, then the page", () => {
    const statements = pageStatements(
      "person",
      {
        ...page,
        where: {
          AND: [
            { addressCity: { contains: "spring\\_x", mode: "insensitive" } },
            { OR: [{ NOT: { lastName: { startsWith: "Smi", mode: "insensitive" } } }, { lastName: null }] },
            { status: { in: ["active", "closed"] } },
            { createdAt: { gte: new Date("2026-01-01T00:00:00Z"), lt: new Date("2026-01-02T00:00:00Z") } },
          ],
        },
      },
      columns,
    )!;
    expect(statements.items.text).toBe(
      'SELECT * FROM "person" WHERE ("addressCity" ILIKE (\'%\' || $1 || \'%\') AND (NOT "lastName" ILIKE ($2 || \'%\') OR "lastName" IS NULL) AND "status" = ANY($3) AND ("createdAt" >= $4 AND "createdAt" < $5)) ORDER BY "updatedAt" DESC, "id" ASC LIMIT $6 OFFSET $7',
    );
    expect(statements.items.params).toEqual([
      "spring\\_x",
      "Smi",
      ["active", "closed"],
      new Date("2026-01-01T00:00:00Z"),
      new Date("2026-01-02T00:00:00Z"),
      5,
      10,
    ]);
    expect(statements.count().params).toHaveLength(5);
    expect(statements.count().text).toMatch(/^SELECT count\(\*\)::int AS count FROM "person" WHERE /);
  });

  it("keeps Prisma's meaning of empty AND (true), empty OR (false) and an empty `in` (false)", () => {
    const text = (where: Where) => pageStatements("t", { ...page, where }, columns)!.items.text;
    expect(text({})).toContain("WHERE TRUE ORDER BY");
    expect(text({ OR: [] })).toContain("WHERE FALSE ORDER BY");
    expect(text({ id: { in: [] } })).toContain("WHERE FALSE ORDER BY");
    expect(text({ lastName: { not: null } })).toContain('WHERE "lastName" IS NOT NULL ORDER BY');
  });

  it("orders by a nullable column with its NULLs where Prisma puts them", () => {
    const statements = pageStatements(
      "t",
      { where: {}, orderBy: [{ lastName: { sort: "asc", nulls: "last" } }, { id: "asc" }], skip: 0, take: 25 },
      columns,
    )!;
    expect(statements.items.text).toContain('ORDER BY "lastName" ASC NULLS LAST, "id" ASC');
  });

  it("leaves to Prisma what is not a plain column: a JSON path, a relation, an array, an unknown column", () => {
    for (const where of [
      { attributes: { path: ["rank"], string_contains: "x" } },
      { members: { some: { personId: "x" } } },
      { roles: { hasSome: ["a"] } },
      { nickname: { equals: "x" } },
    ]) {
      expect(pageStatements("t", { ...page, where }, columns)).toBeUndefined();
    }
    expect(pageStatements("t", { ...page, where: {}, orderBy: [{ owner: { name: "asc" } }] }, columns)).toBeUndefined();
  });

  describe("a column with a substring index", () => {
    const withEmail = new Set([...columns, "email"]);
    const statement = (filter: Record<string, unknown>) =>
      pageStatements("person", { ...page, where: { email: filter } }, withEmail, new Set(["email"]))!.items;

    it("looks a value of a piece's length or more up by the pieces that cover it, the LIKE still deciding the match", () => {
      const { text, params } = statement({ contains: "ana\\_lopez@example.org", mode: "insensitive" });
      expect(text).toContain(
        `WHERE (("email" || '') ILIKE ('%' || $1 || '%') AND (text_pieces(lower("email")) @> text_piece_cover(lower($2)) OR length(lower("email")) > 256)) ORDER BY`,
      );
      // The pattern keeps its escape; the pieces are cut from the text it stands for.
      expect(params.slice(0, 2)).toEqual(["ana\\_lopez@example.org", "ana_lopez@example.org"]);
    });

    it("from exactly a piece's length", () => {
      expect(statement({ contains: "ana\\_lopez123", mode: "insensitive" }).text).toContain("text_piece_cover");
    });

    it("does so for starts-with and ends-with too, which are substrings as well", () => {
      expect(statement({ startsWith: "ana.lopez@exa", mode: "insensitive" }).text).toContain("text_piece_cover(lower($2))");
      expect(statement({ endsWith: "@example.org", mode: "insensitive" }).text).toContain("text_piece_cover(lower($2))");
    });

    it("leaves a shorter value, counted in characters once unescaped, to the trigram index", () => {
      // Eleven characters once the escapes are gone, though twelve or more as written or in UTF-16 units.
      for (const value of ["ana\\_lopez12", "ana.lópez🙂x", "ana\\%\\%lopez1"]) {
        const { text } = statement({ contains: value, mode: "insensitive" });
        expect(text).toContain(`WHERE "email" ILIKE ('%' || $1 || '%') ORDER BY`);
      }
    });

    it("is not used for a column the list does not declare so", () => {
      const { text } = pageStatements(
        "person",
        { ...page, where: { email: { contains: "ana.lopez@example.org", mode: "insensitive" } } },
        new Set([...columns, "email"]),
      )!.items;
      expect(text).not.toContain("text_pieces");
    });
  });
});
