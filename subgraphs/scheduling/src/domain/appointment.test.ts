import { checkTimeSpan } from "./appointment";

describe("appointment time span", () => {
  it("accepts an appointment that ends after it starts", () => {
    expect(() => checkTimeSpan(new Date("2026-12-01T10:00:00Z"), new Date("2026-12-01T10:30:00Z"))).not.toThrow();
  });
  it("refuses one that ends when or before it starts", () => {
    for (const end of ["2026-12-01T10:00:00Z", "2026-12-01T09:00:00Z"]) {
      expect(() => checkTimeSpan(new Date("2026-12-01T10:00:00Z"), new Date(end))).toThrow(
        expect.objectContaining({ status: 422, details: [{ field: "endAt", message: "must be after startAt" }] }),
      );
    }
  });
});
