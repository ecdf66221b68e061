import { documentHash } from "@pap/core";
import { admitOperation, type TrustedOperations } from "./trusted-operations";

const listed = "query Listed { a }";
const other = "query Other { b }";
const documents = new Map([[documentHash(listed), listed]]);
const production: TrustedOperations = { documents, enforced: true };
const development: TrustedOperations = { documents, enforced: false };
const persisted = (document: string) => ({ persistedQuery: { version: 1, sha256Hash: documentHash(document) } });
const codeOf = (admission: ReturnType<typeof admitOperation>) => ("refused" in admission ? admission.refused.code : "admitted");

describe("admitOperation", () => {
  it("runs a listed hash's document, dropping the hash Apollo would look up again, and keeping other extensions", () => {
    expect(admitOperation({ extensions: { ...persisted(listed), trace: 1 }, variables: { x: 1 } }, production)).toEqual({
      params: { query: listed, variables: { x: 1 }, extensions: { trace: 1 } },
    });
    expect(admitOperation({ documentId: `sha256:${documentHash(listed)}` }, production)).toEqual({ params: { query: listed } });
    // A GET's extensions are text, and stay text.
    expect(admitOperation({ extensions: JSON.stringify(persisted(listed)) }, production)).toEqual({ params: { query: listed } });
  });

  it("in production refuses an unknown hash, an unlisted text and a text beside another document's hash", () => {
    expect(codeOf(admitOperation({ extensions: persisted(other) }, production))).toBe("PERSISTED_QUERY_NOT_FOUND");
    expect(codeOf(admitOperation({ query: other }, production))).toBe("PERSISTED_QUERY_NOT_IN_LIST");
    expect(codeOf(admitOperation({ query: other, extensions: persisted(other) }, production))).toBe("PERSISTED_QUERY_NOT_IN_LIST");
    expect(codeOf(admitOperation({ query: other, extensions: persisted(listed) }, production))).toBe("BAD_REQUEST");
    expect(codeOf(admitOperation({ query: listed }, production))).toBe("admitted");
  });

  it("in development lets anything else through as it came", () => {
    for (const params of [{ query: other }, { extensions: persisted(other) }, { query: other, extensions: persisted(other) }]) {
      expect(admitOperation(params, development)).toEqual({ params });
    }
  });
});
