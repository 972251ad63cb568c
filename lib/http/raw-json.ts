// A handler result whose JSON text is already made (e.g. serialised by PostgreSQL for a hot
// list): defineRoute sends it as the body unchanged instead of JSON.stringify-ing an object.
export class RawJson {
  constructor(readonly text: string) {}
}
