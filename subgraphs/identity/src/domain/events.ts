import { changesBetween, defineDomainEvents } from "@pap/events";

/** The identity domain's events; subject = the user's id. */
export const userEvents = defineDomainEvents("identity", "/identity-access", {
  "user.created": "A user account was linked to an identity-provider subject; data is the new account.",
  "user.updated":
    "A user account was changed (roles, status, counties, preferences…); data.changes lists each changed field before and after.",
  "user.deactivated":
    "A user account was deactivated (soft delete; the identity provider keeps the subject); data: userId, previousStatus.",
});

export const userChanges = {
  created: (userId: string, snapshot: Record<string, unknown>) => userEvents.draft("user.created", userId, snapshot),
  updated: (userId: string, before: Record<string, unknown>, after: Record<string, unknown>) =>
    userEvents.draft("user.updated", userId, { changes: changesBetween(before, after) }),
  deactivated: (userId: string, previousStatus: string) => userEvents.draft("user.deactivated", userId, { userId, previousStatus }),
};
