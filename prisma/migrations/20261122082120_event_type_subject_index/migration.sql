-- CreateIndex
CREATE INDEX "platform_event_type_subject_time_idx" ON "platform_event"("type", "subject", "time");
