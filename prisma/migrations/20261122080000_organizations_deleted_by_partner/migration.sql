-- The deleted organizations of a partner, for the cursor pages of GET /devices: a page first
-- asks whether its partner has any deleted organization (one probe of this index) and checks
-- each device's organization only when it has. Partial, so it holds only deleted rows.
-- Not in the Prisma schema (Prisma cannot declare a partial index).
CREATE INDEX "organizations_partner_id_deleted_idx" ON "organizations" ("partner_id") WHERE "deleted_at" IS NOT NULL
