-- CreateTable
CREATE TABLE "service_principals" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "description" VARCHAR(1000),
    "prefix" VARCHAR(32) NOT NULL,
    "secret_hash" VARCHAR(64) NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "org_access" VARCHAR(16) NOT NULL DEFAULT 'all',
    "org_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "allowed_cidrs" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "write_limit_per_hour" INTEGER NOT NULL DEFAULT 120,
    "expires_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "last_used_ip" VARCHAR(64),
    "created_by_id" UUID,
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "service_principals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "partner_api_idempotency_keys" (
    "service_principal_id" UUID NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "route" VARCHAR(64) NOT NULL,
    "request_hash" VARCHAR(64) NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "response" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "partner_api_idempotency_keys_pkey" PRIMARY KEY ("service_principal_id","key")
);

-- CreateTable
CREATE TABLE "device_management_posture" (
    "device_id" UUID NOT NULL,
    "scanned_at" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "product_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "device_management_posture_pkey" PRIMARY KEY ("device_id")
);

-- CreateTable
CREATE TABLE "device_management_products" (
    "device_id" UUID NOT NULL,
    "product" VARCHAR(64) NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "version" VARCHAR(200),
    "evidence" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "device_management_products_pkey" PRIMARY KEY ("device_id","product")
);

-- CreateIndex
CREATE UNIQUE INDEX "service_principals_secret_hash_key" ON "service_principals"("secret_hash");

-- CreateIndex
CREATE INDEX "service_principals_partner_id_created_at_idx" ON "service_principals"("partner_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "partner_api_idempotency_keys_created_at_idx" ON "partner_api_idempotency_keys"("created_at");

-- CreateIndex
CREATE INDEX "device_management_posture_scanned_at_idx" ON "device_management_posture"("scanned_at");

-- CreateIndex
CREATE INDEX "device_management_products_product_device_id_idx" ON "device_management_products"("product", "device_id");

-- CreateIndex
CREATE INDEX "devices_partner_id_id_idx" ON "devices"("partner_id", "id");

-- CreateIndex
CREATE INDEX "device_inventory_partner_id_device_id_idx" ON "device_inventory"("partner_id", "device_id");

-- CreateIndex
CREATE INDEX "device_software_partner_id_id_idx" ON "device_software"("partner_id", "id");

-- AddForeignKey
ALTER TABLE "service_principals" ADD CONSTRAINT "service_principals_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partner_api_idempotency_keys" ADD CONSTRAINT "partner_api_idempotency_keys_service_principal_id_fkey" FOREIGN KEY ("service_principal_id") REFERENCES "service_principals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_management_posture" ADD CONSTRAINT "device_management_posture_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "device_management_products" ADD CONSTRAINT "device_management_products_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

