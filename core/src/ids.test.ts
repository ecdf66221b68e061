import { isUuid } from "./ids";

describe("isUuid", () => {
  it("recognises uuids only", () => {
    expect(isUuid("8e0b8f3e-6d8d-4f4b-9a57-2b0c4c0d7f1e")).toBe(true);
    expect(isUuid("8e0b8f3e-6d8d-4f4b-9a57")).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
