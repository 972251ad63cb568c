-- CreateTable
CREATE TABLE "ai_sessions" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "user_id" UUID NOT NULL,
    "title" VARCHAR(200) NOT NULL,
    "status" VARCHAR(24) NOT NULL DEFAULT 'idle',
    "turn_id" UUID,
    "turn_heartbeat_at" TIMESTAMPTZ(3),
    "interrupt_requested_at" TIMESTAMPTZ(3),
    "provider" VARCHAR(32),
    "model" VARCHAR(200),
    "message_count" INTEGER NOT NULL DEFAULT 0,
    "input_tokens" INTEGER NOT NULL DEFAULT 0,
    "output_tokens" INTEGER NOT NULL DEFAULT 0,
    "last_message_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ai_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_messages" (
    "id" UUID NOT NULL,
    "session_id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "role" VARCHAR(16) NOT NULL,
    "content" JSONB NOT NULL,
    "text" TEXT NOT NULL DEFAULT '',
    "stop_reason" VARCHAR(24),
    "input_tokens" INTEGER,
    "output_tokens" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_tool_executions" (
    "id" UUID NOT NULL,
    "session_id" UUID NOT NULL,
    "message_id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "tool_call_id" VARCHAR(200) NOT NULL,
    "tool_name" VARCHAR(100) NOT NULL,
    "method" VARCHAR(8) NOT NULL,
    "path" VARCHAR(2048) NOT NULL,
    "arguments" JSONB NOT NULL,
    "read_only" BOOLEAN NOT NULL,
    "destructive" BOOLEAN NOT NULL DEFAULT false,
    "status" VARCHAR(16) NOT NULL,
    "http_status" INTEGER,
    "result" JSONB,
    "decided_by_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_tool_executions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_usage" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "user_id" UUID,
    "session_id" UUID,
    "provider" VARCHAR(32) NOT NULL,
    "model" VARCHAR(200) NOT NULL,
    "input_tokens" INTEGER NOT NULL,
    "output_tokens" INTEGER NOT NULL,
    "cost_micros" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_usage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_security_events" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID,
    "user_id" UUID,
    "session_id" UUID,
    "kind" VARCHAR(32) NOT NULL,
    "tool_name" VARCHAR(100),
    "detail" VARCHAR(1000) NOT NULL,
    "excerpt" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_security_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ai_sessions_partner_id_user_id_updated_at_idx" ON "ai_sessions"("partner_id", "user_id", "updated_at");

-- CreateIndex
CREATE INDEX "ai_sessions_partner_id_updated_at_idx" ON "ai_sessions"("partner_id", "updated_at");

-- CreateIndex
CREATE INDEX "ai_messages_session_id_seq_idx" ON "ai_messages"("session_id", "seq");

-- CreateIndex
CREATE INDEX "ai_tool_executions_session_id_created_at_idx" ON "ai_tool_executions"("session_id", "created_at");

-- CreateIndex
CREATE INDEX "ai_tool_executions_session_id_status_idx" ON "ai_tool_executions"("session_id", "status");

-- CreateIndex
CREATE INDEX "ai_usage_partner_id_created_at_idx" ON "ai_usage"("partner_id", "created_at");

-- CreateIndex
CREATE INDEX "ai_security_events_partner_id_created_at_idx" ON "ai_security_events"("partner_id", "created_at");

-- AddForeignKey
ALTER TABLE "ai_sessions" ADD CONSTRAINT "ai_sessions_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_sessions" ADD CONSTRAINT "ai_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_messages" ADD CONSTRAINT "ai_messages_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "ai_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_tool_executions" ADD CONSTRAINT "ai_tool_executions_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "ai_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

