import { builder } from "../builder";
import "./queue";
import "./task";
import "./task-actions";
import "./links";
import "./metric";
import "./change-feed";

export const schema = builder.toSubGraphSchema({ linkUrl: "https://specs.apollo.dev/federation/v2.6" });
