// Summarises a V8 .cpuprofile (from `npm run bench -- --profile`): self time by function and by
// package/source area, so the hot spots of a scenario read at a glance.
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: tsx bench/profile-summary.ts FILE.cpuprofile [top]');
const top = Number(process.argv[3] ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const total = profile.nodes.reduce((s, n) => s + n.hitCount, 0);

function area(url: string): string {
  if (!url) return '(native/vm)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const m = /\/(lib\/[^/]+|app|server[^/]*|\.next)\//.exec(url);
  return m ? m[1] : url.split('/').slice(-2).join('/');
}

const byFn = new Map<string, number>();
const byArea = new Map<string, number>();
for (const n of profile.nodes) {
  if (!n.hitCount) continue;
  const fn = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + n.hitCount);
  const a = area(n.callFrame.url);
  byArea.set(a, (byArea.get(a) ?? 0) + n.hitCount);
}
const pct = (v: number) => `${((v / total) * 100).toFixed(1).padStart(5)}%`;
console.log(`${total} samples\n\nself time by area:`);
for (const [k, v] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(v)}  ${k}`);
console.log('\nself time by function:');
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
