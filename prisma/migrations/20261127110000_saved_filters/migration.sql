-- CreateEnum
CREATE TYPE "SavedFilterVisibility" AS ENUM ('private', 'shared');

-- CreateTable
CREATE TABLE "saved_filters" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "owner_id" UUID NOT NULL,
    "visibility" "SavedFilterVisibility" NOT NULL DEFAULT 'private',
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(1000),
    "rules" JSONB NOT NULL,
    "created_by_id" UUID,
    "updated_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "saved_filters_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "saved_filters_partner_id_visibility_idx" ON "saved_filters"("partner_id", "visibility");

-- CreateIndex
CREATE UNIQUE INDEX "saved_filters_partner_id_owner_id_name_key" ON "saved_filters"("partner_id", "owner_id", "name");

-- AddForeignKey
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

