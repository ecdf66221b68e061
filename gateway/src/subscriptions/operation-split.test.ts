import { buildSchema, parse, print, validate } from "graphql";
import { ENTITY_ID_VARIABLE, splitSubscription, SubscriptionShapeError } from "./operation-split";

const schema = buildSchema(`
  type Person { id: ID! name: String cases(status: String): [Case!]! }
  type Case { id: ID! status: String }
  type Event { id: ID! type: String! person: Person }
  type Widget { id: ID! }
  type Query { event(id: ID!): Event person(id: ID!): Person }
  type Subscription { personChanged(id: ID): Event! events(type: String): Event! widgets: Widget! }
`);

const split = (source: string, operationName?: string) => {
  const document = parse(source);
  expect(validate(schema, document)).toEqual([]);
  return splitSubscription(schema, document, operationName);
};

describe("splitting a subscription into its source stream and its per-payload query", () => {
  it("asks the source stream for the payload id only, keeping the root field's arguments and their variables", () => {
    const result = split(
      `subscription S($id: ID, $status: String) { changed: personChanged(id: $id) { type person { cases(status: $status) { id } } } }`,
    );
    expect(result.rootField).toBe("personChanged");
    expect(result.responseKey).toBe("changed");
    expect(result.lookupField).toBe("event");
    expect(print(parse(result.sourceDocument))).toBe(print(parse(`subscription S($id: ID) { changed: personChanged(id: $id) { id } }`)));
    expect(validate(schema, parse(result.sourceDocument))).toEqual([]);
  });

  it("resolves the client's whole selection through the lookup field, declaring only the variables it uses", () => {
    const result = split(
      `subscription S($id: ID, $status: String) { changed: personChanged(id: $id) { type person { cases(status: $status) { id } } } }`,
    );
    expect(print(parse(result.payloadDocument))).toBe(
      print(
        parse(
          `query S($status: String, $${ENTITY_ID_VARIABLE}: ID!) { changed: event(id: $${ENTITY_ID_VARIABLE}) { type person { cases(status: $status) { id } } } }`,
        ),
      ),
    );
    expect(validate(schema, parse(result.payloadDocument))).toEqual([]);
  });

  it("carries the fragments the selection uses (and the variables inside them), and drops the others", () => {
    // (A document with an unused fragment would not validate; the split must not depend on that.)
    const result = splitSubscription(
      schema,
      parse(`
      subscription ($status: String) { events { ...E } }
      fragment E on Event { type person { ...P } }
      fragment P on Person { cases(status: $status) { id } }
      fragment Unused on Case { status }`),
    );
    const payload = parse(result.payloadDocument);
    expect(validate(schema, payload)).toEqual([]);
    expect(result.payloadDocument).toContain("fragment P on Person");
    expect(result.payloadDocument).not.toContain("Unused");
    expect(result.payloadDocument).toContain("$status: String");
    expect(validate(schema, result.wholeDocument)).toEqual([]);
  });

  it("picks the named operation of a document holding several", () => {
    const result = split(`subscription A { events { type } } subscription B { personChanged { type } }`, "B");
    expect(result.rootField).toBe("personChanged");
  });

  it("refuses a payload type that has no root lookup field, and operations that are not subscriptions", () => {
    expect(() => split(`subscription { widgets { id } }`)).toThrow(SubscriptionShapeError);
    expect(() => splitSubscription(schema, parse(`query { event(id: "1") { id } }`))).toThrow(SubscriptionShapeError);
  });
});
