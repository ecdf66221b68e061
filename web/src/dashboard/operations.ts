import { pageConfig } from "./page-config";
import { dashboardOperations } from "./queries";

/** The dashboard's operations for the vocabulary this platform serves the page with. */
export const operations = dashboardOperations(pageConfig);
