import { builder } from "../builder";
import { tokenClaimsFor } from "../domain/claims";
import { RoleName, RoleRef } from "./user";

type Claims = ReturnType<typeof tokenClaimsFor>;

const TokenClaimsRef = builder.objectRef<Claims>("TokenClaims").implement({
  description: "What the identity provider embeds in a user's token at login.",
  fields: (t) => ({
    sub: t.exposeString("sub"),
    userId: t.exposeID("userId"),
    role: t.expose("role", { type: RoleName, nullable: true, description: "The account's first role." }),
    roles: t.expose("roles", { type: [RoleRef] }),
    permissions: t.exposeStringList("permissions", { description: "Every permission the roles grant, across the platform." }),
    counties: t.exposeStringList("counties"),
    programs: t.exposeStringList("programs", {
      description: "A partner's data-sharing agreement: the programs it reads; embed it as the `programs` claim.",
    }),
    sharesIdentifiers: t.exposeBoolean("sharesIdentifiers", {
      description: "Whether that agreement lets the partner see personal identifiers; embed it as the `sharesIdentifiers` claim.",
    }),
    organizationId: t.exposeID("organizationId", { nullable: true }),
    personId: t.exposeID("personId", {
      nullable: true,
      description: "The account's own person record (an applicant's); embed it as the `personId` claim.",
    }),
    email: t.exposeString("email"),
    name: t.exposeString("name", { nullable: true }),
  }),
});

builder.queryFields((t) => ({
  tokenClaims: t.field({
    authScopes: { apiKey: true },
    type: TokenClaimsRef,
    description:
      "Token enrichment, called by the identity provider while it issues a token; authenticated by its API key (X-API-Key), not a user token.",
    args: { sub: t.arg.string({ required: true }) },
    resolve: async (_root, { sub }, context) =>
      tokenClaimsFor(await context.db.user.findUnique({ where: { idpSubject: sub } }), sub, context.permissionCatalog),
  }),
}));
