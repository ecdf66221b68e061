import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";

/** Document management's document, known here by id: a notice's rendered PDF. */
export const DocumentRef: ObjectRef<Types, { id: string }> = builder
  .externalRef("Document", builder.selection<{ id: string }>("id"))
  .implement({ externalFields: (t) => ({ id: t.id() }) });
