-- CreateEnum
CREATE TYPE "VulnerabilityFeedKind" AS ENUM ('osv', 'kev');

-- CreateEnum
CREATE TYPE "VulnerabilitySeverity" AS ENUM ('critical', 'high', 'medium', 'low', 'unknown');

-- CreateEnum
CREATE TYPE "VulnerabilityFindingStatus" AS ENUM ('open', 'accepted', 'mitigated', 'resolved');

-- CreateTable
CREATE TABLE "vulnerability_feeds" (
    "id" UUID NOT NULL,
    "kind" "VulnerabilityFeedKind" NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "url" VARCHAR(2000),
    "refresh_hours" INTEGER,
    "digest" VARCHAR(64),
    "entries" INTEGER NOT NULL DEFAULT 0,
    "last_loaded_at" TIMESTAMPTZ(3),
    "last_fetched_at" TIMESTAMPTZ(3),
    "last_error" VARCHAR(2000),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "vulnerability_feeds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vulnerability_advisories" (
    "id" UUID NOT NULL,
    "feed_id" UUID NOT NULL,
    "advisory_id" VARCHAR(128) NOT NULL,
    "cve_id" VARCHAR(128) NOT NULL,
    "ecosystem" VARCHAR(64) NOT NULL,
    "package_name" VARCHAR(255) NOT NULL,
    "ranges" JSONB NOT NULL,
    "versions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "severity" "VulnerabilitySeverity" NOT NULL DEFAULT 'unknown',
    "cvss_score" DOUBLE PRECISION,
    "summary" VARCHAR(1000),
    "content_hash" VARCHAR(64) NOT NULL,
    "published_at" TIMESTAMPTZ(3),
    "modified_at" TIMESTAMPTZ(3),

    CONSTRAINT "vulnerability_advisories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "known_exploited_vulnerabilities" (
    "cve_id" VARCHAR(32) NOT NULL,
    "feed_id" UUID NOT NULL,
    "vendor_project" VARCHAR(255),
    "product" VARCHAR(255),
    "name" VARCHAR(500),
    "date_added" DATE,
    "due_date" DATE,
    "known_ransomware" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "known_exploited_vulnerabilities_pkey" PRIMARY KEY ("cve_id")
);

-- CreateTable
CREATE TABLE "vulnerability_findings" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "cve_id" VARCHAR(128) NOT NULL,
    "ecosystem" VARCHAR(64) NOT NULL,
    "package_name" VARCHAR(255) NOT NULL,
    "installed_version" VARCHAR(200) NOT NULL,
    "fixed_version" VARCHAR(200),
    "advisory_ids" VARCHAR(128)[] DEFAULT ARRAY[]::VARCHAR(128)[],
    "severity" "VulnerabilitySeverity" NOT NULL DEFAULT 'unknown',
    "cvss_score" DOUBLE PRECISION,
    "summary" VARCHAR(1000),
    "status" "VulnerabilityFindingStatus" NOT NULL DEFAULT 'open',
    "accepted_reason" VARCHAR(2000),
    "accepted_until" TIMESTAMPTZ(3),
    "accepted_by" UUID,
    "mitigation_note" VARCHAR(2000),
    "mitigated_by" UUID,
    "ticket_id" UUID,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "vulnerability_findings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "vulnerability_feeds_name_key" ON "vulnerability_feeds"("name");

-- CreateIndex
CREATE INDEX "vulnerability_advisories_ecosystem_package_name_idx" ON "vulnerability_advisories"("ecosystem", "package_name");

-- CreateIndex
CREATE INDEX "vulnerability_advisories_cve_id_idx" ON "vulnerability_advisories"("cve_id");

-- CreateIndex
CREATE UNIQUE INDEX "vulnerability_advisories_entry_key" ON "vulnerability_advisories"("feed_id", "advisory_id", "cve_id", "ecosystem", "package_name");

-- CreateIndex
CREATE INDEX "vulnerability_findings_partner_id_status_cve_id_idx" ON "vulnerability_findings"("partner_id", "status", "cve_id");

-- CreateIndex
CREATE INDEX "vulnerability_findings_org_id_status_idx" ON "vulnerability_findings"("org_id", "status");

-- CreateIndex
CREATE INDEX "vulnerability_findings_cve_id_status_idx" ON "vulnerability_findings"("cve_id", "status");

-- CreateIndex
CREATE INDEX "vulnerability_findings_status_accepted_until_idx" ON "vulnerability_findings"("status", "accepted_until");

-- CreateIndex
CREATE UNIQUE INDEX "vulnerability_findings_device_id_cve_id_package_name_key" ON "vulnerability_findings"("device_id", "cve_id", "package_name");

-- AddForeignKey
ALTER TABLE "vulnerability_advisories" ADD CONSTRAINT "vulnerability_advisories_feed_id_fkey" FOREIGN KEY ("feed_id") REFERENCES "vulnerability_feeds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "known_exploited_vulnerabilities" ADD CONSTRAINT "known_exploited_vulnerabilities_feed_id_fkey" FOREIGN KEY ("feed_id") REFERENCES "vulnerability_feeds"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- CreateIndex
CREATE INDEX "device_software_name_device_id_idx" ON "device_software"("name", "device_id");
