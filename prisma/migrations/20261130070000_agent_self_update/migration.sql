-- The server's Ed25519 agent release key: one row, created once (INSERT ... ON CONFLICT DO NOTHING),
-- the private key sealed with the application's encryption key.
CREATE TABLE "agent_release_keys" (
    "id" SMALLINT NOT NULL DEFAULT 1,
    "public_key" TEXT NOT NULL,
    "private_key_sealed" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "agent_release_keys_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "agent_release_keys_single_row" CHECK ("id" = 1)
);

-- Each artifact's Ed25519 signature over rmm-agent-release:v1:<version>:<os>:<arch>:<sha256>.
ALTER TABLE "agent_artifacts" ADD COLUMN "signature" TEXT;

-- Staged rollout of the promoted release.
ALTER TABLE "agent_versions" ADD COLUMN "rollout_percent" INTEGER NOT NULL DEFAULT 100,
    ADD COLUMN "rollout_group_ids" UUID[] NOT NULL DEFAULT ARRAY[]::UUID[];
ALTER TABLE "agent_versions" ADD CONSTRAINT "agent_versions_rollout_percent_range" CHECK ("rollout_percent" BETWEEN 0 AND 100);

-- The agent's last reported self-update state.
ALTER TABLE "devices" ADD COLUMN "agent_update_state" VARCHAR(16),
    ADD COLUMN "agent_update_version" VARCHAR(64),
    ADD COLUMN "agent_update_error" VARCHAR(1000),
    ADD COLUMN "agent_update_at" TIMESTAMPTZ(3);
