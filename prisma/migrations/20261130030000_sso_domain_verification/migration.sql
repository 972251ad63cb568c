-- Email domains of SSO providers become records with an ownership check: a domain is pending
-- until the partner publishes its token in DNS, and only verified domains route sign-ins.
CREATE TABLE "sso_domains" (
    "id" UUID NOT NULL,
    "provider_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "domain" VARCHAR(253) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "verification_token" VARCHAR(64) NOT NULL,
    "verified_at" TIMESTAMPTZ(3),
    "last_checked_at" TIMESTAMPTZ(3),
    "last_check_error" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_domains_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sso_domains_status_check" CHECK ("status" IN ('pending', 'verified'))
);

CREATE UNIQUE INDEX "sso_domains_partner_id_domain_key" ON "sso_domains"("partner_id", "domain");
CREATE INDEX "sso_domains_provider_id_idx" ON "sso_domains"("provider_id");
CREATE INDEX "sso_domains_domain_idx" ON "sso_domains"("domain");
-- One owner per domain: at most one verified claim across all partners.
CREATE UNIQUE INDEX "sso_domains_verified_domain_key" ON "sso_domains"("domain") WHERE "status" = 'verified';

ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "sso_providers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Domains listed before this check existed were never proven: they start pending, each with
-- its own random token (two UUIDs without hyphens: 64 hex characters).
INSERT INTO "sso_domains" ("id", "provider_id", "partner_id", "domain", "verification_token")
SELECT DISTINCT ON (p."partner_id", d.domain)
       gen_random_uuid(), p."id", p."partner_id", d.domain,
       replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
FROM "sso_providers" p, unnest(p."email_domains") AS d(domain)
ORDER BY p."partner_id", d.domain, p."created_at";

ALTER TABLE "sso_providers" DROP COLUMN "email_domains";

-- Role re-sync: the groups claim decides the role on every sign-in, not only the first.
ALTER TABLE "sso_providers" ADD COLUMN "sync_roles" BOOLEAN NOT NULL DEFAULT true;
