-- CreateTable
CREATE TABLE "psa_connections" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "provider" VARCHAR(32) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "base_url" VARCHAR(2048) NOT NULL,
    "credentials_sealed" TEXT NOT NULL,
    "credential_hint" VARCHAR(32) NOT NULL,
    "sync_status" VARCHAR(16) NOT NULL DEFAULT 'never',
    "sync_queued_at" TIMESTAMPTZ(3),
    "last_sync_started_at" TIMESTAMPTZ(3),
    "last_sync_at" TIMESTAMPTZ(3),
    "last_sync_error" VARCHAR(1000),
    "last_sync_counts" JSONB,
    "sync_cursor" JSONB NOT NULL DEFAULT '{}',
    "last_test_at" TIMESTAMPTZ(3),
    "last_test_ok" BOOLEAN,
    "last_test_error" VARCHAR(1000),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "psa_connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "psa_companies" (
    "id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "external_id" VARCHAR(64) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "identifier" VARCHAR(255),
    "status" VARCHAR(64),
    "phone" VARCHAR(64),
    "website" VARCHAR(1000),
    "address" VARCHAR(1000),
    "remote_updated_at" TIMESTAMPTZ(3),
    "synced_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "psa_companies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "psa_contacts" (
    "id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "external_id" VARCHAR(64) NOT NULL,
    "company_external_id" VARCHAR(64),
    "name" VARCHAR(255) NOT NULL,
    "email" VARCHAR(255),
    "phone" VARCHAR(64),
    "remote_updated_at" TIMESTAMPTZ(3),
    "synced_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "psa_contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "psa_tickets" (
    "id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "external_id" VARCHAR(64) NOT NULL,
    "company_external_id" VARCHAR(64),
    "company_name" VARCHAR(255),
    "summary" VARCHAR(1000) NOT NULL,
    "status" VARCHAR(64),
    "priority" VARCHAR(64),
    "remote_created_at" TIMESTAMPTZ(3),
    "remote_updated_at" TIMESTAMPTZ(3),
    "synced_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "psa_tickets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "psa_connections_partner_id_idx" ON "psa_connections"("partner_id");

-- CreateIndex
CREATE INDEX "psa_companies_partner_id_idx" ON "psa_companies"("partner_id");

-- CreateIndex
CREATE UNIQUE INDEX "psa_companies_connection_id_external_id_key" ON "psa_companies"("connection_id", "external_id");

-- CreateIndex
CREATE INDEX "psa_contacts_partner_id_idx" ON "psa_contacts"("partner_id");

-- CreateIndex
CREATE UNIQUE INDEX "psa_contacts_connection_id_external_id_key" ON "psa_contacts"("connection_id", "external_id");

-- CreateIndex
CREATE INDEX "psa_tickets_partner_id_remote_updated_at_idx" ON "psa_tickets"("partner_id", "remote_updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "psa_tickets_connection_id_external_id_key" ON "psa_tickets"("connection_id", "external_id");

-- AddForeignKey
ALTER TABLE "psa_connections" ADD CONSTRAINT "psa_connections_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "psa_companies" ADD CONSTRAINT "psa_companies_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "psa_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "psa_contacts" ADD CONSTRAINT "psa_contacts_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "psa_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "psa_tickets" ADD CONSTRAINT "psa_tickets_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "psa_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

