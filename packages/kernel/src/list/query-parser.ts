import { invalidQuery } from "@pap/core";
import { FIELD_NAME_PATTERN } from "./fields";

/**
 * How a value was written. `plain` is a value with no wildcard: text-like fields read it as
 * "contains", exact fields (ids, numbers, dates, booleans) as "equals"; the wildcard forms are only
 * meaningful for text, so keeping them apart lets exact fields reject `*` instead of ignoring it.
 */
export type ValueMatch = "plain" | "contains" | "startsWith" | "endsWith";

export type QueryValue = { text: string; match: ValueMatch };

export type ComparisonOperator = "gt" | "gte" | "lt" | "lte";

/** `position` is the 0-based offset of the condition in `q`, so compile errors can point at it. */
type NodeBase = { negated: boolean; position: number };

/** A bare term (`smith`, `smi*`, `"john smith"`): searched across the list's full-text fields. */
export type TermNode = NodeBase & { kind: "term"; value: QueryValue };
/** `field:value` or `field:v1,v2` (any-of). */
export type MatchNode = NodeBase & { kind: "match"; field: string; values: QueryValue[] };
/** `field:>v`, `field:>=v`, `field:<v`, `field:<=v`. */
export type CompareNode = NodeBase & { kind: "compare"; field: string; operator: ComparisonOperator; value: string };
/** `field:*` (negated: `-field:*`, the field is absent). */
export type ExistsNode = NodeBase & { kind: "exists"; field: string };

export type QueryNode = TermNode | MatchNode | CompareNode | ExistsNode;

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** Parses `q` into conditions that are ANDed; an empty or blank `q` has none. */
export function parseQuery(q: string): QueryNode[] {
  return new Parser(q).parse();
}

class Parser {
  private pos = 0;

  constructor(private readonly q: string) {}

  parse(): QueryNode[] {
    const nodes: QueryNode[] = [];
    for (;;) {
      while (isSpace(this.peek())) this.pos++;
      if (this.atEnd()) return nodes;
      nodes.push(this.condition());
    }
  }

  private condition(): QueryNode {
    const position = this.pos;
    let negated = false;
    if (this.peek() === "-") {
      negated = true;
      this.pos++;
      if (this.atBoundary()) throw invalidQuery("'-' must be followed by a condition", position);
      if (this.peek() === "-") throw invalidQuery("a condition can be negated only once", this.pos);
    }

    if (this.peek() === '"') {
      const quoteAt = this.pos;
      const text = this.quoted();
      if (text === "") throw invalidQuery("empty quoted term", quoteAt);
      this.expectBoundary("quoted term");
      return { kind: "term", negated, position, value: { text, match: "plain" } };
    }

    const wordStart = this.pos;
    const word = this.readWhile((c) => !isSpace(c) && c !== ":" && c !== '"');
    if (this.peek() === '"') throw invalidQuery("unexpected '\"' inside a term; quote the whole value", this.pos);
    if (this.peek() === ":") {
      if (word === "") throw invalidQuery("missing field name before ':'", wordStart);
      if (!FIELD_NAME_PATTERN.test(word)) throw invalidQuery(`invalid field name '${word}'`, wordStart);
      this.pos++;
      return this.fieldCondition(word, negated, position);
    }
    if (word === "*") throw invalidQuery("a bare '*' matches nothing specific; give a term or use 'field:*'", wordStart);
    return { kind: "term", negated, position, value: this.wildcard(word, wordStart) };
  }

  private fieldCondition(field: string, negated: boolean, position: number): QueryNode {
    const valueStart = this.pos;
    if (this.atBoundary()) throw invalidQuery(`missing value after '${field}:'`, valueStart);

    const first = this.peek();
    if (first === ">" || first === "<") {
      this.pos++;
      const orEqual = this.peek() === "=";
      if (orEqual) this.pos++;
      const operatorText = `${first}${orEqual ? "=" : ""}`;
      const operator: ComparisonOperator = first === ">" ? (orEqual ? "gte" : "gt") : orEqual ? "lte" : "lt";
      if (this.atBoundary()) throw invalidQuery(`missing value after '${field}:${operatorText}'`, this.pos);
      const next = this.peek();
      if (next === ">" || next === "<" || next === "=") throw invalidQuery(`invalid comparison operator in '${field}:'`, valueStart);
      let value: string;
      if (next === '"') {
        const quoteAt = this.pos;
        value = this.quoted();
        if (value === "") throw invalidQuery(`empty value after '${field}:${operatorText}'`, quoteAt);
      } else {
        const at = this.pos;
        value = this.readWhile((c) => !isSpace(c) && c !== '"');
        if (this.peek() === '"') throw invalidQuery("unexpected '\"' inside a value; quote the whole value", this.pos);
        if (value.includes("*")) throw invalidQuery("wildcards cannot be used with comparisons", at);
        if (value.includes(",")) throw invalidQuery("a comparison takes a single value", at);
      }
      this.expectBoundary("value");
      return { kind: "compare", negated, position, field, operator, value };
    }

    if (first === "*" && (this.pos + 1 >= this.q.length || isSpace(this.q[this.pos + 1]))) {
      this.pos++;
      return { kind: "exists", negated, position, field };
    }

    const values: QueryValue[] = [];
    for (;;) {
      const itemStart = this.pos;
      if (this.peek() === '"') {
        const text = this.quoted();
        if (text === "") throw invalidQuery(`empty value for '${field}'`, itemStart);
        values.push({ text, match: "plain" });
      } else {
        const raw = this.readWhile((c) => !isSpace(c) && c !== "," && c !== '"');
        if (this.peek() === '"') throw invalidQuery("unexpected '\"' inside a value; quote the whole value", this.pos);
        if (raw === "") throw invalidQuery(`empty value in the list for '${field}'`, itemStart);
        values.push(this.wildcard(raw, itemStart));
      }
      if (this.peek() === ",") {
        this.pos++;
        if (this.atBoundary()) throw invalidQuery(`empty value after ',' for '${field}'`, this.pos);
        continue;
      }
      this.expectBoundary("value");
      return { kind: "match", negated, position, field, values };
    }
  }

  /** `*x*` contains, `x*` starts with, `*x` ends with; a `*` anywhere else is almost surely a mistake. */
  private wildcard(raw: string, start: number): QueryValue {
    const leading = raw.startsWith("*");
    const trailing = raw.length > 1 && raw.endsWith("*");
    const text = raw.slice(leading ? 1 : 0, trailing ? -1 : undefined);
    if (text === "") throw invalidQuery("a value needs more than wildcards", start);
    const inner = text.indexOf("*");
    if (inner >= 0)
      throw invalidQuery("'*' may only start or end a value; quote the value to search for '*'", start + (leading ? 1 : 0) + inner);
    const match: ValueMatch = leading && trailing ? "contains" : leading ? "endsWith" : trailing ? "startsWith" : "plain";
    return { text, match };
  }

  /** Reads a `"…"` string; a backslash takes the next character literally (`\"`, `\\`). */
  private quoted(): string {
    const start = this.pos;
    this.pos++;
    let text = "";
    while (this.pos < this.q.length) {
      const c = this.q[this.pos] as string;
      if (c === "\\" && this.pos + 1 < this.q.length) {
        text += this.q[this.pos + 1];
        this.pos += 2;
      } else if (c === '"') {
        this.pos++;
        return text;
      } else {
        text += c;
        this.pos++;
      }
    }
    throw invalidQuery("unterminated quoted value", start);
  }

  private expectBoundary(after: string): void {
    if (!this.atBoundary()) throw invalidQuery(`unexpected '${this.peek()}' after ${after}; separate conditions with spaces`, this.pos);
  }

  private readWhile(accept: (c: string) => boolean): string {
    const start = this.pos;
    while (this.pos < this.q.length && accept(this.q[this.pos] as string)) this.pos++;
    return this.q.slice(start, this.pos);
  }

  private peek(): string | undefined {
    return this.q[this.pos];
  }

  private atEnd(): boolean {
    return this.pos >= this.q.length;
  }

  private atBoundary(): boolean {
    return this.atEnd() || isSpace(this.peek());
  }
}

/**
 * `field:me` names the caller (`assignedToId:me`: my tasks). Replaced before parsing; a caller
 * without an id leaves it as it is, to be refused like any other bad value.
 */
export function substituteMe(q: string, callerId: string | undefined): string {
  if (!callerId) return q;
  return q.replace(/(^|\s)(-?[A-Za-z_][\w.]*):me(?=\s|$)/g, (_match, space: string, field: string) => `${space}${field}:${callerId}`);
}
