import { builder } from "../builder";
import "./document-type";
import "./document";
import "./document-link";
import "./links";
import "./change-feed";

export const schema = builder.toSubGraphSchema({ linkUrl: "https://specs.apollo.dev/federation/v2.6" });
