-- A run_script step waits for the agent's result: the step names its script execution, so
-- recording the result can settle the step in the same transaction.
ALTER TABLE "automation_run_steps" ADD COLUMN "execution_id" UUID;
CREATE INDEX "automation_run_steps_execution_id_idx" ON "automation_run_steps"("execution_id");

-- The loop guard counts recent runs per device of an automation: device_ids is searched.
CREATE INDEX "automation_runs_device_ids_idx" ON "automation_runs" USING GIN ("device_ids");
