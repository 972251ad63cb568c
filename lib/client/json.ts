// What a response schema looks like once it has crossed the wire: the server's zod schemas
// (lib/<domain>/schemas.ts) may hold Date values, and JSON carries them as ISO strings.
import type { z } from 'zod';

export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;

/** The body a route answers with, from the schema it declares as `response:`. */
export type Wire<S extends z.ZodType> = Json<z.output<S>>;
