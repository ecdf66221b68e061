// What a host that may not migrate (DATABASE_MIGRATE=false) concludes from `_prisma_migrations`, and
// says: the pure comparison, then the check on an embedded store that holds nothing.
import { openDatabase } from "../connect";
import { committedMigrations } from "../migrations";
import { DatabaseNotMigrated, migrationModeFromEnv } from ".";
import { compareMigrations, describeMissing } from "./compare";

const done = (name: string) => ({ name, finished: true, rolledBack: false });

describe("committed against recorded migrations", () => {
  it("finds nothing missing when every committed migration finished", () => {
    expect(compareMigrations(["1_a", "2_b"], [done("2_b"), done("1_a")])).toEqual({ missing: [], unknown: [] });
  });

  it("names the committed migrations the database lacks, in their order", () => {
    expect(compareMigrations(["1_a", "2_b", "3_c"], [done("2_b")])).toEqual({ missing: ["1_a", "3_c"], unknown: [] });
    expect(compareMigrations(["1_a"], [])).toEqual({ missing: ["1_a"], unknown: [] });
  });

  it("counts a migration that failed (never finished) or was rolled back as missing", () => {
    const recorded = [
      { name: "1_a", finished: false, rolledBack: false },
      { name: "2_b", finished: true, rolledBack: true },
    ];
    expect(compareMigrations(["1_a", "2_b"], recorded).missing).toEqual(["1_a", "2_b"]);
  });

  it("names migrations a newer release applied, which this code does not know", () => {
    expect(compareMigrations(["1_a"], [done("1_a"), done("9_newer"), done("5_later")])).toEqual({
      missing: [],
      unknown: ["5_later", "9_newer"],
    });
  });

  it("tells the operator the release step, and names the missing migrations (ten at most, then a count)", () => {
    const missing = Array.from({ length: 12 }, (_, index) => `${index}_m`);
    const text = describeMissing(missing, 12);
    expect(text.split("\n")[0]).toMatch(/^The database lacks all 12 migrations this release needs.*`npm run migrate -- deploy`/);
    expect(text.split("\n").slice(1)).toEqual([...missing.slice(0, 10).map((name) => `  - ${name}`), "  - and 2 more"]);
    expect(describeMissing(["3_c"], 3)).toMatch(/^The database lacks 1 of the 3 migrations/);
  });
});

describe("DATABASE_MIGRATE", () => {
  it("applies at start by default, except in production on PostgreSQL, where the release step does", () => {
    expect(migrationModeFromEnv("postgres", {})).toBe("apply");
    expect(migrationModeFromEnv("pglite", {})).toBe("apply");
    expect(migrationModeFromEnv("postgres", { NODE_ENV: "production" })).toBe("check");
    expect(migrationModeFromEnv("pglite", { NODE_ENV: "production" })).toBe("apply");
  });

  it("is the operator's to say either way", () => {
    expect(migrationModeFromEnv("postgres", { DATABASE_MIGRATE: "false" })).toBe("check");
    expect(migrationModeFromEnv("pglite", { DATABASE_MIGRATE: "false" })).toBe("check");
    expect(migrationModeFromEnv("postgres", { NODE_ENV: "production", DATABASE_MIGRATE: "true" })).toBe("apply");
  });
});

describe("a start that may only check", () => {
  it("refuses an embedded store that holds no migration, naming them all, and creates nothing", async () => {
    const committed = (await committedMigrations()).migrationDirectories.map((directory) => directory.path);
    const refused = openDatabase({ kind: "pglite", dataDir: "memory" }, { migrate: "check" });
    await expect(refused).rejects.toBeInstanceOf(DatabaseNotMigrated);
    await expect(refused).rejects.toMatchObject({ missing: committed });
  });
});
