-- CreateEnum
CREATE TYPE "DistributorIntegrationStatus" AS ENUM ('active', 'inactive');

-- CreateEnum
CREATE TYPE "DistributorSyncStatus" AS ENUM ('never', 'queued', 'running', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "distributor_integrations" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL DEFAULT 'Distributor',
    "status" "DistributorIntegrationStatus" NOT NULL DEFAULT 'active',
    "credentials_sealed" TEXT,
    "client_id_hint" VARCHAR(32),
    "sync_status" "DistributorSyncStatus" NOT NULL DEFAULT 'never',
    "sync_job_id" VARCHAR(40),
    "sync_queued_at" TIMESTAMPTZ(3),
    "last_sync_started_at" TIMESTAMPTZ(3),
    "last_sync_at" TIMESTAMPTZ(3),
    "last_sync_error" VARCHAR(1000),
    "last_sync_counts" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "distributor_integrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "distributor_companies" (
    "id" UUID NOT NULL,
    "integration_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "distributor_company_id" VARCHAR(100) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "status" VARCHAR(50) NOT NULL,
    "primary_admin_ready" BOOLEAN NOT NULL DEFAULT false,
    "primary_billing_ready" BOOLEAN NOT NULL DEFAULT false,
    "primary_technical_ready" BOOLEAN NOT NULL DEFAULT false,
    "org_id" UUID,
    "ignored" BOOLEAN NOT NULL DEFAULT false,
    "mapped_at" TIMESTAMPTZ(3),
    "present" BOOLEAN NOT NULL DEFAULT true,
    "last_synced_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "distributor_companies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "distributor_subscriptions" (
    "id" UUID NOT NULL,
    "integration_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "distributor_subscription_id" VARCHAR(100) NOT NULL,
    "distributor_company_id" VARCHAR(100) NOT NULL,
    "distributor_product_id" VARCHAR(100),
    "product_name" VARCHAR(255),
    "status" VARCHAR(50) NOT NULL,
    "billing_term" VARCHAR(20),
    "quantity" DECIMAL(12,2),
    "active_commitment_id" VARCHAR(100),
    "active_commitment_ambiguous" BOOLEAN NOT NULL DEFAULT false,
    "contract_line_id" UUID,
    "sync_enabled" BOOLEAN NOT NULL DEFAULT false,
    "last_observed_quantity" DECIMAL(12,2),
    "last_observed_at" TIMESTAMPTZ(3),
    "present" BOOLEAN NOT NULL DEFAULT true,
    "last_synced_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "distributor_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "distributor_products" (
    "id" UUID NOT NULL,
    "integration_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "distributor_product_id" VARCHAR(100) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "vendor_name" VARCHAR(255),
    "vendor_sku_id" VARCHAR(100),
    "billing_frequency" VARCHAR(20),
    "commitment_term_months" INTEGER,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "last_synced_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "distributor_products_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "distributor_integrations_partner_id_key" ON "distributor_integrations"("partner_id");

-- CreateIndex
CREATE INDEX "distributor_companies_org_id_idx" ON "distributor_companies"("org_id");

-- CreateIndex
CREATE UNIQUE INDEX "distributor_companies_integration_id_distributor_company_id_key" ON "distributor_companies"("integration_id", "distributor_company_id");

-- CreateIndex
CREATE INDEX "distributor_subscriptions_integration_id_distributor_compan_idx" ON "distributor_subscriptions"("integration_id", "distributor_company_id");

-- CreateIndex
CREATE INDEX "distributor_subscriptions_contract_line_id_idx" ON "distributor_subscriptions"("contract_line_id");

-- CreateIndex
CREATE UNIQUE INDEX "distributor_subscriptions_integration_id_distributor_subscr_key" ON "distributor_subscriptions"("integration_id", "distributor_subscription_id");

-- CreateIndex
CREATE INDEX "distributor_products_integration_id_vendor_sku_id_idx" ON "distributor_products"("integration_id", "vendor_sku_id");

-- CreateIndex
CREATE UNIQUE INDEX "distributor_products_integration_id_distributor_product_id_key" ON "distributor_products"("integration_id", "distributor_product_id");

-- AddForeignKey
ALTER TABLE "distributor_integrations" ADD CONSTRAINT "distributor_integrations_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "distributor_companies" ADD CONSTRAINT "distributor_companies_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "distributor_integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "distributor_companies" ADD CONSTRAINT "distributor_companies_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "distributor_subscriptions" ADD CONSTRAINT "distributor_subscriptions_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "distributor_integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "distributor_products" ADD CONSTRAINT "distributor_products_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "distributor_integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

