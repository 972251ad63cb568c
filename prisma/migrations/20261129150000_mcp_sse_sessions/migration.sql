-- CreateTable
CREATE TABLE "mcp_sse_sessions" (
    "id" UUID NOT NULL,
    "api_key_id" UUID NOT NULL,
    "partner_id" UUID,
    "process_id" UUID NOT NULL,
    "lease_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mcp_sse_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mcp_relay_messages" (
    "id" UUID NOT NULL,
    "payload" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mcp_relay_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "mcp_sse_sessions_api_key_id_idx" ON "mcp_sse_sessions"("api_key_id");

-- CreateIndex
CREATE INDEX "mcp_sse_sessions_process_id_idx" ON "mcp_sse_sessions"("process_id");

-- CreateIndex
CREATE INDEX "mcp_relay_messages_created_at_idx" ON "mcp_relay_messages"("created_at");

-- AddForeignKey
ALTER TABLE "mcp_sse_sessions" ADD CONSTRAINT "mcp_sse_sessions_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
