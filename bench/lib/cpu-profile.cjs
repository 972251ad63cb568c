// Preloaded (NODE_OPTIONS=--require) into the web processes by `npm run bench -- --profile`:
// --cpu-prof itself is refused in NODE_OPTIONS. Samples from start to exit and writes a V8
// .cpuprofile into RMM_BENCH_PROFILE_DIR (an in-process inspector session answers synchronously).
// With RMM_BENCH_PROFILE_WINDOW set to a signal's name, that signal starts the profile afresh, so
// a scenario that sends it when its measurement begins gets a profile of that window rather than
// of start-up and warm-up. The web processes are given SIGUSR2; the workers SIGWINCH, whose
// default is to be ignored (graphile-worker shuts down on SIGUSR2).
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const path = require('node:path');

const dir = process.env.RMM_BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  if (process.env.RMM_BENCH_PROFILE_WINDOW) process.on(process.env.RMM_BENCH_PROFILE_WINDOW, () => session.post('Profiler.stop', () => session.post('Profiler.start')));
  process.on('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(path.join(dir, `${process.env.RMM_PROCESS ?? 'node'}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
