-- CreateTable
CREATE TABLE "agent_channel_presence" (
    "device_id" UUID NOT NULL,
    "process_id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "connected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agent_channel_presence_pkey" PRIMARY KEY ("device_id")
);

-- CreateTable
CREATE TABLE "agent_channel_relay" (
    "id" UUID NOT NULL,
    "payload" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_channel_relay_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agent_channel_presence_process_id_idx" ON "agent_channel_presence"("process_id");

-- CreateIndex
CREATE INDEX "agent_channel_relay_created_at_idx" ON "agent_channel_relay"("created_at");

-- AddForeignKey
ALTER TABLE "agent_channel_presence" ADD CONSTRAINT "agent_channel_presence_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Wake on command: every queued command announces its device on the agent_wake notification
-- channel. PostgreSQL delivers a notification only when the inserting transaction commits (and
-- folds identical ones of one transaction into one), so every path that queues commands (the
-- API, bulk actions, automations, deployments) wakes the agent without a hook of its own, and
-- never for a command that was rolled back. The web process holding the device's channel sends
-- the agent a wake frame and the agent claims the command through its heartbeat.
CREATE FUNCTION "device_commands_wake_agent"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''agent_wake'', NEW.device_id::text)\073
  RETURN NULL\073
END
';

CREATE TRIGGER "device_commands_wake_agent"
  AFTER INSERT ON "device_commands"
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION "device_commands_wake_agent"();
