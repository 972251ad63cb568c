-- CreateEnum
CREATE TYPE "CatalogItemType" AS ENUM ('service', 'hardware', 'software_licence', 'labour', 'per_device');

-- CreateEnum
CREATE TYPE "BillingLineType" AS ENUM ('manual', 'per_device', 'one_time');

-- CreateEnum
CREATE TYPE "DeviceSetType" AS ENUM ('organization_wide', 'site', 'role', 'group');

-- CreateEnum
CREATE TYPE "OverageMode" AS ENUM ('bill', 'flag');

-- CreateEnum
CREATE TYPE "QuoteStatus" AS ENUM ('draft', 'sent', 'accepted', 'declined', 'expired', 'converted');

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('draft', 'issued', 'paid', 'void');

-- CreateEnum
CREATE TYPE "ContractStatus" AS ENUM ('draft', 'active', 'cancelled', 'expired');

-- CreateEnum
CREATE TYPE "DeviceCountedAs" AS ENUM ('included', 'overage', 'flagged');

-- CreateTable
CREATE TABLE "catalog_items" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "sku" VARCHAR(100),
    "description" TEXT NOT NULL DEFAULT '',
    "type" "CatalogItemType" NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "catalog_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "catalog_item_prices" (
    "catalog_item_id" UUID NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "unit_price" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "catalog_item_prices_pkey" PRIMARY KEY ("catalog_item_id","currency")
);

-- CreateTable
CREATE TABLE "invoice_number_counters" (
    "partner_id" UUID NOT NULL,
    "last_number" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "invoice_number_counters_pkey" PRIMARY KEY ("partner_id")
);

-- CreateTable
CREATE TABLE "quotes" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "title" VARCHAR(255) NOT NULL,
    "status" "QuoteStatus" NOT NULL DEFAULT 'draft',
    "currency" CHAR(3) NOT NULL,
    "valid_until" DATE,
    "notes" TEXT NOT NULL DEFAULT '',
    "recipient_email" VARCHAR(255),
    "link_version" INTEGER NOT NULL DEFAULT 1,
    "distributor_order_id" UUID,
    "contract_id" UUID,
    "invoice_id" UUID,
    "sent_at" TIMESTAMPTZ(3),
    "responded_at" TIMESTAMPTZ(3),
    "converted_at" TIMESTAMPTZ(3),
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "quotes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quote_blocks" (
    "id" UUID NOT NULL,
    "quote_id" UUID NOT NULL,
    "title" VARCHAR(255) NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "quote_blocks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quote_lines" (
    "id" UUID NOT NULL,
    "quote_id" UUID NOT NULL,
    "block_id" UUID,
    "type" "BillingLineType" NOT NULL,
    "catalog_item_id" UUID,
    "description" VARCHAR(1000) NOT NULL,
    "unit_price" DECIMAL(12,2) NOT NULL,
    "quantity" DECIMAL(12,2) NOT NULL DEFAULT 1,
    "tax_rate" DECIMAL(7,4) NOT NULL DEFAULT 0,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "device_set_type" "DeviceSetType",
    "site_id" UUID,
    "group_id" UUID,
    "roles" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "included_quantity" INTEGER,
    "overage_mode" "OverageMode",
    "overage_price" DECIMAL(12,2),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "quote_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contracts" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "status" "ContractStatus" NOT NULL DEFAULT 'draft',
    "currency" CHAR(3) NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE,
    "payment_terms_days" INTEGER NOT NULL DEFAULT 30,
    "notes" TEXT NOT NULL DEFAULT '',
    "next_period_start" DATE NOT NULL,
    "quote_id" UUID,
    "activated_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "cancel_reason" VARCHAR(1000),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contracts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contract_lines" (
    "id" UUID NOT NULL,
    "contract_id" UUID NOT NULL,
    "type" "BillingLineType" NOT NULL,
    "catalog_item_id" UUID,
    "description" VARCHAR(1000) NOT NULL,
    "unit_price" DECIMAL(12,2) NOT NULL,
    "manual_quantity" DECIMAL(12,2),
    "tax_rate" DECIMAL(7,4) NOT NULL DEFAULT 0,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "device_set_type" "DeviceSetType",
    "site_id" UUID,
    "group_id" UUID,
    "roles" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "included_quantity" INTEGER,
    "overage_mode" "OverageMode",
    "overage_price" DECIMAL(12,2),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contract_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contract_periods" (
    "id" UUID NOT NULL,
    "contract_id" UUID NOT NULL,
    "period_start" DATE NOT NULL,
    "period_end" DATE NOT NULL,
    "invoice_id" UUID,
    "snapshot_device_total" INTEGER NOT NULL,
    "uncovered_total" INTEGER NOT NULL,
    "uncovered_by_role" JSONB NOT NULL DEFAULT '{}',
    "flagged_total" INTEGER NOT NULL,
    "billed_overage_total" INTEGER NOT NULL,
    "billed_overage_amount" DECIMAL(24,2) NOT NULL,
    "generated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contract_periods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoices" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "number" INTEGER,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'draft',
    "currency" CHAR(3) NOT NULL,
    "contract_id" UUID,
    "period_id" UUID,
    "quote_id" UUID,
    "period_start" DATE,
    "period_end" DATE,
    "payment_terms_days" INTEGER NOT NULL DEFAULT 30,
    "issue_date" DATE,
    "due_date" DATE,
    "sent_at" TIMESTAMPTZ(3),
    "last_resent_at" TIMESTAMPTZ(3),
    "resend_count" INTEGER NOT NULL DEFAULT 0,
    "paid_at" TIMESTAMPTZ(3),
    "voided_at" TIMESTAMPTZ(3),
    "void_reason" VARCHAR(1000),
    "recipient_email" VARCHAR(255),
    "notes" TEXT NOT NULL DEFAULT '',
    "link_version" INTEGER NOT NULL DEFAULT 1,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_lines" (
    "id" UUID NOT NULL,
    "invoice_id" UUID NOT NULL,
    "type" "BillingLineType" NOT NULL,
    "catalog_item_id" UUID,
    "contract_line_id" UUID,
    "description" VARCHAR(1000) NOT NULL,
    "unit_price" DECIMAL(12,2) NOT NULL,
    "quantity" DECIMAL(12,2) NOT NULL DEFAULT 1,
    "overage_quantity" INTEGER,
    "overage_unit_price" DECIMAL(12,2),
    "tax_rate" DECIMAL(7,4) NOT NULL DEFAULT 0,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "evidence_recorded" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "invoice_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_line_devices" (
    "id" UUID NOT NULL,
    "invoice_line_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "hostname" VARCHAR(255) NOT NULL,
    "role" VARCHAR(64) NOT NULL,
    "counted_as" "DeviceCountedAs" NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "invoice_line_devices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "catalog_items_partner_id_name_idx" ON "catalog_items"("partner_id", "name");

-- CreateIndex
CREATE INDEX "catalog_items_partner_id_sku_idx" ON "catalog_items"("partner_id", "sku");

-- CreateIndex
CREATE INDEX "quotes_partner_id_created_at_idx" ON "quotes"("partner_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "quotes_org_id_created_at_idx" ON "quotes"("org_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "quote_blocks_quote_id_idx" ON "quote_blocks"("quote_id");

-- CreateIndex
CREATE INDEX "quote_lines_quote_id_sort_order_created_at_id_idx" ON "quote_lines"("quote_id", "sort_order", "created_at", "id");

-- CreateIndex
CREATE INDEX "contracts_partner_id_created_at_idx" ON "contracts"("partner_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "contracts_org_id_status_idx" ON "contracts"("org_id", "status");

-- CreateIndex
CREATE INDEX "contracts_status_next_period_start_idx" ON "contracts"("status", "next_period_start");

-- CreateIndex
CREATE INDEX "contract_lines_contract_id_sort_order_created_at_id_idx" ON "contract_lines"("contract_id", "sort_order", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "contract_periods_contract_id_period_start_key" ON "contract_periods"("contract_id", "period_start");

-- CreateIndex
CREATE INDEX "invoices_partner_id_created_at_idx" ON "invoices"("partner_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "invoices_org_id_created_at_idx" ON "invoices"("org_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "invoices_partner_id_number_key" ON "invoices"("partner_id", "number");

-- CreateIndex
CREATE INDEX "invoice_lines_invoice_id_sort_order_created_at_id_idx" ON "invoice_lines"("invoice_id", "sort_order", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_line_devices_invoice_line_id_position_key" ON "invoice_line_devices"("invoice_line_id", "position");

-- AddForeignKey
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_item_prices" ADD CONSTRAINT "catalog_item_prices_catalog_item_id_fkey" FOREIGN KEY ("catalog_item_id") REFERENCES "catalog_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_number_counters" ADD CONSTRAINT "invoice_number_counters_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_blocks" ADD CONSTRAINT "quote_blocks_quote_id_fkey" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_fkey" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_block_id_fkey" FOREIGN KEY ("block_id") REFERENCES "quote_blocks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contract_lines" ADD CONSTRAINT "contract_lines_contract_id_fkey" FOREIGN KEY ("contract_id") REFERENCES "contracts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contract_periods" ADD CONSTRAINT "contract_periods_contract_id_fkey" FOREIGN KEY ("contract_id") REFERENCES "contracts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_line_devices" ADD CONSTRAINT "invoice_line_devices_invoice_line_id_fkey" FOREIGN KEY ("invoice_line_id") REFERENCES "invoice_lines"("id") ON DELETE CASCADE ON UPDATE CASCADE;

