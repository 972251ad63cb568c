// Plain values the console shares with the API schemas (no server imports, so client bundles can use it).

/** Package managers the agent may use per operating system. */
export const MANAGERS_BY_OS = {
  linux: ['apt', 'dnf', 'yum', 'apk', 'zypper'],
  windows: ['winget', 'choco'],
  macos: ['brew'],
} as const;
