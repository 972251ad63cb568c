-- CreateTable
CREATE TABLE "organization_external_links" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "external_system" VARCHAR(64) NOT NULL,
    "external_id" VARCHAR(255) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organization_external_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "organization_external_links_org_id_idx" ON "organization_external_links"("org_id");

-- CreateIndex
CREATE UNIQUE INDEX "organization_external_links_partner_id_external_system_exte_key" ON "organization_external_links"("partner_id", "external_system", "external_id");

-- AddForeignKey
ALTER TABLE "organization_external_links" ADD CONSTRAINT "organization_external_links_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
