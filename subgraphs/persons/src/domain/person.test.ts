import { nameColumns } from "./person";

describe("person name columns", () => {
  it("mirror name.firstName and name.lastName", () => {
    expect(nameColumns({ name: { firstName: "Ana", lastName: "Lopez" }, email: "a@b.c" })).toEqual({ firstName: "Ana", lastName: "Lopez" });
  });
  it("are null when the name is missing or not text", () => {
    expect(nameColumns({})).toEqual({ firstName: null, lastName: null });
    expect(nameColumns({ name: "Ana Lopez" })).toEqual({ firstName: null, lastName: null });
    expect(nameColumns({ name: { firstName: 3 } })).toEqual({ firstName: null, lastName: null });
  });
});
