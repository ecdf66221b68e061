export { searchIndexOf } from "./search-index";
export type { BackgroundCatchUp, CatchUpOptions, SearchIndex } from "./search-index";
