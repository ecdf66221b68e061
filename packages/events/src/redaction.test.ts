import { REDACTED, redacted, sensitiveFieldSet } from "./redaction";

const sensitive = sensitiveFieldSet(["alienNumber"]);

describe("an event's data as the log keeps it", () => {
  it("holds no value of a sensitive field, at any depth, and keeps every other value", () => {
    const member = {
      id: "m1",
      personalInformation: { ssn: "123-45-6789", dateOfBirth: "1990-01-02", alienNumber: "A123456789", firstName: "Ana" },
      sponsors: [{ ssn: "987-65-4321", name: "Bo" }],
    };
    expect(redacted(member, sensitive)).toEqual({
      id: "m1",
      personalInformation: { ssn: REDACTED, dateOfBirth: REDACTED, alienNumber: REDACTED, firstName: "Ana" },
      sponsors: [{ ssn: REDACTED, name: "Bo" }],
    });
  });

  it("names a changed sensitive field in an update's changes, without its values before or after", () => {
    const changes = [
      { field: "dateOfBirth", before: "1990-01-02", after: "1990-02-01" },
      { field: "personalInformation", before: { ssn: "123-45-6789" }, after: { ssn: "123-45-6780" } },
      { field: "email", before: "a@example.org", after: "b@example.org" },
    ];
    expect(redacted({ changes }, sensitive)).toEqual({
      changes: [
        { field: "dateOfBirth", before: REDACTED, after: REDACTED },
        { field: "personalInformation", before: { ssn: REDACTED }, after: { ssn: REDACTED } },
        { field: "email", before: "a@example.org", after: "b@example.org" },
      ],
    });
  });

  it("keeps an absent value absent: a field set to null says it was cleared", () => {
    expect(redacted({ ssn: null, dateOfBirth: undefined }, sensitive)).toEqual({ ssn: null, dateOfBirth: undefined });
    expect(redacted({ changes: [{ field: "ssn", before: "123-45-6789", after: null }] }, sensitive)).toEqual({
      changes: [{ field: "ssn", before: REDACTED, after: null }],
    });
  });

  it("leaves what is not a record as it is", () => {
    expect(redacted("123-45-6789", sensitive)).toBe("123-45-6789");
    expect(redacted(null, sensitive)).toBeNull();
  });
});
