CREATE INDEX "users_date_joined_idx" ON "users" USING btree ("date_joined");--> statement-breakpoint
CREATE INDEX "challenge_attempts_completed_at_idx" ON "challenge_attempts" USING btree ("completed_at") WHERE "challenge_attempts"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "daily_activity_day_idx" ON "daily_activity" USING btree ("day");--> statement-breakpoint
CREATE INDEX "item_progress_hint_taken_idx" ON "item_progress" USING btree ("hint_taken_at") WHERE "item_progress"."hint_taken_at" is not null;--> statement-breakpoint
CREATE INDEX "module_completions_module_idx" ON "module_completions" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "module_completions_completed_idx" ON "module_completions" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "step_progress_hint_taken_idx" ON "step_progress" USING btree ("hint_taken_at") WHERE "step_progress"."hint_taken_at" is not null;