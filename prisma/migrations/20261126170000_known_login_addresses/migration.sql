-- CreateTable
CREATE TABLE "known_login_addresses" (
    "account_key" VARCHAR(200) NOT NULL,
    "address" VARCHAR(64) NOT NULL,
    "last_success_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "known_login_addresses_pkey" PRIMARY KEY ("account_key","address")
);

-- CreateIndex
CREATE INDEX "known_login_addresses_last_success_at_idx" ON "known_login_addresses"("last_success_at");
