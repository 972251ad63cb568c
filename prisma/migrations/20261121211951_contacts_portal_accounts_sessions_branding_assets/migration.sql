-- CreateEnum
CREATE TYPE "AssetKind" AS ENUM ('device', 'monitor', 'phone', 'tablet', 'printer', 'network', 'peripheral', 'license', 'other');

-- CreateEnum
CREATE TYPE "ContactRole" AS ENUM ('billing', 'technical', 'escalation', 'admin', 'site', 'after_hours', 'portal');

-- CreateEnum
CREATE TYPE "PortalAccountStatus" AS ENUM ('invited', 'active', 'disabled');

-- CreateEnum
CREATE TYPE "PortalTokenPurpose" AS ENUM ('invite', 'reset');

-- CreateTable
CREATE TABLE "org_assets" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "site_id" UUID,
    "device_id" UUID,
    "kind" "AssetKind" NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "asset_tag" VARCHAR(100),
    "serial_number" VARCHAR(255),
    "manufacturer" VARCHAR(255),
    "model" VARCHAR(255),
    "description" VARCHAR(2000),
    "checkoutable" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "org_assets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "asset_checkouts" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "asset_id" UUID NOT NULL,
    "contact_id" UUID NOT NULL,
    "checked_out_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "due_back_at" TIMESTAMPTZ(3),
    "note" VARCHAR(1000),
    "checked_in_at" TIMESTAMPTZ(3),
    "checked_in_by_type" VARCHAR(16),
    "checked_in_by_id" UUID,

    CONSTRAINT "asset_checkouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contacts" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "site_id" UUID,
    "name" VARCHAR(255),
    "email" VARCHAR(255),
    "phone" VARCHAR(64),
    "mobile" VARCHAR(64),
    "title" VARCHAR(255),
    "roles" "ContactRole"[] DEFAULT ARRAY[]::"ContactRole"[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_external_links" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "contact_id" UUID NOT NULL,
    "external_system" VARCHAR(64) NOT NULL DEFAULT 'csv',
    "external_id" VARCHAR(255) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_external_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "portal_accounts" (
    "contact_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "password_hash" TEXT,
    "status" "PortalAccountStatus" NOT NULL DEFAULT 'invited',
    "invited_at" TIMESTAMPTZ(3),
    "invited_by_id" UUID,
    "activated_at" TIMESTAMPTZ(3),
    "last_login_at" TIMESTAMPTZ(3),
    "password_changed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "portal_accounts_pkey" PRIMARY KEY ("contact_id")
);

-- CreateTable
CREATE TABLE "portal_tokens" (
    "id" UUID NOT NULL,
    "contact_id" UUID NOT NULL,
    "purpose" "PortalTokenPurpose" NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "portal_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "portal_sessions" (
    "id" UUID NOT NULL,
    "contact_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "csrf_hash" CHAR(64) NOT NULL,
    "ip" VARCHAR(64),
    "user_agent" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_reason" VARCHAR(64),

    CONSTRAINT "portal_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "portal_brandings" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "name" VARCHAR(255),
    "custom_domain" VARCHAR(253),
    "primary_color" VARCHAR(7),
    "accent_color" VARCHAR(7),
    "logo_url" VARCHAR(2048),
    "logo_content_type" VARCHAR(32),
    "logo_sha256" CHAR(64),
    "logo_size_bytes" INTEGER,
    "support_email" VARCHAR(255),
    "support_phone" VARCHAR(64),
    "support_url" VARCHAR(2048),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "portal_brandings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "portal_branding_logos" (
    "branding_id" UUID NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "portal_branding_logos_pkey" PRIMARY KEY ("branding_id")
);

-- CreateIndex
CREATE INDEX "org_assets_org_id_kind_idx" ON "org_assets"("org_id", "kind");

-- CreateIndex
CREATE INDEX "org_assets_partner_id_name_idx" ON "org_assets"("partner_id", "name");

-- CreateIndex
CREATE INDEX "org_assets_device_id_idx" ON "org_assets"("device_id");

-- CreateIndex
CREATE INDEX "asset_checkouts_asset_id_checked_out_at_idx" ON "asset_checkouts"("asset_id", "checked_out_at" DESC);

-- CreateIndex
CREATE INDEX "asset_checkouts_contact_id_idx" ON "asset_checkouts"("contact_id");

-- CreateIndex
CREATE INDEX "contacts_org_id_name_idx" ON "contacts"("org_id", "name");

-- CreateIndex
CREATE INDEX "contacts_partner_id_email_idx" ON "contacts"("partner_id", "email");

-- CreateIndex
CREATE INDEX "contacts_site_id_idx" ON "contacts"("site_id");

-- CreateIndex
CREATE INDEX "contact_external_links_contact_id_idx" ON "contact_external_links"("contact_id");

-- CreateIndex
CREATE UNIQUE INDEX "contact_external_links_org_id_external_system_external_id_key" ON "contact_external_links"("org_id", "external_system", "external_id");

-- CreateIndex
CREATE INDEX "portal_accounts_org_id_idx" ON "portal_accounts"("org_id");

-- CreateIndex
CREATE UNIQUE INDEX "portal_accounts_partner_id_email_key" ON "portal_accounts"("partner_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "portal_tokens_token_hash_key" ON "portal_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "portal_tokens_contact_id_purpose_idx" ON "portal_tokens"("contact_id", "purpose");

-- CreateIndex
CREATE INDEX "portal_sessions_contact_id_idx" ON "portal_sessions"("contact_id");

-- CreateIndex
CREATE INDEX "portal_sessions_expires_at_idx" ON "portal_sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "portal_brandings_custom_domain_key" ON "portal_brandings"("custom_domain");

-- CreateIndex
CREATE UNIQUE INDEX "portal_brandings_partner_id_org_id_key" ON "portal_brandings"("partner_id", "org_id");

-- AddForeignKey
ALTER TABLE "org_assets" ADD CONSTRAINT "org_assets_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "org_assets" ADD CONSTRAINT "org_assets_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_asset_id_fkey" FOREIGN KEY ("asset_id") REFERENCES "org_assets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "asset_checkouts" ADD CONSTRAINT "asset_checkouts_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_external_links" ADD CONSTRAINT "contact_external_links_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "portal_accounts" ADD CONSTRAINT "portal_accounts_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "portal_tokens" ADD CONSTRAINT "portal_tokens_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "portal_accounts"("contact_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "portal_accounts"("contact_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "portal_brandings" ADD CONSTRAINT "portal_brandings_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "portal_brandings" ADD CONSTRAINT "portal_brandings_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "portal_branding_logos" ADD CONSTRAINT "portal_branding_logos_branding_id_fkey" FOREIGN KEY ("branding_id") REFERENCES "portal_brandings"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Invariants the code relies on (raw SQL: Prisma cannot express them).
-- The contact identifier rule of doc 3: at least one of name, email, phone, mobile is non-blank.
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_identifier_check" CHECK (
  coalesce(btrim("name"), '') <> '' OR coalesce(btrim("email"), '') <> '' OR coalesce(btrim("phone"), '') <> '' OR coalesce(btrim("mobile"), '') <> ''
);
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_email_lowercase_check" CHECK ("email" = lower("email"));
ALTER TABLE "contacts" ALTER COLUMN "roles" SET NOT NULL;
ALTER TABLE "portal_accounts" ADD CONSTRAINT "portal_accounts_email_lowercase_check" CHECK ("email" = lower("email"));

-- At most one partner-level branding per partner (org_id null rows are distinct to the unique index above).
CREATE UNIQUE INDEX "portal_brandings_partner_level_key" ON "portal_brandings"("partner_id") WHERE "org_id" IS NULL;
ALTER TABLE "portal_brandings" ADD CONSTRAINT "portal_brandings_colors_check" CHECK (
  ("primary_color" IS NULL OR "primary_color" ~ '^#[0-9a-f]{6}$') AND ("accent_color" IS NULL OR "accent_color" ~ '^#[0-9a-f]{6}$')
);
ALTER TABLE "portal_brandings" ADD CONSTRAINT "portal_brandings_domain_lowercase_check" CHECK ("custom_domain" = lower("custom_domain"));

-- Asset tags are unique among an organization's live assets.
CREATE UNIQUE INDEX "org_assets_org_id_asset_tag_live_key" ON "org_assets"("org_id", "asset_tag") WHERE "deleted_at" IS NULL AND "asset_tag" IS NOT NULL;

-- One open checkout per asset: of two concurrent checkouts exactly one inserts.
CREATE UNIQUE INDEX "asset_checkouts_one_open_key" ON "asset_checkouts"("asset_id") WHERE "checked_in_at" IS NULL;
