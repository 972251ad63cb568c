-- Single-executable agent binaries (about 120 MB each) are served from the build directory
-- rather than stored in the database: file_path names the file, content stays empty for them
ALTER TABLE "agent_artifacts" ADD COLUMN "file_path" TEXT;
