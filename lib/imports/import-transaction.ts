/** Interactive-transaction limits of an import commit: generous, a 1,000-row import is one transaction. */
export const IMPORT_TRANSACTION = { maxWait: 10_000, timeout: 120_000 };
