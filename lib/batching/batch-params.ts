// The array parameters of a batch statement (`unnest($1::uuid[], …)`, `= any($1::text[])`),
// written so that PostgreSQL plans the statement once per connection instead of per execution.
//
// A named prepared statement is planned afresh for its parameter values ("custom plans") until a
// plan for any values ("generic") looks no costlier. A custom plan sees each array and knows the
// batch's length; a generic plan assumes ten elements. At the batch sizes of a fleet's normal
// rate (two or three beats) the generic plan therefore always looked costlier, and every
// execution was planned again: a third of a heartbeat's database CPU (0.47 → 0.32 ms a beat
// at 1,667 beats/s once plans are reused). Behind a scalar sub-select the array is a value the
// planner cannot see into in either kind of plan: both assume the same length, the generic plan
// wins after the first five executions, and it is kept. The sub-selects run once per execution;
// the cast after each keeps `= any(…)` reading it as an array, not as a subquery of rows.

/** `(select $1::uuid[])::uuid[], (select $2::bool[])::bool[], …` for parameters numbered from `first`. */
export function batchArrayParams(types: string[], first = 1): string {
  return types.map((type, i) => `(select $${first + i}::${type})::${type}`).join(', ');
}
