-- CreateEnum
CREATE TYPE "WebhookStatus" AS ENUM ('active', 'disabled', 'error');

-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'delivered', 'failed', 'retrying');

-- CreateTable
CREATE TABLE "accounting_links" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "provider" VARCHAR(32) NOT NULL DEFAULT 'quickbooks',
    "company_id" VARCHAR(100) NOT NULL,
    "last_swept_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "accounting_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounting_sweep_runs" (
    "id" UUID NOT NULL,
    "company_id" VARCHAR(100),
    "trigger" VARCHAR(32) NOT NULL,
    "status" VARCHAR(32) NOT NULL DEFAULT 'running',
    "links_examined" INTEGER NOT NULL DEFAULT 0,
    "error" VARCHAR(1000),
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "accounting_sweep_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhooks" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "url_sealed" TEXT NOT NULL,
    "url_display" VARCHAR(2048) NOT NULL,
    "secret_sealed" TEXT,
    "events" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "headers" JSONB NOT NULL DEFAULT '[]',
    "status" "WebhookStatus" NOT NULL DEFAULT 'active',
    "retry_policy" JSONB,
    "success_count" INTEGER NOT NULL DEFAULT 0,
    "failure_count" INTEGER NOT NULL DEFAULT 0,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "last_success_at" TIMESTAMPTZ(3),
    "last_delivery_at" TIMESTAMPTZ(3),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "webhook_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'pending',
    "event" VARCHAR(100) NOT NULL,
    "event_id" VARCHAR(100) NOT NULL,
    "payload" JSONB NOT NULL,
    "response_status" INTEGER,
    "response_body" VARCHAR(1000),
    "duration_ms" INTEGER,
    "error_message" VARCHAR(1000),
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "claimed_until" TIMESTAMPTZ(3),
    "retry_of_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_dead_letters" (
    "id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "webhook_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "event" VARCHAR(100) NOT NULL,
    "event_id" VARCHAR(100) NOT NULL,
    "attempts" INTEGER NOT NULL,
    "last_error" VARCHAR(1000),
    "last_response_status" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "redriven_at" TIMESTAMPTZ(3),
    "redrive_delivery_id" UUID,

    CONSTRAINT "webhook_dead_letters_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "accounting_links_partner_id_idx" ON "accounting_links"("partner_id");

-- CreateIndex
CREATE UNIQUE INDEX "accounting_links_provider_company_id_key" ON "accounting_links"("provider", "company_id");

-- CreateIndex
CREATE INDEX "accounting_sweep_runs_company_id_started_at_idx" ON "accounting_sweep_runs"("company_id", "started_at" DESC);

-- CreateIndex
CREATE INDEX "accounting_sweep_runs_started_at_idx" ON "accounting_sweep_runs"("started_at" DESC);

-- CreateIndex
CREATE INDEX "webhooks_org_id_status_idx" ON "webhooks"("org_id", "status");

-- CreateIndex
CREATE INDEX "webhooks_events_idx" ON "webhooks" USING GIN ("events");

-- CreateIndex
CREATE INDEX "webhooks_partner_id_idx" ON "webhooks"("partner_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_created_at_idx" ON "webhook_deliveries"("webhook_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_status_idx" ON "webhook_deliveries"("webhook_id", "status");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_org_id_created_at_idx" ON "webhook_deliveries"("org_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "webhook_dead_letters_delivery_id_key" ON "webhook_dead_letters"("delivery_id");

-- CreateIndex
CREATE INDEX "webhook_dead_letters_partner_id_created_at_idx" ON "webhook_dead_letters"("partner_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "webhook_dead_letters_org_id_created_at_idx" ON "webhook_dead_letters"("org_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "webhook_dead_letters_webhook_id_created_at_idx" ON "webhook_dead_letters"("webhook_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_dead_letters" ADD CONSTRAINT "webhook_dead_letters_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_dead_letters" ADD CONSTRAINT "webhook_dead_letters_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Invariants the code relies on.
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_attempt_check" CHECK ("attempt" >= 0);
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_counters_check" CHECK ("success_count" >= 0 AND "failure_count" >= 0 AND "consecutive_failures" >= 0);
