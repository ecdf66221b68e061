export { defineDomain, exportedContract, registered } from "./contract";
export type {
  DeclaredEventType,
  DomainContract,
  DomainDeclaration,
  DomainSubgraph,
  RegisteredDomain,
  SensitiveSource,
  SensitiveSubject,
} from "./contract";
export { createDomainBuilder, defineSubgraph } from "./subgraph";
export type { BackgroundWork, BuilderTypes, RequestScope, SubgraphDefinition, SubgraphParts } from "./subgraph";
