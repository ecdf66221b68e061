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
});
