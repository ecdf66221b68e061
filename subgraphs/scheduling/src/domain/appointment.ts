import { validationFailed } from "@pap/core";

/** An appointment ends after it starts; checked on the record as it will be stored. */
export function checkTimeSpan(startAt: Date, endAt: Date): void {
  if (endAt.getTime() <= startAt.getTime()) throw validationFailed([{ field: "endAt", message: "must be after startAt" }]);
}
