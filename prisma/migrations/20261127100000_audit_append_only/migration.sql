-- The audit trail is append-only at the database level: no UPDATE, DELETE or TRUNCATE of
-- audit_logs from any connection, the application's included. The one exception is retention,
-- done only by audit_logs_prune(older_than), which raises a transaction-local setting the
-- trigger checks for DELETE (never for UPDATE or TRUNCATE) and lowers it again before returning.
-- The guard holds against the application's own statements and mistakes. A role that owns the
-- table can still drop the trigger, which is a schema change, not a data change.
-- The migration runner splits scripts at every semicolon, dollar quotes included, so function
-- bodies are escaped string constants whose statement separators are written as the octal escape 073.
CREATE FUNCTION "audit_logs_reject_change"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''DELETE'' AND current_setting(''rmm.audit_prune'', true) = ''on'' THEN
    RETURN OLD\073
  END IF\073
  RAISE EXCEPTION ''audit_logs is append-only: % is not allowed'', TG_OP
    USING ERRCODE = ''insufficient_privilege'', HINT = ''Retention deletes go through audit_logs_prune(older_than)''\073
END
';

CREATE TRIGGER "audit_logs_append_only"
  BEFORE UPDATE OR DELETE ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_reject_change"();

CREATE TRIGGER "audit_logs_no_truncate"
  BEFORE TRUNCATE ON "audit_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_reject_change"();

-- Retention: deletes entries created before older_than and answers how many. Entries of the last
-- 90 days are never pruned, whatever the caller asks, so a wrong cutoff cannot erase recent history.
CREATE FUNCTION "audit_logs_prune"(older_than timestamptz) RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS E'
DECLARE
  removed bigint\073
BEGIN
  IF older_than IS NULL OR older_than > now() - interval ''90 days'' THEN
    RAISE EXCEPTION ''audit_logs_prune keeps at least 90 days: cutoff % is too recent'', older_than
      USING ERRCODE = ''invalid_parameter_value''\073
  END IF\073
  PERFORM set_config(''rmm.audit_prune'', ''on'', true)\073
  DELETE FROM audit_logs WHERE created_at < older_than\073
  GET DIAGNOSTICS removed = ROW_COUNT\073
  PERFORM set_config(''rmm.audit_prune'', ''off'', true)\073
  RETURN removed\073
END
';

-- Full-text search over action, actor email, target and details: one lower-cased text per
-- entry, matched with ILIKE on each search word and served by a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "audit_logs_search_trgm_idx" ON "audit_logs" USING gin (
  lower("action" || ' ' || coalesce("actor_email", '') || ' ' || coalesce("target_type", '') || ' ' || coalesce("target_id", '') || ' ' || "details"::text) gin_trgm_ops
);

-- The user-activity report and the actor filter read an actor's entries newest first.
CREATE INDEX "audit_logs_actor_id_created_at_idx" ON "audit_logs" ("actor_id", "created_at" DESC);
