import { createByKeyLoader, createGroupLoader, createRowByIdLoader } from "./loaders";

describe("batch loaders", () => {
  it("fetch all keys of one tick in one call and answer null for missing keys", async () => {
    const calls: string[][] = [];
    const loader = createByKeyLoader<string, { id: string }>(
      async (ids) => {
        calls.push([...ids]);
        return ids.filter((id) => id !== "missing").map((id) => ({ id }));
      },
      (row) => row.id,
    );
    const results = await Promise.all([loader.load("a"), loader.load("missing"), loader.load("b")]);
    expect(results).toEqual([{ id: "a" }, null, { id: "b" }]);
    expect(calls).toEqual([["a", "missing", "b"]]);
  });
  it("group rows under every key they belong to, empty lists for keys with none", async () => {
    const loader = createGroupLoader<string, { id: number; owners: string[] }>(
      async () => [
        { id: 1, owners: ["p1", "p2"] },
        { id: 2, owners: ["p2"] },
      ],
      (row) => row.owners,
    );
    const [p1, p2, p3] = await Promise.all([loader.load("p1"), loader.load("p2"), loader.load("p3")]);
    expect(p1.map((row) => row.id)).toEqual([1]);
    expect(p2.map((row) => row.id)).toEqual([1, 2]);
    expect(p3).toEqual([]);
  });
});

describe("records by id across requests", () => {
  const first = "00000000-0000-4000-8000-000000000001";
  const second = "00000000-0000-4000-8000-000000000002";

  it("read every request's ids of one turn in one statement, each request with rows of its own", async () => {
    const statements: unknown[][] = [];
    const read = (async (_text: string, params: readonly unknown[]) => {
      statements.push(params[0] as unknown[]);
      return (params[0] as string[]).map((id) => ({ id, nested: { value: id } }));
    }) as unknown as Parameters<typeof createRowByIdLoader>[0];
    const [one, other] = [
      createRowByIdLoader<{ id: string; nested: object }>(read, "t"),
      createRowByIdLoader<{ id: string; nested: object }>(read, "t"),
    ];
    const [a, b, c] = await Promise.all([one.load(first), other.load(first), other.load(second)]);
    expect(statements).toEqual([[first, second]]);
    expect([a?.id, b?.id, c?.id]).toEqual([first, first, second]);
    // The same row for two requests: equal, but not one object whose changes one request would see in the other's.
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    expect(b!.nested).not.toBe(a!.nested);
  });

  it("answer an id that is no uuid with nothing, without failing the statement the others share", async () => {
    const read = (async (_text: string, params: readonly unknown[]) => {
      const ids = params[0] as string[];
      if (ids.some((id) => !/^[0-9a-f-]{36}$/.test(id))) throw new Error("invalid input syntax for type uuid");
      return ids.map((id) => ({ id }));
    }) as unknown as Parameters<typeof createRowByIdLoader>[0];
    const [one, other] = [createRowByIdLoader<{ id: string }>(read, "u"), createRowByIdLoader<{ id: string }>(read, "u")];
    const [bad, good] = await Promise.all([one.load("not-a-uuid"), other.load(second)]);
    expect(bad).toBeNull();
    expect(good?.id).toBe(second);
  });
});
