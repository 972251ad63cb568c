-- CreateEnum
CREATE TYPE "SoftwarePackageKind" AS ENUM ('package_manager', 'installer');

-- CreateTable
CREATE TABLE "software_packages" (
    "id" UUID NOT NULL,
    "partner_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "vendor" VARCHAR(255),
    "description" VARCHAR(2000),
    "category" VARCHAR(100),
    "kind" "SoftwarePackageKind" NOT NULL,
    "package_ref" VARCHAR(255),
    "os_types" "OsType"[] DEFAULT ARRAY[]::"OsType"[],
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "software_packages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "software_package_versions" (
    "id" UUID NOT NULL,
    "package_id" UUID NOT NULL,
    "partner_id" UUID,
    "version" VARCHAR(100) NOT NULL,
    "release_notes" TEXT,
    "silent_install_args" VARCHAR(1000),
    "silent_uninstall_args" VARCHAR(1000),
    "installer_file_name" VARCHAR(255),
    "installer_size_bytes" BIGINT,
    "installer_sha256" CHAR(64),
    "installer_storage" "AttachmentStorage",
    "installer_bucket" VARCHAR(255),
    "installer_key" VARCHAR(512),
    "installer_uploaded_at" TIMESTAMPTZ(3),
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "software_package_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "software_installer_blobs" (
    "version_id" UUID NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "software_installer_blobs_pkey" PRIMARY KEY ("version_id")
);

-- CreateIndex
CREATE INDEX "software_packages_partner_id_name_idx" ON "software_packages"("partner_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "software_package_versions_package_id_version_key" ON "software_package_versions"("package_id", "version");

-- AddForeignKey
ALTER TABLE "software_package_versions" ADD CONSTRAINT "software_package_versions_package_id_fkey" FOREIGN KEY ("package_id") REFERENCES "software_packages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "software_installer_blobs" ADD CONSTRAINT "software_installer_blobs_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "software_package_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The owning partner, null marks a platform entry every partner sees.
ALTER TABLE "software_packages" ADD CONSTRAINT "software_packages_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- One live package of a name per owner, case-insensitive, platform entries form their own namespace.
CREATE UNIQUE INDEX "software_packages_partner_name_live_key" ON "software_packages"("partner_id", lower("name")) WHERE "deleted_at" IS NULL AND "partner_id" IS NOT NULL;
CREATE UNIQUE INDEX "software_packages_system_name_live_key" ON "software_packages"(lower("name")) WHERE "deleted_at" IS NULL AND "partner_id" IS NULL;

-- A package-manager package names its reference, an installer package has none.
ALTER TABLE "software_packages" ADD CONSTRAINT "software_packages_ref_matches_kind" CHECK (("kind" = 'package_manager') = ("package_ref" IS NOT NULL));

-- The fleet inventory groups installed software by name within a partner.
CREATE INDEX "device_software_partner_id_name_idx" ON "device_software"("partner_id", "name");

-- New permissions for the built-in roles, as lib/auth/permissions.ts defines them.
UPDATE "roles" SET "permissions" = array_append(array_append("permissions", 'software:read'), 'software:manage')
  WHERE "is_system" AND "name" = 'Partner Admin' AND NOT ('software:read' = ANY("permissions"));
UPDATE "roles" SET "permissions" = array_append("permissions", 'software:read')
  WHERE "is_system" AND "name" IN ('Technician', 'Read Only') AND NOT ('software:read' = ANY("permissions"));
