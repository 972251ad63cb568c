-- Releases uploaded by operators keep their bytes in the attachment store: an S3 object
-- (storage_bucket, storage_key) or chunks in agent_artifact_chunks (blob_id), written and read
-- as streams. promoted_by_operator_at records that an operator chose the promoted release, so
-- the bundled agent registered at server start never overrides that choice. Chunks of an upload
-- that never finished (the process died mid-stream) belong to no artifact: a sweep removes them.
ALTER TABLE "agent_versions" ADD COLUMN "promoted_by_operator_at" TIMESTAMPTZ(3);

ALTER TABLE "agent_artifacts" ADD COLUMN "storage_bucket" TEXT,
  ADD COLUMN "storage_key" TEXT,
  ADD COLUMN "blob_id" UUID;

CREATE TABLE "agent_artifact_chunks" (
  "blob_id" UUID NOT NULL,
  "seq" INTEGER NOT NULL,
  "data" BYTEA NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "agent_artifact_chunks_pkey" PRIMARY KEY ("blob_id", "seq")
);
