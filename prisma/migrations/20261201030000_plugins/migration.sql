-- AlterTable
ALTER TABLE "webhooks" ALTER COLUMN "org_id" DROP NOT NULL;

-- CreateTable
CREATE TABLE "plugin_manifests" (
    "id" UUID NOT NULL,
    "slug" VARCHAR(64) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "publisher" VARCHAR(100) NOT NULL,
    "version" VARCHAR(32) NOT NULL,
    "description" VARCHAR(2000) NOT NULL DEFAULT '',
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "events" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "config_schema" JSONB NOT NULL,
    "webhook_url" VARCHAR(2048),
    "page_url" VARCHAR(2048),
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "plugin_manifests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plugin_installations" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "slug" VARCHAR(64) NOT NULL,
    "manifest_version" VARCHAR(32) NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "events" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" VARCHAR(16) NOT NULL DEFAULT 'enabled',
    "config" JSONB NOT NULL DEFAULT '{}',
    "api_key_id" UUID,
    "webhook_id" UUID,
    "installed_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "plugin_installations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plugin_api_calls" (
    "id" UUID NOT NULL,
    "installation_id" UUID NOT NULL,
    "method" VARCHAR(10) NOT NULL,
    "route" VARCHAR(300) NOT NULL,
    "status" INTEGER NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plugin_api_calls_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "plugin_manifests_slug_key" ON "plugin_manifests"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "plugin_installations_api_key_id_key" ON "plugin_installations"("api_key_id");

-- CreateIndex
CREATE UNIQUE INDEX "plugin_installations_webhook_id_key" ON "plugin_installations"("webhook_id");

-- CreateIndex
CREATE UNIQUE INDEX "plugin_installations_partner_id_slug_key" ON "plugin_installations"("partner_id", "slug");

-- CreateIndex
CREATE INDEX "plugin_api_calls_installation_id_created_at_idx" ON "plugin_api_calls"("installation_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "plugin_installations" ADD CONSTRAINT "plugin_installations_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plugin_installations" ADD CONSTRAINT "plugin_installations_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plugin_installations" ADD CONSTRAINT "plugin_installations_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plugin_api_calls" ADD CONSTRAINT "plugin_api_calls_installation_id_fkey" FOREIGN KEY ("installation_id") REFERENCES "plugin_installations"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The fan-out's lookup of partner-wide webhooks (plugin subscriptions) for an event's partner.
CREATE INDEX "webhooks_partner_wide_idx" ON "webhooks"("partner_id") WHERE "org_id" IS NULL;

-- The plugin permissions for the built-in partner roles of partners that already exist, as
-- lib/auth/permissions.ts gives them to new partners.
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['plugins:read', 'plugins:manage']
  WHERE "is_system" AND "name" = 'Partner Admin' AND NOT ('plugins:read' = ANY("permissions"));
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['plugins:read']
  WHERE "is_system" AND "name" IN ('Technician', 'Read Only') AND NOT ('plugins:read' = ANY("permissions"));
