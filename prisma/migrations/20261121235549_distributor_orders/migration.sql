-- CreateEnum
CREATE TYPE "DistributorOrderStatus" AS ENUM ('draft', 'awaiting_details', 'ready', 'submitting', 'completed', 'partially_failed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "DistributorOrderSource" AS ENUM ('direct', 'quote');

-- CreateEnum
CREATE TYPE "DistributorLineAction" AS ENUM ('new_subscription', 'change_quantity', 'cancel');

-- CreateEnum
CREATE TYPE "DistributorLineState" AS ENUM ('pending', 'in_flight', 'succeeded', 'failed', 'needs_reconcile');

-- DropIndex
DROP INDEX "distributor_subscriptions_contract_line_id_idx";

-- CreateTable
CREATE TABLE "distributor_orders" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "integration_id" UUID NOT NULL,
    "source" "DistributorOrderSource" NOT NULL DEFAULT 'direct',
    "quote_id" UUID,
    "status" "DistributorOrderStatus" NOT NULL DEFAULT 'draft',
    "submitted_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "distributor_orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "distributor_order_lines" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "action" "DistributorLineAction" NOT NULL,
    "submit_state" "DistributorLineState" NOT NULL DEFAULT 'pending',
    "distributor_product_id" VARCHAR(100),
    "catalog_item_id" UUID,
    "billing_term" VARCHAR(20),
    "quantity" DECIMAL(12,2),
    "commitment_term_id" VARCHAR(100),
    "provisioning_details" JSONB NOT NULL DEFAULT '[]',
    "target_subscription_id" UUID,
    "contract_line_id" UUID,
    "quote_line_id" UUID,
    "cancel_date" DATE,
    "distributor_order_id" VARCHAR(100),
    "result_subscription_id" VARCHAR(100),
    "error" VARCHAR(1000),
    "error_body" JSONB,
    "attempted_at" TIMESTAMPTZ(3),
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "distributor_order_lines_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "distributor_orders_org_id_created_at_idx" ON "distributor_orders"("org_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "distributor_orders_partner_id_status_idx" ON "distributor_orders"("partner_id", "status");

-- CreateIndex
CREATE INDEX "distributor_order_lines_order_id_created_at_idx" ON "distributor_order_lines"("order_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "distributor_order_lines_order_id_target_subscription_id_key" ON "distributor_order_lines"("order_id", "target_subscription_id");

-- CreateIndex
CREATE UNIQUE INDEX "distributor_subscriptions_contract_line_id_key" ON "distributor_subscriptions"("contract_line_id");

-- AddForeignKey
ALTER TABLE "distributor_orders" ADD CONSTRAINT "distributor_orders_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "distributor_integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "distributor_order_lines" ADD CONSTRAINT "distributor_order_lines_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "distributor_orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

