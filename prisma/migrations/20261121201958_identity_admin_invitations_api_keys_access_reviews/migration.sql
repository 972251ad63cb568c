-- CreateEnum
CREATE TYPE "AccessReviewStatus" AS ENUM ('open', 'completed');

-- CreateEnum
CREATE TYPE "AccessReviewDecision" AS ENUM ('keep', 'revoke');

-- CreateTable
CREATE TABLE "user_invitations" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "token_hash" VARCHAR(64) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "invited_by_id" UUID,
    "send_count" INTEGER NOT NULL DEFAULT 1,
    "last_sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "partner_id" UUID,
    "org_id" UUID,
    "name" VARCHAR(100) NOT NULL,
    "prefix" VARCHAR(32) NOT NULL,
    "secret_hash" VARCHAR(64) NOT NULL,
    "previous_secret_hash" VARCHAR(64),
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "expires_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "last_used_ip" VARCHAR(64),
    "rotated_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_reason" VARCHAR(64),
    "revoked_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "access_reviews" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "description" VARCHAR(2000),
    "status" "AccessReviewStatus" NOT NULL DEFAULT 'open',
    "due_at" TIMESTAMPTZ(3),
    "created_by_id" UUID,
    "created_by_email" VARCHAR(255),
    "completed_by_id" UUID,
    "completed_by_email" VARCHAR(255),
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "access_reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "access_review_items" (
    "id" UUID NOT NULL,
    "review_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "user_id" UUID NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "user_status" VARCHAR(32) NOT NULL,
    "scope" "RoleScope" NOT NULL,
    "role_id" UUID NOT NULL,
    "role_name" VARCHAR(100) NOT NULL,
    "permissions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "org_access" "OrgAccess",
    "org_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "decision" "AccessReviewDecision",
    "note" VARCHAR(1000),
    "decided_by_id" UUID,
    "decided_by_email" VARCHAR(255),
    "decided_at" TIMESTAMPTZ(3),
    "outcome" VARCHAR(32),
    "applied_at" TIMESTAMPTZ(3),

    CONSTRAINT "access_review_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "user_invitations_user_id_key" ON "user_invitations"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_invitations_token_hash_key" ON "user_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "user_invitations_partner_id_idx" ON "user_invitations"("partner_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys"("secret_hash");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_previous_secret_hash_key" ON "api_keys"("previous_secret_hash");

-- CreateIndex
CREATE INDEX "api_keys_user_id_idx" ON "api_keys"("user_id");

-- CreateIndex
CREATE INDEX "api_keys_partner_id_idx" ON "api_keys"("partner_id");

-- CreateIndex
CREATE INDEX "access_reviews_partner_id_created_at_idx" ON "access_reviews"("partner_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "access_review_items_review_id_email_idx" ON "access_review_items"("review_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "access_review_items_review_id_user_id_key" ON "access_review_items"("review_id", "user_id");

-- AddForeignKey
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "access_review_items" ADD CONSTRAINT "access_review_items_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "access_reviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

