import { createByKeyLoader, createGroupLoader } from "./loaders";

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
