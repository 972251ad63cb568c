-- Tickets the service opens in a partner's PSA for alerts (external service-management mode)
CREATE TABLE "psa_ticket_requests" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "connection_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "alert_id" UUID,
    "source_key" VARCHAR(100) NOT NULL,
    "origin" VARCHAR(16) NOT NULL,
    "subject" VARCHAR(255) NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "external_id" VARCHAR(64),
    "url" VARCHAR(2048),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" VARCHAR(1000),
    "opened_at" TIMESTAMPTZ(3),
    "resolution" VARCHAR(16),
    "resolved_by_system" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "psa_ticket_requests_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "psa_ticket_requests_alert_id_key" ON "psa_ticket_requests"("alert_id");
CREATE UNIQUE INDEX "psa_ticket_requests_source_key_key" ON "psa_ticket_requests"("source_key");
CREATE INDEX "psa_ticket_requests_partner_id_created_at_idx" ON "psa_ticket_requests"("partner_id", "created_at");

ALTER TABLE "psa_ticket_requests" ADD CONSTRAINT "psa_ticket_requests_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "psa_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;
