/** OpenAPI text shared by the three currency-change routes. */
export const CURRENCY_CHANGE_DOC = [
  'Amounts are never converted by exchange rate. When the document has monetary lines (a non-zero unit or overage price) the caller must send `clearLines: true` (every line removed) or `reprice: true` (each line takes its catalog item’s price in the new currency: 409 `NO_PRICE_FOR_CURRENCY` / `PRICE_NOT_REPRESENTABLE`, 409 `LINE_NOT_REPRICEABLE` for a line without a catalog item); neither gives 400 `LINE_ACTION_REQUIRED`, both 400. Nothing changes when the call fails.',
].join('\n\n');
