import type { PermissionTable } from "@pap/kernel/auth";

/**
 * Who may manage accounts (SPEC §5): county administrators create and change users (and, as the
 * least privilege that needs, read them); deactivation is the state administrator's, who holds
 * everything. Reading or changing one's own account (`me`) needs only a signed-in caller.
 */
export const userPermissions: PermissionTable = {
  "users:read": ["county_admin"],
  "users:create": ["county_admin"],
  "users:update": ["county_admin"],
  "users:deactivate": ["state_admin"],
};
