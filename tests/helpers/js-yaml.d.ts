// Minimal typing of js-yaml (it ships none), for the tests that read deployment files.
declare module 'js-yaml' {
  export function load(source: string, options?: { filename?: string }): unknown;
  export function loadAll(source: string, iterator?: null, options?: { filename?: string }): unknown[];
}
