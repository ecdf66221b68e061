/** A request the rules cannot evaluate (no rules in force on its date, no household left to count …): the HTTP layer answers 400. */
export class EvaluationError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = "EvaluationError";
  }
}
