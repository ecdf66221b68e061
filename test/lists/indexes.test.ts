/**
 * Lists are answered by indexes, not by scanning the table (issue 15): every text field a resource
 * declares searchable has a trigram index, the SQL the list compiler emits for `q` can use it, and on
 * 100,000 persons and 100,000 tasks PostgreSQL's own planner chooses it for the page and the count.
 * Plans are read with EXPLAIN over the very statements Prisma sends for a list.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { buildListQuery, pageStatements, substringIndexedColumns, type ListSpec } from "@pap/kernel/list";
import { openDatabase, plainColumnsOf, type Database } from "@pap/db";
import { domains } from "@pap/gateway";
import { createTestDatabase } from "../support/platform";
import { indexScanOf as scanOf, planOf, preparedPlanOf, seedPersons, seedTasks, type Statement } from "../support/plans";

jest.setTimeout(180_000);

/** Table names by model, from the schema files' `@@map`. */
function tablesByModel(): Record<string, string> {
  const dir = path.join(__dirname, "../..", "prisma", "schema");
  const tables: Record<string, string> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".prisma"))) {
    for (const [, model, body] of readFileSync(path.join(dir, file), "utf8").matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
      tables[model!] = /@@map\("([^"]+)"\)/.exec(body!)?.[1] ?? model!;
    }
  }
  return tables;
}

/** Where a searchable text field is stored: the model (the related one for a field on a relation) and column. */
type SearchedColumn = {
  resource: string;
  field: string;
  model: string;
  delegateModel: string;
  table: string;
  column: string;
  spec: ListSpec;
};

function searchedColumns(): SearchedColumn[] {
  const tables = tablesByModel();
  const relationModels: Record<string, Record<string, string>> = {
    // A case's members live in their own table; the list compiles `members.relationship` to EXISTS over it.
    Case: { members: "CaseMember" },
  };
  const columns: SearchedColumn[] = [];
  for (const resource of domains.flatMap((domain) => domain.resources)) {
    const model = resource.declaration.model;
    if (!model) continue;
    for (const field of resource.listSpec.fullText) {
      const def = resource.listSpec.fields[field]!;
      if (def.kind !== "string") continue;
      const storedIn = def.relation ? relationModels[model]?.[def.relation.name] : model;
      if (!storedIn) throw new Error(`${resource.name}.${field}: add its relation's model to relationModels`);
      columns.push({
        resource: resource.name,
        field,
        model: storedIn,
        delegateModel: model,
        table: tables[storedIn]!,
        column: def.column ?? field,
        spec: resource.listSpec,
      });
    }
  }
  return columns;
}

let database: Database;
let client: Client;
const sent: Statement[] = [];

/** The statements one list sends through Prisma: the page and the count. */
async function listStatements(model: string, spec: ListSpec, q: string): Promise<{ page: Statement; count: Statement }> {
  const { where, orderBy, skip, take } = buildListQuery(spec, { q });
  const delegate = (
    database.prisma as unknown as Record<string, { findMany(args: unknown): Promise<unknown>; count(args: unknown): Promise<number> }>
  )[model.charAt(0).toLowerCase() + model.slice(1)]!;
  const start = sent.length;
  await delegate.findMany({ where, orderBy, skip, take });
  const page = sent.slice(start).find((statement) => /^\s*SELECT/i.test(statement.sql))!;
  const countStart = sent.length;
  await delegate.count({ where });
  const count = sent.slice(countStart).find((statement) => /COUNT/i.test(statement.sql))!;
  return { page, count };
}

const plan = (statement: Statement) => planOf(client, statement);

beforeAll(async () => {
  const url = await createTestDatabase("list-indexes");
  database = await openDatabase(
    { kind: "postgres", url, poolSize: 2 },
    { migrate: false, onQuery: (sql, params) => void sent.push({ sql, params: JSON.parse(params) }) },
  );
  client = new Client({ connectionString: url });
  await client.connect();
  await seedPersons(client);
  await seedTasks(client);
  await client.query("ANALYZE person; ANALYZE workflow_task");
});

afterAll(async () => {
  await client?.end();
  await database?.close();
});

describe("trigram indexes of the searchable text fields", () => {
  const columns = searchedColumns();

  it("cover the persons' mirrored paths and the other resources' searchable text", () => {
    expect(columns.map((column) => `${column.table}.${column.column}`)).toEqual(
      expect.arrayContaining([
        "person.lastName",
        "person.firstName",
        "person.email",
        "workflow_task.name",
        "appointment.notes",
        "intake_application.applicantLastName",
      ]),
    );
  });

  it.each(columns.map((column) => [`${column.resource}.${column.field}`, column] as const))(
    "%s has one, and its q can use it",
    async (_name, column) => {
      const index = `${column.table}_${column.column}_trgm`;
      const found = await client.query("SELECT indexdef FROM pg_indexes WHERE indexname = $1", [index]);
      expect(found.rows[0]?.indexdef).toMatch(/USING gin .*gin_trgm_ops/);
      // The planner is told to avoid scans, so the plan shows whether the compiled SQL *can* use the index
      // at all (a LOWER(...) LIKE, say, could not); the 100,000-row tests below show it is chosen.
      await client.query("SET enable_seqscan = off");
      try {
        const { count } = await listStatements(column.delegateModel, column.spec, `${column.field}:abcd`);
        expect(await plan(count)).toMatch(scanOf(index));
      } finally {
        await client.query("RESET enable_seqscan");
      }
    },
  );
});

describe("substring indexes of the fields that declare one", () => {
  const declared = domains
    .flatMap((domain) => domain.resources)
    .flatMap((resource) => [...substringIndexedColumns(resource.listSpec)].map((column) => ({ resource, column })));

  it("include the persons' e-mail", () => {
    expect(declared.map(({ resource, column }) => `${resource.name}.${column}`)).toContain("Person.email");
  });

  it.each(declared.map((entry) => [`${entry.resource.name}.${entry.column}`, entry] as const))(
    "%s has one",
    async (_name, { resource, column }) => {
      const table = tablesByModel()[resource.declaration.model!]!;
      const found = await client.query("SELECT indexdef FROM pg_indexes WHERE indexname = $1", [`${table}_${column}_pieces_by_hand`]);
      expect(found.rows[0]?.indexdef).toMatch(new RegExp(`USING gin \\(text_pieces\\(lower\\("?${column}"?\\)\\)\\)`));
    },
  );
});

describe("on 100,000 rows the planner answers q from the indexes", () => {
  const person = domains.flatMap((domain) => domain.resources).find((resource) => resource.name === "Person")!;
  const task = domains.flatMap((domain) => domain.resources).find((resource) => resource.name === "Task")!;

  it.each([
    ["contains", "name.lastName:Smith0040", "person_lastName_trgm"],
    ["starts with", "name.lastName:okaf*", "person_lastName_trgm"],
    ["ends with", "email:*9999@example.org", "person_email_trgm"],
    ["a mirrored address path", "address.city:City1717", "person_addressCity_trgm"],
    ["a postal code", "address.postalCode:12345", "person_addressPostalCode_trgm"],
    ["two conditions (either index serves)", "address.city:City1040 name.lastName:Smith0040", "person_(addressCity|lastName)_trgm"],
  ])("persons, %s (%s)", async (_form, q, index) => {
    const { page, count } = await listStatements("Person", person.listSpec, q);
    expect(await plan(count)).toMatch(scanOf(index));
    expect(await plan(page)).not.toMatch(/Seq Scan on "?person"?/);
  });

  it("persons, a bare term searches names and e-mail through their indexes", async () => {
    const { count } = await listStatements("Person", person.listSpec, "Kowalski0007");
    const text = await plan(count);
    for (const index of ["person_firstName_trgm", "person_lastName_trgm", "person_email_trgm"]) expect(text).toMatch(scanOf(index));
  });

  it("tasks, a name that contains a term", async () => {
    const { page, count } = await listStatements("Task", task.listSpec, "name:99999");
    expect(await plan(count)).toMatch(scanOf("workflow_task_name_trgm"));
    expect(await plan(page)).not.toMatch(/Seq Scan on "?workflow_task"?/);
  });

  it("persons, an e-mail address through the driver: its substring index, not its trigrams, planned for its value and prepared", async () => {
    const { where, orderBy, skip, take } = buildListQuery(person.listSpec, { q: "email:person12345@example.org name.lastName:Larsen" });
    const statements = pageStatements(
      "person",
      { where, orderBy, skip, take },
      plainColumnsOf("Person"),
      substringIndexedColumns(person.listSpec),
    )!;
    const count = { sql: statements.count().text, params: statements.count().params };
    const page = { sql: statements.items.text, params: statements.items.params };
    for (const plan of [
      await planOf(client, count),
      await preparedPlanOf(client, count),
      await planOf(client, page),
      await preparedPlanOf(client, page),
    ]) {
      expect(plan).toMatch(scanOf("person_email_pieces_by_hand"));
      expect(plan).not.toMatch(scanOf("person_email_trgm"));
    }
    const [counted] = await database.read<{ count: number }>(count.sql, count.params);
    expect(counted?.count).toBe(1);
  });

  it("the counts agree with the data (the index path finds every match)", async () => {
    const counted = await database.prisma.person.count({
      where: buildListQuery(person.listSpec, { q: "name.lastName:Smith0040" }).where as never,
    });
    const scanned = await client.query(`SELECT count(*)::int AS n FROM person WHERE attributes #>> '{name,lastName}' ILIKE '%Smith0040%'`);
    expect(counted).toBe(scanned.rows[0].n);
    expect(counted).toBeGreaterThan(0);
  });
});
