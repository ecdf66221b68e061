import { checkMembers, settleCaseDates } from "./case";

const today = "2026-11-22";

describe("case date rules", () => {
  it("keeps an active case open-ended", () => {
    expect(settleCaseDates({ status: "active", effectiveStartDate: "2026-01-01", effectiveEndDate: null }, today)).toEqual({
      status: "active",
      effectiveStartDate: "2026-01-01",
      effectiveEndDate: null,
    });
  });
  it("refuses an end date on an active case", () => {
    expect(() => settleCaseDates({ status: "active", effectiveStartDate: null, effectiveEndDate: "2026-02-01" }, today)).toThrow(
      expect.objectContaining({ status: 422, details: [{ field: "effectiveEndDate", message: "must be empty while the case is active" }] }),
    );
  });
  it("ends a closed case today unless an end date is given", () => {
    expect(settleCaseDates({ status: "closed", effectiveStartDate: null, effectiveEndDate: null }, today).effectiveEndDate).toBe(today);
    expect(settleCaseDates({ status: "closed", effectiveStartDate: null, effectiveEndDate: "2026-03-01" }, today).effectiveEndDate).toBe(
      "2026-03-01",
    );
  });
  it("refuses an end before the start", () => {
    expect(() => settleCaseDates({ status: "closed", effectiveStartDate: "2026-05-01", effectiveEndDate: "2026-04-30" }, today)).toThrow(
      expect.objectContaining({ status: 422 }),
    );
  });
});

describe("case members", () => {
  it("refuses the same person twice, naming the repeated entry", () => {
    const id = "8e0b8f3e-6d8d-4f4b-9a57-2b0c4c0d7f1e";
    expect(() => checkMembers([{ personId: id }, { personId: id }])).toThrow(
      expect.objectContaining({ details: [{ field: "members.1.personId", message: "appears more than once" }] }),
    );
    expect(() => checkMembers([{ personId: id }])).not.toThrow();
  });
});
