import type { ServiceType } from "@pap/data-exchange/operations";

/**
 * The electronic checks a Medicaid decision rests on before the adapter's ex parte evaluation
 * (state-machines §5): federal tax information, and Medicare enrollment with current income (the
 * contract's `fdsh_medicare_vci`, two types in the catalog's vocabulary). Those the catalog offers are
 * called: the seeded catalog has no `fdsh_vci` entry, a deployment may add one.
 */
export const medicaidExParteServices: readonly ServiceType[] = ["fdsh_fti", "fdsh_medicare", "fdsh_vci"];
