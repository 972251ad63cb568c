// Coalesces concurrent calls into batches: calls made while earlier batches are still running
// (or within the same event-loop turn) are handed to `run` together, so a burst of N agent
// requests costs a few database round trips instead of N. At low load a batch is one call and
// waits for nothing but the next turn (setImmediate); under load batches grow by themselves,
// because calls accumulate while `maxInFlight` batches occupy their connections.
export interface CoalesceOptions<I> {
  /** Most inputs per batch. */
  maxBatch: number;
  /** Batches running at once (each holds one database connection). */
  maxInFlight: number;
  /** Inputs with the same key never share a batch (a later one waits for the next batch). */
  key?: (input: I) => string;
}

interface Pending<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/** `run` answers one output per input, in input order. */
export function coalesceCalls<I, O>(run: (inputs: I[]) => Promise<O[]>, opts: CoalesceOptions<I>): (input: I) => Promise<O> {
  let queue: Pending<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const takeBatch = (): Pending<I, O>[] => {
    if (!opts.key) return queue.splice(0, opts.maxBatch);
    const batch: Pending<I, O>[] = [];
    const rest: Pending<I, O>[] = [];
    const keys = new Set<string>();
    for (const item of queue) {
      const k = opts.key(item.input);
      if (batch.length < opts.maxBatch && !keys.has(k)) {
        keys.add(k);
        batch.push(item);
      } else rest.push(item);
    }
    queue = rest;
    return batch;
  };

  const flush = () => {
    scheduled = false;
    while (queue.length > 0 && inFlight < opts.maxInFlight) {
      const batch = takeBatch();
      inFlight++;
      run(batch.map((p) => p.input))
        .then(
          (outputs) => batch.forEach((p, i) => p.resolve(outputs[i])),
          (error) => batch.forEach((p) => p.reject(error)),
        )
        .finally(() => {
          inFlight--;
          schedule();
        });
    }
  };

  const schedule = () => {
    if (scheduled || queue.length === 0 || inFlight >= opts.maxInFlight) return;
    scheduled = true;
    setImmediate(flush);
  };

  return (input: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      schedule();
    });
}
