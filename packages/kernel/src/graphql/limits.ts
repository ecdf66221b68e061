import {
  GraphQLError,
  getNamedType,
  getNullableType,
  isListType,
  Kind,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  type SelectionSetNode,
  type ValidationContext,
  isObjectType,
  isInterfaceType,
} from "graphql";
import { DEFAULT_LIMIT, MAX_LIMIT } from "../list/spec";
import { readSetting } from "@pap/core";

/** How much one operation may ask for; past either bound it is refused before anything runs. */
export type QueryLimits = {
  /** Deepest chain of nested fields. */
  maxDepth: number;
  /** Fields it may resolve, counting each field once per item of the lists around it. */
  maxCost: number;
  /** Fields (aliases included) one selection set may name: a thousand aliases of one field are a thousand fetches. */
  maxSelections: number;
  /** Tokens a document may hold: the parser stops there, so a huge document costs no more than a large one. */
  maxTokens: number;
};

export function queryLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): QueryLimits {
  return {
    maxDepth: readSetting("GRAPHQL_MAX_DEPTH", env),
    maxCost: readSetting("GRAPHQL_MAX_COST", env),
    maxSelections: readSetting("GRAPHQL_MAX_SELECTIONS", env),
    maxTokens: readSetting("GRAPHQL_MAX_TOKENS", env),
  };
}

/** The limits when nothing is configured (the declarations' defaults). */
export const defaultQueryLimits: QueryLimits = queryLimitsFromEnv({});

/**
 * How many items a relation list (a list field that takes no `limit`: a person's cases, a case's
 * members) is expected to hold, by `Type.field`, as each domain declares it with the relation. A
 * relation nobody declared counts as a handful.
 */
export type RelationSizes = Readonly<Record<string, number>>;
export const DEFAULT_RELATION_SIZE = 5;

/**
 * Declares, on a relation list field, how many items it is expected to hold: `t.field({ …,
 * extensions: expectedSize(10) })`. The gateway reads these from the subgraphs' schemas.
 */
export const expectedSize = (items: number) => ({ expectedSize: items });

/** The sizes a schema's relation fields declare (`expectedSize`), by `Type.field`. */
export function relationSizesOf(schema: GraphQLSchema): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const declared = (field.extensions as { expectedSize?: unknown }).expectedSize;
      if (typeof declared === "number") sizes[`${type.name}.${field.name}`] = declared;
    }
  }
  return sizes;
}

const refused = (code: string, message: string) => new GraphQLError(message, { extensions: { code, status: 400 } });

type Measure = { depth: number; cost: number };

/**
 * One validation rule for all the limits. Lists multiply the cost of what they contain by how many
 * items they may hold: a paged list by the page it was asked for (`limit: 50`; the largest page when
 * it is a variable, the default page when not given), the `items` of a page by that page's size, and
 * a relation list by the size declared with the relation. Introspection is measured apart from this
 * (it is switched off where that matters).
 */
export function queryLimitsRule(limits: QueryLimits, relationSizes: RelationSizes = {}): (context: ValidationContext) => ASTVisitor {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    let crowded = 0;
    // `page`: the page size of the field around this selection when that field is a page (`persons(limit: 5) { items … }`).
    const measure = (selectionSet: SelectionSetNode, type: GraphQLNamedType | undefined, seen: Set<string>, page?: number): Measure => {
      crowded = Math.max(crowded, selectionSet.selections.length);
      let depth = 0;
      let cost = 0;
      for (const selection of selectionSet.selections) {
        let inner: Measure;
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith("__")) continue;
          inner = measureField(selection, type, seen, page);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const condition = selection.typeCondition ? context.getSchema().getType(selection.typeCondition.name.value) : type;
          inner = measure(selection.selectionSet, condition ?? type, seen, page);
        } else {
          const fragment = fragments.get(selection.name.value);
          if (!fragment || seen.has(fragment.name.value)) continue;
          inner = measure(
            fragment.selectionSet,
            context.getSchema().getType(fragment.typeCondition.name.value) ?? type,
            new Set([...seen, fragment.name.value]),
            page,
          );
        }
        depth = Math.max(depth, inner.depth);
        cost += inner.cost;
      }
      return { depth, cost };
    };
    const measureField = (field: FieldNode, parent: GraphQLNamedType | undefined, seen: Set<string>, page: number | undefined): Measure => {
      const definition: GraphQLField<unknown, unknown> | undefined =
        parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[field.name.value] : undefined;
      const type: GraphQLType | undefined = definition?.type;
      const isList = type !== undefined && isListType(getNullableType(type));
      const paged = definition
        ? definition.args.some((argument) => argument.name === "limit")
        : field.arguments?.some((argument) => argument.name.value === "limit");
      const items = !isList
        ? 1
        : paged
          ? pageSize(field)
          : (page ?? relationSizes[`${parent?.name}.${field.name.value}`] ?? DEFAULT_RELATION_SIZE);
      const inner = field.selectionSet
        ? measure(field.selectionSet, type ? getNamedType(type) : undefined, seen, paged && !isList ? pageSize(field) : undefined)
        : { depth: 0, cost: 0 };
      return { depth: inner.depth + 1, cost: 1 + items * inner.cost };
    };
    return {
      OperationDefinition(operation) {
        const root = context.getSchema().getRootType(operation.operation) ?? undefined;
        crowded = 0;
        const { depth, cost } = measure(operation.selectionSet, root, new Set());
        if (crowded > limits.maxSelections) {
          context.reportError(
            refused(
              "QUERY_TOO_COMPLEX",
              `One selection set names ${crowded} fields; at most ${limits.maxSelections} are allowed (aliases count).`,
            ),
          );
        }
        if (depth > limits.maxDepth)
          context.reportError(
            refused("QUERY_TOO_DEEP", `The operation nests ${depth} levels of fields; at most ${limits.maxDepth} are allowed.`),
          );
        if (cost > limits.maxCost)
          context.reportError(
            refused(
              "QUERY_TOO_COMPLEX",
              `The operation could resolve about ${cost} fields; at most ${limits.maxCost} are allowed. Ask for smaller pages or fewer nested lists.`,
            ),
          );
      },
    };
  };
}

/** The page size a list field was asked for: as written, the largest allowed when it comes from a variable, else the default. */
function pageSize(field: FieldNode): number {
  const limit = field.arguments?.find((argument) => argument.name.value === "limit")?.value;
  if (limit?.kind === Kind.INT) return Number(limit.value);
  return limit?.kind === Kind.VARIABLE ? MAX_LIMIT : DEFAULT_LIMIT;
}

/**
 * How deeply a document's text nests brackets, braces and parentheses (strings and comments aside),
 * counted without parsing: a document nested thousands of levels deep is refused before the parser
 * or any validation rule recurses into it. Stops counting once past `stopAfter`.
 */
export function textNestingDepth(source: string, stopAfter = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === "#") {
      while (index < source.length && source[index] !== "\n" && source[index] !== "\r") index++;
    } else if (char === '"') {
      if (source.startsWith('"""', index)) {
        const end = source.indexOf('"""', index + 3);
        index = end < 0 ? source.length : end + 2;
      } else {
        for (index++; index < source.length && source[index] !== '"' && source[index] !== "\n"; index++)
          if (source[index] === "\\") index++;
      }
    } else if (char === "{" || char === "(" || char === "[") {
      deepest = Math.max(deepest, ++depth);
      if (deepest > stopAfter) return deepest;
    } else if (char === "}" || char === ")" || char === "]") {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

/**
 * The nesting a document's text may have: its fields' depth, plus room for arguments, input objects
 * and lists around them. Past it, the document is refused as too deep without being parsed.
 */
export const maxTextNesting = (limits: QueryLimits) => limits.maxDepth * 2 + 32;

/** QUERY_TOO_DEEP for a document whose text nests past what the limits could ever accept. */
export function refuseDeepText(source: string, limits: QueryLimits): GraphQLError | undefined {
  const bound = maxTextNesting(limits);
  if (textNestingDepth(source, bound) <= bound) return undefined;
  return new GraphQLError(
    `The operation nests more than ${bound} levels of brackets; at most ${limits.maxDepth} levels of fields are allowed.`,
    {
      extensions: { code: "QUERY_TOO_DEEP", status: 400, http: { status: 400 } },
    },
  );
}
