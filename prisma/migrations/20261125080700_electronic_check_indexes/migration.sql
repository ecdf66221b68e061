-- A call's end is applied to the verifications and decisions that made it, found by the call's id in
-- their `electronicChecks` (`"electronicChecks" @> '[{"serviceCallId": …}]'`): without these indexes,
-- every call's end read the whole table.
CREATE INDEX "intake_verification_checks_by_hand" ON "intake_verification" USING gin ("electronicChecks" jsonb_path_ops);
CREATE INDEX "eligibility_decision_checks_by_hand" ON "eligibility_decision" USING gin ("electronicChecks" jsonb_path_ops);
