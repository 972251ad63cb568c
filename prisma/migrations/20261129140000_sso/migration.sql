-- CreateTable
CREATE TABLE "sso_providers" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "name" VARCHAR(255) NOT NULL,
    "preset" VARCHAR(32) NOT NULL,
    "issuer" VARCHAR(2048) NOT NULL,
    "client_id" VARCHAR(512) NOT NULL,
    "client_secret_sealed" TEXT NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY['openid', 'email', 'profile']::TEXT[],
    "email_domains" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "groups_claim" VARCHAR(255) NOT NULL DEFAULT 'groups',
    "role_mappings" JSONB NOT NULL DEFAULT '[]',
    "default_role_id" UUID,
    "jit_provisioning" BOOLEAN NOT NULL DEFAULT true,
    "enforce_sso" BOOLEAN NOT NULL DEFAULT false,
    "trust_idp_mfa" BOOLEAN NOT NULL DEFAULT false,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "last_login_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sso_providers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sso_login_states" (
    "id" UUID NOT NULL,
    "provider_id" UUID NOT NULL,
    "state_hash" VARCHAR(64) NOT NULL,
    "nonce" VARCHAR(128) NOT NULL,
    "code_verifier" VARCHAR(128) NOT NULL,
    "return_to" VARCHAR(500),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_login_states_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sso_login_results" (
    "id" UUID NOT NULL,
    "provider_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "code_hash" VARCHAR(64) NOT NULL,
    "mfa" BOOLEAN NOT NULL DEFAULT false,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sso_login_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sso_identities" (
    "id" UUID NOT NULL,
    "provider_id" UUID NOT NULL,
    "subject" VARCHAR(255) NOT NULL,
    "user_id" UUID NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_login_at" TIMESTAMPTZ(3),

    CONSTRAINT "sso_identities_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sso_providers_partner_id_idx" ON "sso_providers"("partner_id");

-- CreateIndex
CREATE UNIQUE INDEX "sso_login_states_state_hash_key" ON "sso_login_states"("state_hash");

-- CreateIndex
CREATE INDEX "sso_login_states_expires_at_idx" ON "sso_login_states"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "sso_login_results_code_hash_key" ON "sso_login_results"("code_hash");

-- CreateIndex
CREATE INDEX "sso_login_results_expires_at_idx" ON "sso_login_results"("expires_at");

-- CreateIndex
CREATE INDEX "sso_identities_user_id_idx" ON "sso_identities"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "sso_identities_provider_id_subject_key" ON "sso_identities"("provider_id", "subject");

-- AddForeignKey
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_login_states" ADD CONSTRAINT "sso_login_states_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "sso_providers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_login_results" ADD CONSTRAINT "sso_login_results_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "sso_providers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_login_results" ADD CONSTRAINT "sso_login_results_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "sso_providers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- One partner-wide provider per partner and one provider per organization: the login route
-- resolves a tenant to exactly one provider.
CREATE UNIQUE INDEX "sso_providers_partner_wide_key" ON "sso_providers"("partner_id") WHERE "org_id" IS NULL;
CREATE UNIQUE INDEX "sso_providers_org_key" ON "sso_providers"("org_id") WHERE "org_id" IS NOT NULL;
