-- CreateEnum
CREATE TYPE "RegistrationKind" AS ENUM ('partner', 'user');

-- CreateTable
CREATE TABLE "pending_registrations" (
    "id" UUID NOT NULL,
    "kind" "RegistrationKind" NOT NULL,
    "token_hash" VARCHAR(64) NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "company_name" VARCHAR(255),
    "password_hash" TEXT NOT NULL,
    "ip" VARCHAR(64),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pending_registrations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "pending_registrations_token_hash_key" ON "pending_registrations"("token_hash");

-- CreateIndex
CREATE INDEX "pending_registrations_expires_at_idx" ON "pending_registrations"("expires_at");

-- A partner registration always names its company.
ALTER TABLE "pending_registrations"
  ADD CONSTRAINT "pending_registrations_company_check" CHECK ("kind" <> 'partner' OR "company_name" IS NOT NULL);
