// Text shared by the OpenAPI descriptions of the discovery routes.
export const JOB_STATES_DOC =
  'Job states: `queued` (waiting for the probe agent’s next heartbeat) → `running` (the agent streams batches; `progress` is the percent of addresses probed) → `completed`, `failed` (agent error, or the probe went away), `cancelled` (POST /discovery/jobs/:id/cancel) or `timed_out` (no final result within an hour). Final states never change.';
export const SCAN_DOC =
  'Scans run on the profile’s probe agent, unprivileged: the neighbour (ARP) table, TCP connect to the profile’s ports, reverse DNS, unicast mDNS name queries, and SNMP sysDescr/sysObjectID/sysName with the profile’s credentials (tried in order). The agent never probes an address outside the job’s subnets, and the server drops any reported address outside them (counted in `rejectedHosts`). Addresses of ignored assets are not probed.';
