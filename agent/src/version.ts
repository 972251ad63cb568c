// The agent's version: the build registers the bundle under it (scripts/build-agent.mjs).
export const AGENT_VERSION = '1.0.0';
