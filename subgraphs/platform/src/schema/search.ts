import { searchTypes } from "@pap/kernel/search";
import { builder } from "../builder";
import { search, type SearchAttributeValue, type SearchHit, type SearchResults } from "../domain/search";

const SearchAttributeRef = builder.objectRef<SearchAttributeValue>("SearchAttribute").implement({
  description: "One field of a search result, as text.",
  fields: (t) => ({
    field: t.exposeString("field", { description: "The field as the resource names it (name.firstName)." }),
    label: t.exposeString("label", { nullable: true }),
    value: t.exposeString("value"),
    type: t.exposeString("type", { description: "How to read the value: string, date or currency." }),
  }),
});

const SearchResultRef = builder.objectRef<SearchHit>("SearchResult").implement({
  description: "A record found by search: what it is, where to read it, and how well it matched.",
  fields: (t) => ({
    id: t.exposeID("id"),
    type: t.exposeString("type", { description: `One of ${searchTypes.join(", ")}.` }),
    title: t.exposeString("title"),
    url: t.string({ description: "The record's absolute REST URL.", resolve: (hit, _args, context) => context.publicBaseUrl + hit.path }),
    score: t.float({
      nullable: true,
      description: "Relevance from 0 to 1 (1: the title is the query); null without a query.",
      resolve: (hit) => hit.score,
    }),
    attributes: t.field({ type: [SearchAttributeRef], resolve: (hit) => hit.attributes }),
    createdAt: t.field({ type: "DateTime", resolve: (hit) => hit.createdAt }),
    updatedAt: t.field({ type: "DateTime", resolve: (hit) => hit.updatedAt }),
  }),
});

const SearchFacetRef = builder.objectRef<SearchResults["facets"][number]>("SearchFacet").implement({
  description: "How many matches one kind of record has.",
  fields: (t) => ({ type: t.exposeString("type"), count: t.exposeInt("count") }),
});

const SearchResultsRef = builder.objectRef<SearchResults>("SearchResults").implement({
  description: "One page of search results, with the number of matches of each kind the caller may read.",
  fields: (t) => ({
    items: t.field({ type: [SearchResultRef], resolve: (results) => results.items }),
    total: t.exposeInt("total", { description: "Every match the caller may read: the sum of the facets." }),
    limit: t.exposeInt("limit"),
    offset: t.exposeInt("offset"),
    hasNext: t.exposeBoolean("hasNext"),
    facets: t.field({ type: [SearchFacetRef], resolve: (results) => results.facets }),
  }),
});

builder.queryFields((t) => ({
  search: t.field({
    // Any signed-in caller may search; what each finds is limited kind by kind to what it may read.
    authScopes: { authenticated: true },
    type: SearchResultsRef,
    description: `Searches persons, cases, applications, tasks and appointments at once, among the records the caller may read.`,
    args: {
      q: t.arg.string({
        required: false,
        description:
          "Words to find: whole words, else as words' beginnings, else a name close to them (a typo); without, the newest records.",
      }),
      types: t.arg.stringList({ required: false, description: `Kinds to search (${searchTypes.join(", ")}); unknown names are ignored.` }),
      limit: t.arg.int({ required: false, description: "Page size, 1 to 100 (default 25)." }),
      offset: t.arg.int({ required: false, description: "Results to skip (default 0)." }),
    },
    resolve: async (_root, args, context) =>
      search(context.read, await context.principal(), context.searchables, args, context.account, await context.countyReach()),
  }),
}));
