import { z } from "zod";
import { defineResource } from "./resource";
import { restShapeOf } from "./representation";
import { visit } from "./visit.fixture";

describe("bodies derived from a declaration", () => {
  const valid = { title: "First", startsAt: "2026-11-24T10:00:00Z" };

  it("requires what create requires, and takes every field written on create", () => {
    expect(visit.createBody.safeParse(valid).success).toBe(true);
    const missing = visit.createBody.safeParse({ startsAt: valid.startsAt });
    expect(missing.success || missing.error.issues.map((issue) => issue.path.join("."))).toEqual(["title"]);
  });

  it("checks each value by its declared check, else by its kind", () => {
    const result = visit.createBody.safeParse({
      ...valid,
      title: "",
      day: "2026-02-30",
      tags: ["a", "b", "c", "d"],
      score: 11,
      visitors: [{ personId: "x" }],
    });
    expect(result.success || result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      "title: must not be empty",
      "day: must be a date (YYYY-MM-DD)",
      "tags: Too big: expected array to have <=3 items",
      "visitors.0.personId: must be a uuid",
      "score: Too big: expected number to be <=10",
    ]);
  });

  it("takes null only for nullable fields", () => {
    expect(visit.createBody.safeParse({ ...valid, notes: null, day: null }).success).toBe(true);
    expect(visit.createBody.safeParse({ ...valid, title: null }).success).toBe(false);
  });

  it("refuses unknown fields, and fields not written on this operation", () => {
    expect(visit.createBody.safeParse({ ...valid, color: "red" }).success).toBe(false);
    expect(visit.createBody.safeParse({ ...valid, status: "done" }).success).toBe(false);
    expect(visit.updateBody.safeParse({ startsAt: valid.startsAt }).success).toBe(false);
  });

  it("makes every field of an update optional", () => {
    expect(visit.updateBody.parse({ status: "done" })).toEqual({ status: "done" });
    expect(visit.updateBody.parse({})).toEqual({});
  });

  it("accepts a nested record sent back as it was read, dropping what the server sets in it", () => {
    const visitor = { personId: "7f1b1c3e-4d1a-4c55-9a43-3c1f7b9e2a10", role: "nurse", checkedInAt: "2026-11-24T10:05:00.000Z" };
    expect(visit.createBody.parse({ ...valid, visitors: [visitor] })).toEqual({
      ...valid,
      visitors: [{ personId: visitor.personId, role: "nurse" }],
    });
    expect(visit.createBody.safeParse({ ...valid, visitors: [{ ...visitor, badge: 1 }] }).success).toBe(false);
  });

  it("turns a GraphQL input into a body: absent fields dropped, Date scalars as ISO strings by kind", () => {
    expect(
      visit.bodyFromInput({
        title: "T",
        notes: undefined,
        day: new Date("2026-11-24T00:00:00Z"),
        startsAt: new Date("2026-11-24T10:00:00Z"),
      }),
    ).toEqual({
      title: "T",
      day: "2026-11-24",
      startsAt: "2026-11-24T10:00:00.000Z",
    });
  });
});

describe("list rules derived from a declaration", () => {
  const spec = visit.listSpec;

  it("filters scalar and enum fields under their names, a string list as tags, nested related rows by dotted names", () => {
    expect(Object.keys(spec.fields)).toEqual([
      "id",
      "title",
      "notes",
      "status",
      "day",
      "startsAt",
      "tags",
      "visitors.personId",
      "visitors.role",
      "visitors.checkedInAt",
      "score",
      "createdAt",
      "visitor",
    ]);
    expect(spec.fields.status).toEqual({ kind: "enum", values: ["planned", "done"] });
    expect(spec.fields.notes).toEqual({ kind: "string", nullable: true });
    expect(spec.fields.tags).toEqual({ kind: "tags" });
    expect(spec.fields["visitors.role"]).toEqual({ kind: "string", column: "role", relation: { name: "visitors", many: true } });
  });

  it("names JSON fields as unfilterable, and leaves links and graph-only fields out", () => {
    expect(spec.unfilterable).toEqual(["ui"]);
    expect(spec.fields.household).toBeUndefined();
  });

  it("searches and sorts what the declaration marks", () => {
    expect(spec.fullText).toEqual(["title", "notes", "visitors.role"]);
    expect(spec.sortable).toEqual(["title", "status", "day", "createdAt"]);
    expect(spec.defaultSort).toBe("-createdAt");
  });
});

describe("the representation derived from a declaration", () => {
  it("selects every shown field, nested records with their own fields, no links", () => {
    expect(visit.selection).toBe("id title notes status day startsAt tags visitors { personId role checkedInAt } score ui createdAt");
  });

  it("describes the representation for OpenAPI, numbers with their bounds", () => {
    const schema = z.toJSONSchema(visit.response, { io: "output" }) as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).not.toContain("household");
    expect(schema.properties.score).toEqual(expect.objectContaining({ type: "integer", minimum: 0, maximum: 10 }));
    expect(schema.properties.status).toEqual(expect.objectContaining({ enum: ["planned", "done"] }));
  });

  it("snapshots a stored record in its API shape for events: instants and dates as ISO strings, nested records by their fields, UI state left out", () => {
    const stored = {
      id: "v1",
      title: "First",
      notes: null,
      status: "planned",
      day: new Date("2026-11-24T00:00:00Z"),
      startsAt: new Date("2026-11-24T10:00:00Z"),
      tags: ["a"],
      visitors: [{ id: "row", visitId: "v1", position: 0, personId: "p1", role: null, checkedInAt: new Date("2026-11-24T10:05:00Z") }],
      score: 3,
      ui: { tab: 2 },
      createdAt: new Date("2026-11-20T08:00:00Z"),
    };
    expect(visit.snapshot(stored)).toEqual({
      id: "v1",
      title: "First",
      notes: null,
      status: "planned",
      day: "2026-11-24",
      startsAt: "2026-11-24T10:00:00.000Z",
      tags: ["a"],
      visitors: [{ personId: "p1", role: null, checkedInAt: "2026-11-24T10:05:00.000Z" }],
      score: 3,
      createdAt: "2026-11-20T08:00:00.000Z",
    });
  });

  it("spreads a free-form record in REST, in events and in bodies", () => {
    const note = defineResource({
      name: "Note",
      plural: "notes",
      fields: { id: { kind: "uuid" }, body: { kind: "json", spread: true }, createdAt: { kind: "datetime", sort: true } },
      list: { defaultSort: "createdAt", anyNull: Symbol("AnyNull") },
    });
    expect(note.snapshot({ id: "n1", body: { text: "hi", id: "forged" }, createdAt: new Date("2026-11-24T00:00:00Z") })).toEqual({
      text: "hi",
      id: "n1",
      createdAt: "2026-11-24T00:00:00.000Z",
    });
    expect(note.toRest!({ id: "n1", body: { text: "hi" }, createdAt: "t" })).toEqual({ text: "hi", id: "n1", createdAt: "t" });
    expect(note.createBody.parse({ anything: { goes: true } })).toEqual({ anything: { goes: true } });
    expect(note.listSpec.freeForm).toEqual({ column: "body" });
  });
});

describe("restShapeOf", () => {
  const shape = restShapeOf({
    id: { kind: "uuid" },
    attributes: { kind: "json", spread: true },
    updatedAt: { kind: "datetime" },
  } as never)!;

  it("puts the free-form record's keys first and lets the server-set fields win", () => {
    const shown = shape({ id: "a", attributes: { name: "Ada", id: "forged", updatedAt: "x" }, updatedAt: "2026-11-25T00:00:00.000Z" });
    expect(shown).toEqual({ name: "Ada", id: "a", updatedAt: "2026-11-25T00:00:00.000Z" });
    expect(Object.keys(shown)).toEqual(["name", "id", "updatedAt"]);
  });

  it("keeps a key named __proto__ as an ordinary key, never as the prototype", () => {
    const shown = shape({ id: "a", attributes: JSON.parse('{"__proto__": {"polluted": true}}'), updatedAt: null });
    expect(Object.getPrototypeOf(shown)).toBe(Object.prototype);
    expect((shown as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.stringify(shown)).toBe('{"__proto__":{"polluted":true},"id":"a","updatedAt":null}');
  });

  it("shows a record without its free-form part", () => {
    expect(shape({ id: "a", attributes: null, updatedAt: null })).toEqual({ id: "a", updatedAt: null });
  });
});
