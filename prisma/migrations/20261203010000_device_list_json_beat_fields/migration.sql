-- The fields every heartbeat writes leave the stored device JSON: when it is seen, its metrics,
-- uptime and signed-in user, and the watchdog's status and silence mark. PostgreSQL recomputes a
-- stored generated column only when an UPDATE sets a column it is computed from, so a beat no
-- longer rebuilds the whole document of its device (a SQL function call over 31 fields, a large
-- share of a beat's database CPU once beats come in batches). The cursor pages of GET /devices
-- append those nine fields to the stored text as they read it (lib/devices/list-devices-by-cursor.ts).
ALTER TABLE "devices" DROP COLUMN "list_json";

CREATE FUNCTION device_list_json_v3(
  id uuid, partner_id uuid, org_id uuid, site_id uuid, agent_id uuid, hostname text, display_name text,
  os_type "OsType", os_version text, architecture text, agent_version text,
  agent_update_state text, agent_update_version text, agent_update_error text, agent_update_at timestamptz,
  status "DeviceStatus", tags text[], hardware jsonb,
  enrolled_at timestamptz, decommissioned_at timestamptz, created_at timestamptz, updated_at timestamptz
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select row_to_json(j)::text from (select
    id, partner_id as "partnerId", org_id as "orgId", site_id as "siteId", agent_id as "agentId",
    hostname, display_name as "displayName", os_type as "osType", os_version as "osVersion", architecture,
    agent_version as "agentVersion",
    case when agent_update_state is null then null else json_build_object(
      'state', agent_update_state, 'version', coalesce(agent_update_version, ''), 'error', agent_update_error,
      'at', to_char(agent_update_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end as "agentUpdate",
    status, tags, hardware,
    to_char(enrolled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "enrolledAt",
    to_char(decommissioned_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "decommissionedAt",
    to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
    to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
  ) j
$$;

ALTER TABLE "devices" ADD COLUMN "list_json" text GENERATED ALWAYS AS (device_list_json_v3(
  "id", "partner_id", "org_id", "site_id", "agent_id", "hostname", "display_name", "os_type", "os_version",
  "architecture", "agent_version", "agent_update_state", "agent_update_version", "agent_update_error",
  "agent_update_at", "status", "tags", "hardware", "enrolled_at", "decommissioned_at", "created_at", "updated_at"
)) STORED;

DROP FUNCTION device_list_json_v2(uuid, uuid, uuid, uuid, uuid, text, text, "OsType", text, text, text,
  text, text, text, timestamptz, "DeviceStatus", text[],
  timestamptz, real, real, real, bigint, text, jsonb, jsonb, timestamptz, text, timestamptz, timestamptz, timestamptz, timestamptz);
