-- CreateTable
CREATE TABLE "remote_sessions" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "user_id" UUID,
    "user_email" VARCHAR(320),
    "type" VARCHAR(16) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "end_reason" VARCHAR(500),
    "cols" INTEGER NOT NULL DEFAULT 80,
    "rows" INTEGER NOT NULL DEFAULT 24,
    "viewer_process_id" UUID,
    "last_seen_at" TIMESTAMPTZ(3),
    "offer_sdp" TEXT,
    "answer_sdp" TEXT,
    "viewer_candidates" JSONB NOT NULL DEFAULT '[]',
    "agent_candidates" JSONB NOT NULL DEFAULT '[]',
    "transcript_bytes" INTEGER NOT NULL DEFAULT 0,
    "transcript_truncated" BOOLEAN NOT NULL DEFAULT false,
    "transcript_storage" VARCHAR(16),
    "transcript_bucket" VARCHAR(255),
    "transcript_key" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "remote_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "remote_session_transcripts" (
    "session_id" UUID NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "remote_session_transcripts_pkey" PRIMARY KEY ("session_id")
);

-- CreateTable
CREATE TABLE "remote_tickets" (
    "id" UUID NOT NULL,
    "token_hash" VARCHAR(64) NOT NULL,
    "purpose" VARCHAR(32) NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "session_id" UUID,
    "tunnel_id" UUID,
    "user_id" UUID,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "remote_tickets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "remote_tunnels" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "device_id" UUID NOT NULL,
    "user_id" UUID,
    "target_host" VARCHAR(255) NOT NULL,
    "target_port" INTEGER NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'open',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "remote_tunnels_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "remote_sessions_partner_id_created_at_idx" ON "remote_sessions"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "remote_sessions_org_id_created_at_idx" ON "remote_sessions"("org_id", "created_at");

-- CreateIndex
CREATE INDEX "remote_sessions_device_id_created_at_idx" ON "remote_sessions"("device_id", "created_at");

-- CreateIndex
CREATE INDEX "remote_sessions_status_idx" ON "remote_sessions"("status");

-- CreateIndex
CREATE UNIQUE INDEX "remote_tickets_token_hash_key" ON "remote_tickets"("token_hash");

-- CreateIndex
CREATE INDEX "remote_tickets_expires_at_idx" ON "remote_tickets"("expires_at");

-- CreateIndex
CREATE INDEX "remote_tunnels_partner_id_created_at_idx" ON "remote_tunnels"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "remote_tunnels_device_id_idx" ON "remote_tunnels"("device_id");

-- AddForeignKey
ALTER TABLE "remote_session_transcripts" ADD CONSTRAINT "remote_session_transcripts_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "remote_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The states a session and a tunnel may be in (docs/REMOTE-ACCESS.md)
ALTER TABLE "remote_sessions" ADD CONSTRAINT "remote_sessions_type_check" CHECK ("type" IN ('terminal', 'desktop'));
ALTER TABLE "remote_sessions" ADD CONSTRAINT "remote_sessions_status_check" CHECK ("status" IN ('pending', 'active', 'ended', 'failed'));
ALTER TABLE "remote_tickets" ADD CONSTRAINT "remote_tickets_purpose_check" CHECK ("purpose" IN ('terminal', 'tunnel_http', 'desktop_connect'));
ALTER TABLE "remote_tunnels" ADD CONSTRAINT "remote_tunnels_status_check" CHECK ("status" IN ('open', 'closed'));
