import { channelsFor, languageOf, recipientsOf, type Household, type MemberForNotices } from "./recipients";

const home = { addressLine1: "40 Oak Ave", city: "Springfield", state: "IL", zip: "62704" };
const member = (overrides: Partial<MemberForNotices>): MemberForNotices => ({
  id: "m",
  roles: ["household_member"],
  name: "Someone",
  ...overrides,
});

describe("the channels a notice preference chooses", () => {
  it("follows the preference where the recipient can be reached by it", () => {
    expect(channelsFor("both", "a@example.org", home)).toEqual(["email", "paper"]);
    expect(channelsFor("email", "a@example.org", home)).toEqual(["email"]);
    expect(channelsFor("paper", "a@example.org", home)).toEqual(["paper"]);
  });
  it("falls back to the channel that reaches the recipient, paper first when no preference is stated", () => {
    expect(channelsFor("email", null, home)).toEqual(["paper"]);
    expect(channelsFor("paper", "a@example.org", null)).toEqual(["email"]);
    expect(channelsFor(null, "a@example.org", home)).toEqual(["paper"]);
    expect(channelsFor(null, null, null)).toEqual([]);
  });
});

describe("who a household's notice goes to", () => {
  it("is the primary applicant, members who stated a preference and representatives who receive notices, each reachable", () => {
    const household: Household = {
      members: [
        member({ id: "primary", roles: ["primary_applicant"], name: "Ana", address: home }),
        member({ id: "quiet", name: "Leo", address: home }),
        member({ id: "asked", name: "Eva", email: "eva@example.org", noticePreference: "email" }),
        member({ id: "unreachable", name: "Tom", noticePreference: "paper" }),
      ],
      representatives: [
        { id: "legal-aid", name: "Legal Aid", receivesNotices: true, address: home, email: "aid@example.org" },
        { id: "helper", name: "Helper", receivesNotices: false, address: home },
      ],
    };
    expect(recipientsOf(household).map((recipient) => [recipient.recipientId, recipient.kind, recipient.channels])).toEqual([
      ["primary", "member", ["paper"]],
      ["asked", "member", ["email"]],
      ["legal-aid", "authorized_representative", ["email", "paper"]],
    ]);
    expect(recipientsOf(household)[0]!.destinations).toEqual([{ channel: "paper", name: "Ana", address: home }]);
  });
});

describe("the language a household's notices are written in", () => {
  const withLanguages = (writtenLanguage?: string, spokenLanguage?: string): Household => ({
    members: [member({ roles: ["primary_applicant"], writtenLanguage, spokenLanguage })],
    representatives: [],
  });
  it("is the primary applicant's written language, else spoken, when a template exists in it, else English", () => {
    expect(languageOf(withLanguages("es-MX"))).toBe("es");
    expect(languageOf(withLanguages(undefined, "es"))).toBe("es");
    expect(languageOf(withLanguages("vi", "es"))).toBe("es");
    expect(languageOf(withLanguages("vi"))).toBe("en");
    expect(languageOf(withLanguages())).toBe("en");
  });
});
