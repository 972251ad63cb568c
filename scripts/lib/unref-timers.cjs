// Preloaded into the Prisma CLI: its WASM schema engine leaves a 10 s timer running after the
// work is done, which keeps the process alive for 10 s. An unref'd timer still fires if the
// process is otherwise busy, so this changes nothing but the exit time.
const original = global.setTimeout;
global.setTimeout = function patchedSetTimeout(fn, ms, ...args) {
  const timer = original(fn, ms, ...args);
  if (typeof ms === 'number' && ms >= 5000 && timer && typeof timer.unref === 'function') timer.unref();
  return timer;
};
