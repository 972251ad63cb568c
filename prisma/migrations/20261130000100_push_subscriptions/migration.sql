-- Push subscriptions of users' browsers and phones, and the service's VAPID key pair
CREATE TABLE "push_subscriptions" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "user_id" UUID NOT NULL,
  "partner_id" UUID,
  "provider" VARCHAR(16) NOT NULL,
  "endpoint" VARCHAR(2048) NOT NULL,
  "endpoint_hash" VARCHAR(64) NOT NULL,
  "keys_sealed" TEXT,
  "device_name" VARCHAR(255),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "last_success_at" TIMESTAMPTZ(3),
  "last_error" VARCHAR(500),
  "failure_count" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "push_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "push_subscriptions_endpoint_hash_key" ON "push_subscriptions"("endpoint_hash");
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions"("user_id");

CREATE TABLE "vapid_keys" (
  "id" INTEGER NOT NULL DEFAULT 1,
  "public_key" VARCHAR(200) NOT NULL,
  "private_key_sealed" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "vapid_keys_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "vapid_keys_single_row" CHECK ("id" = 1)
);
