import { builder } from "../builder";
import "./appointment";
import "./appointment-actions";
import "./links";
import "./change-feed";

export const schema = builder.toSubGraphSchema({ linkUrl: "https://specs.apollo.dev/federation/v2.6" });
