-- CreateEnum
CREATE TYPE "TicketStatus" AS ENUM ('new', 'open', 'pending', 'on_hold', 'resolved', 'closed');

-- CreateEnum
CREATE TYPE "TicketPriority" AS ENUM ('p1', 'p2', 'p3', 'p4');

-- CreateEnum
CREATE TYPE "TicketType" AS ENUM ('incident', 'service_request', 'problem', 'change', 'question');

-- CreateEnum
CREATE TYPE "TicketSource" AS ENUM ('console', 'portal', 'email', 'ai', 'vulnerability', 'alert');

-- CreateEnum
CREATE TYPE "TicketCommentVisibility" AS ENUM ('public', 'internal');

-- CreateEnum
CREATE TYPE "AttachmentStorage" AS ENUM ('database', 's3');

-- CreateTable
CREATE TABLE "ticket_number_counters" (
    "partner_id" UUID NOT NULL,
    "last_number" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ticket_number_counters_pkey" PRIMARY KEY ("partner_id")
);

-- CreateTable
CREATE TABLE "tickets" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "site_id" UUID,
    "device_id" UUID,
    "subject" VARCHAR(255) NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" "TicketStatus" NOT NULL DEFAULT 'new',
    "priority" "TicketPriority" NOT NULL DEFAULT 'p3',
    "type" "TicketType" NOT NULL DEFAULT 'incident',
    "source" "TicketSource" NOT NULL,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "assignee_id" UUID,
    "requester_name" VARCHAR(255),
    "requester_email" VARCHAR(255),
    "created_by_id" UUID,
    "due_at" TIMESTAMPTZ(3),
    "first_response_at" TIMESTAMPTZ(3),
    "resolved_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    "source_message_id" VARCHAR(255),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),
    "deleted_by_id" UUID,

    CONSTRAINT "tickets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ticket_comments" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "ticket_id" UUID NOT NULL,
    "visibility" "TicketCommentVisibility" NOT NULL DEFAULT 'public',
    "author_type" VARCHAR(16) NOT NULL,
    "author_user_id" UUID,
    "author_name" VARCHAR(255),
    "author_email" VARCHAR(255),
    "content" TEXT NOT NULL DEFAULT '',
    "source" "TicketSource" NOT NULL,
    "source_message_id" VARCHAR(255),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ticket_comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ticket_attachments" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "ticket_id" UUID NOT NULL,
    "comment_id" UUID,
    "uploaded_by_id" UUID,
    "file_name" VARCHAR(255) NOT NULL,
    "content_type" VARCHAR(100) NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "storage" "AttachmentStorage" NOT NULL,
    "storage_bucket" VARCHAR(255),
    "storage_key" VARCHAR(512),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_at" TIMESTAMPTZ(3),

    CONSTRAINT "ticket_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ticket_attachment_blobs" (
    "attachment_id" UUID NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "ticket_attachment_blobs_pkey" PRIMARY KEY ("attachment_id")
);

-- CreateTable
CREATE TABLE "ticket_response_templates" (
    "id" UUID NOT NULL,
    "partner_id" UUID NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "category" VARCHAR(100),
    "body" TEXT NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ticket_response_templates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "tickets_partner_id_created_at_idx" ON "tickets"("partner_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "tickets_org_id_status_idx" ON "tickets"("org_id", "status");

-- CreateIndex
CREATE INDEX "tickets_assignee_id_idx" ON "tickets"("assignee_id");

-- CreateIndex
CREATE INDEX "tickets_partner_id_requester_email_idx" ON "tickets"("partner_id", "requester_email");

-- CreateIndex
CREATE UNIQUE INDEX "tickets_partner_id_number_key" ON "tickets"("partner_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "tickets_partner_id_source_message_id_key" ON "tickets"("partner_id", "source_message_id");

-- CreateIndex
CREATE INDEX "ticket_comments_ticket_id_created_at_idx" ON "ticket_comments"("ticket_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "ticket_comments_partner_id_source_message_id_key" ON "ticket_comments"("partner_id", "source_message_id");

-- CreateIndex
CREATE INDEX "ticket_attachments_ticket_id_idx" ON "ticket_attachments"("ticket_id");

-- CreateIndex
CREATE INDEX "ticket_attachments_comment_id_created_at_idx" ON "ticket_attachments"("comment_id", "created_at");

-- CreateIndex
CREATE INDEX "ticket_attachments_uploaded_by_id_comment_id_idx" ON "ticket_attachments"("uploaded_by_id", "comment_id");

-- CreateIndex
CREATE UNIQUE INDEX "ticket_response_templates_partner_id_name_key" ON "ticket_response_templates"("partner_id", "name");

-- AddForeignKey
ALTER TABLE "ticket_number_counters" ADD CONSTRAINT "ticket_number_counters_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "ticket_comments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_attachment_blobs" ADD CONSTRAINT "ticket_attachment_blobs_attachment_id_fkey" FOREIGN KEY ("attachment_id") REFERENCES "ticket_attachments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_response_templates" ADD CONSTRAINT "ticket_response_templates_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Invariants Prisma cannot express.
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_number_positive" CHECK ("number" > 0);
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_author_type_check" CHECK ("author_type" IN ('user', 'requester', 'system'));
-- An attachment is pending (no comment, never claimed) or claimed (both set).
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_claim_consistent" CHECK (("comment_id" IS NULL) = ("claimed_at" IS NULL));
-- Object-storage rows must say where their bytes are.
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_s3_location" CHECK ("storage" = 'database' OR ("storage_bucket" IS NOT NULL AND "storage_key" IS NOT NULL));
-- 1 byte to 10 MiB (doc 2 limit, and an empty file never sniffs to an accepted type).
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_size_range" CHECK ("size_bytes" BETWEEN 1 AND 10485760);
