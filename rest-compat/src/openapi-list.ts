import { DEFAULT_LIMIT, MAX_LIMIT, MAX_SORT_FIELDS, type ListSpec } from "@pap/kernel/list";

/**
 * The list language as a client's author reads it in the parameters (docs/rest.md, "Lists", has the
 * whole of it): a grammar in words, with the fields this list filters and sorts by, rather than
 * patterns no generator can turn into anything useful.
 */
const qGrammar = [
  "Filter: space-separated conditions, all of which must hold.",
  "`term` — any of the list's text fields contains it (case-insensitive); `term*` / `*term` starts / ends with it; a quoted term may hold spaces.",
  '`field:value` — the field contains the value (text) or equals it (ids, numbers, dates, booleans, enums); `field:value*` / `field:*value` starts / ends with it; `field:"quoted value"`.',
  "`field:>value`, `>=`, `<`, `<=` — comparisons; `field:a,b` — any of the values; `-field:value` — negation; `field:*` / `-field:*` — present / absent.",
  "Nested fields in dot notation (`address.city:austin`). A malformed filter is 400 INVALID_QUERY naming the position.",
].join(" ");

function filterFields(spec: ListSpec): string {
  const fields = Object.entries(spec.fields).map(([name, def]) =>
    def.kind === "enum" && def.values ? `${name} (${def.values.join("|")})` : `${name} (${def.kind})`,
  );
  const freeForm = spec.freeForm ? " Any other dotted path names a field inside the record." : "";
  const text = spec.fullText.length ? ` A bare term searches: ${spec.fullText.join(", ")}.` : "";
  return ` Fields: ${fields.join(", ")}.${freeForm}${text}`;
}

export function listParameters(spec: ListSpec | undefined) {
  if (!spec) return [];
  return [
    { name: "q", in: "query", schema: { type: "string" }, description: `${qGrammar}${filterFields(spec)}` },
    {
      name: "sort",
      in: "query",
      schema: { type: "string" },
      // The fuzzer reads "Sortable: a, b." back out of this sentence: keep its form.
      description: `Comma-separated fields, '-' for descending, at most ${MAX_SORT_FIELDS}; \`id\` breaks ties. Sortable: ${spec.sortable.join(", ")}. Default: ${spec.defaultSort}.`,
    },
    {
      name: "limit",
      in: "query",
      description: `Page size, 1 to ${MAX_LIMIT}.`,
      schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
    },
    { name: "offset", in: "query", description: "Rows to skip before the page.", schema: { type: "integer", minimum: 0, default: 0 } },
  ];
}
