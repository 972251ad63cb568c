-- CreateTable
CREATE TABLE "policies" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(2000),
    "active" BOOLEAN NOT NULL DEFAULT true,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "checks" JSONB NOT NULL DEFAULT '[]',
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deactivated_at" TIMESTAMPTZ(3),

    CONSTRAINT "policies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "policy_assignments" (
    "id" UUID NOT NULL,
    "policy_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "target_type" VARCHAR(16) NOT NULL,
    "target_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "policy_assignments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_policy_results" (
    "device_id" UUID NOT NULL,
    "policy_id" UUID NOT NULL,
    "check_id" VARCHAR(64) NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "detail" VARCHAR(4000),
    "evaluated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_policy_results_pkey" PRIMARY KEY ("device_id","policy_id","check_id")
);

-- CreateTable
CREATE TABLE "device_policy_result_history" (
    "id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "policy_id" UUID NOT NULL,
    "check_id" VARCHAR(64) NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "from_status" VARCHAR(16),
    "to_status" VARCHAR(16) NOT NULL,
    "detail" VARCHAR(4000),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_policy_result_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_policy_compliance" (
    "device_id" UUID NOT NULL,
    "policy_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "last_evaluated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_policy_compliance_pkey" PRIMARY KEY ("device_id","policy_id")
);

-- CreateIndex
CREATE INDEX "policies_partner_id_created_at_idx" ON "policies"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "policies_org_id_idx" ON "policies"("org_id");

-- CreateIndex
CREATE INDEX "policy_assignments_partner_id_target_type_target_id_idx" ON "policy_assignments"("partner_id", "target_type", "target_id");

-- CreateIndex
CREATE INDEX "policy_assignments_partner_id_id_idx" ON "policy_assignments"("partner_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "policy_assignments_policy_id_target_type_target_id_key" ON "policy_assignments"("policy_id", "target_type", "target_id");

-- CreateIndex
CREATE INDEX "device_policy_results_policy_id_status_idx" ON "device_policy_results"("policy_id", "status");

-- CreateIndex
CREATE INDEX "device_policy_result_history_device_id_policy_id_created_at_idx" ON "device_policy_result_history"("device_id", "policy_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "device_policy_compliance_policy_id_status_idx" ON "device_policy_compliance"("policy_id", "status");

-- CreateIndex
CREATE INDEX "device_policy_compliance_partner_id_org_id_status_idx" ON "device_policy_compliance"("partner_id", "org_id", "status");

-- AddForeignKey
ALTER TABLE "policy_assignments" ADD CONSTRAINT "policy_assignments_policy_id_fkey" FOREIGN KEY ("policy_id") REFERENCES "policies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_policy_results" ADD CONSTRAINT "device_policy_results_policy_id_fkey" FOREIGN KEY ("policy_id") REFERENCES "policies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_policy_results" ADD CONSTRAINT "device_policy_results_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_policy_result_history" ADD CONSTRAINT "device_policy_result_history_policy_id_fkey" FOREIGN KEY ("policy_id") REFERENCES "policies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_policy_result_history" ADD CONSTRAINT "device_policy_result_history_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_policy_compliance" ADD CONSTRAINT "device_policy_compliance_policy_id_fkey" FOREIGN KEY ("policy_id") REFERENCES "policies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_policy_compliance" ADD CONSTRAINT "device_policy_compliance_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

