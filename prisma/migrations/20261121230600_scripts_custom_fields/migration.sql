-- CreateEnum
CREATE TYPE "ScriptLanguage" AS ENUM ('powershell', 'bash', 'python', 'cmd');

-- CreateEnum
CREATE TYPE "ScriptRunAs" AS ENUM ('system', 'user', 'elevated');

-- CreateEnum
CREATE TYPE "ScriptExecutionStatus" AS ENUM ('pending', 'running', 'completed', 'failed', 'timed_out', 'cancelled');

-- CreateEnum
CREATE TYPE "CustomFieldType" AS ENUM ('text', 'number', 'boolean', 'date', 'select');

-- CreateTable
CREATE TABLE "scripts" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "library_key" VARCHAR(36) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(5000),
    "category_id" UUID,
    "os_types" "OsType"[],
    "language" "ScriptLanguage" NOT NULL,
    "content" TEXT NOT NULL,
    "run_as" "ScriptRunAs" NOT NULL DEFAULT 'system',
    "timeout_seconds" INTEGER NOT NULL DEFAULT 300,
    "parameters" JSONB NOT NULL DEFAULT '[]',
    "exit_code_severity_mapping" JSONB,
    "version" INTEGER NOT NULL DEFAULT 1,
    "origin" JSONB,
    "created_by_id" UUID,
    "updated_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "scripts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "script_versions" (
    "id" UUID NOT NULL,
    "script_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(5000),
    "os_types" "OsType"[],
    "language" "ScriptLanguage" NOT NULL,
    "content" TEXT NOT NULL,
    "run_as" "ScriptRunAs" NOT NULL,
    "timeout_seconds" INTEGER NOT NULL,
    "parameters" JSONB NOT NULL DEFAULT '[]',
    "exit_code_severity_mapping" JSONB,
    "note" VARCHAR(1000),
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "script_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "script_categories" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "description" VARCHAR(1000),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "script_categories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "script_tags" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "script_tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "script_tag_links" (
    "script_id" UUID NOT NULL,
    "tag_id" UUID NOT NULL,

    CONSTRAINT "script_tag_links_pkey" PRIMARY KEY ("script_id","tag_id")
);

-- CreateTable
CREATE TABLE "script_executions" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "script_id" UUID,
    "script_name" VARCHAR(255) NOT NULL,
    "script_version" INTEGER NOT NULL,
    "device_id" UUID NOT NULL,
    "command_id" UUID,
    "status" "ScriptExecutionStatus" NOT NULL DEFAULT 'pending',
    "parameters" JSONB NOT NULL DEFAULT '{}',
    "secret_names" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "secrets_sealed" TEXT,
    "exit_code" INTEGER,
    "stdout" TEXT,
    "stderr" TEXT,
    "truncated" BOOLEAN NOT NULL DEFAULT false,
    "duration_ms" INTEGER,
    "severity" VARCHAR(16),
    "custom_fields" JSONB,
    "cancel_requested_at" TIMESTAMPTZ(3),
    "triggered_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "script_executions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_field_definitions" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "scope_key" VARCHAR(36) NOT NULL,
    "key" VARCHAR(64) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(1000),
    "type" "CustomFieldType" NOT NULL,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "script_writable" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "custom_field_definitions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_field_values" (
    "field_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "value" JSONB NOT NULL,
    "source" VARCHAR(16) NOT NULL,
    "source_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "custom_field_values_pkey" PRIMARY KEY ("field_id","device_id")
);

-- CreateIndex
CREATE INDEX "scripts_org_id_idx" ON "scripts"("org_id");

-- CreateIndex
CREATE INDEX "scripts_category_id_idx" ON "scripts"("category_id");

-- CreateIndex
CREATE UNIQUE INDEX "scripts_partner_id_library_key_name_key" ON "scripts"("partner_id", "library_key", "name");

-- CreateIndex
CREATE UNIQUE INDEX "script_versions_script_id_version_key" ON "script_versions"("script_id", "version");

-- CreateIndex
CREATE UNIQUE INDEX "script_categories_partner_id_name_key" ON "script_categories"("partner_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "script_tags_partner_id_name_key" ON "script_tags"("partner_id", "name");

-- CreateIndex
CREATE INDEX "script_tag_links_tag_id_idx" ON "script_tag_links"("tag_id");

-- CreateIndex
CREATE UNIQUE INDEX "script_executions_command_id_key" ON "script_executions"("command_id");

-- CreateIndex
CREATE INDEX "script_executions_script_id_created_at_idx" ON "script_executions"("script_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "script_executions_device_id_created_at_idx" ON "script_executions"("device_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "script_executions_partner_id_created_at_idx" ON "script_executions"("partner_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "custom_field_definitions_partner_id_scope_key_key_key" ON "custom_field_definitions"("partner_id", "scope_key", "key");

-- CreateIndex
CREATE INDEX "custom_field_values_device_id_idx" ON "custom_field_values"("device_id");

-- AddForeignKey
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "script_categories"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "script_versions" ADD CONSTRAINT "script_versions_script_id_fkey" FOREIGN KEY ("script_id") REFERENCES "scripts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "script_categories" ADD CONSTRAINT "script_categories_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "script_tags" ADD CONSTRAINT "script_tags_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "script_tag_links" ADD CONSTRAINT "script_tag_links_script_id_fkey" FOREIGN KEY ("script_id") REFERENCES "scripts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "script_tag_links" ADD CONSTRAINT "script_tag_links_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "script_tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "script_executions" ADD CONSTRAINT "script_executions_script_id_fkey" FOREIGN KEY ("script_id") REFERENCES "scripts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "script_executions" ADD CONSTRAINT "script_executions_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "script_executions" ADD CONSTRAINT "script_executions_command_id_fkey" FOREIGN KEY ("command_id") REFERENCES "device_commands"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_field_definitions" ADD CONSTRAINT "custom_field_definitions_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_field_definitions" ADD CONSTRAINT "custom_field_definitions_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_field_id_fkey" FOREIGN KEY ("field_id") REFERENCES "custom_field_definitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

