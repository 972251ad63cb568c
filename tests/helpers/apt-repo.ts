// Real apt and dpkg for end-to-end files: tiny .deb packages built with dpkg-deb, a local apt
// repository in a temp dir, and the apt options that make it the agent's only source (its own
// source list, package lists and no shared package cache, so the machine's real sources are
// never refreshed and its apt cache is never rewritten).
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const TOOLS = ['/usr/bin/apt-get', '/usr/bin/dpkg', '/usr/bin/dpkg-deb', '/usr/bin/dpkg-query'];

/** Why real-apt tests cannot run here, or null when they can. */
export function aptSkipReason(): string | null {
  const missing = TOOLS.filter((t) => !existsSync(t));
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return process.platform !== 'linux' ? 'not Linux' : missing.length ? `missing ${missing.join(', ')}` : !isRoot ? 'installing packages needs root' : null;
}

/** The installed version of a package as dpkg knows it, or null. */
export function dpkgVersion(pkg: string): string | null {
  try {
    const out = execFileSync('dpkg-query', ['-W', '-f=${Status}\t${Version}', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const [status, version] = out.split('\t');
    return /install ok installed/.test(status) ? version.trim() : null;
  } catch {
    return null;
  }
}

/** Builds `<pkg>_<version>_all.deb` in `outDir` (a file under /usr/share/<pkg>) and answers its path; `source` names the source package it says it was built from. */
export function buildDeb(pkg: string, version: string, outDir: string, source?: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'rmm-deb-root-'));
  try {
    mkdirSync(path.join(root, 'DEBIAN'), { recursive: true });
    mkdirSync(path.join(root, 'usr/share', pkg), { recursive: true });
    writeFileSync(path.join(root, 'DEBIAN/control'), `${controlOf(pkg, version, source)}\n`);
    writeFileSync(path.join(root, 'usr/share', pkg, 'version'), `${version}\n`);
    const file = path.join(outDir, `${pkg}_${version}_all.deb`);
    execFileSync('dpkg-deb', ['--build', '--root-owner-group', root, file], { stdio: 'ignore' });
    return file;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const controlOf = (pkg: string, version: string, source?: string) =>
  `Package: ${pkg}\n${source ? `Source: ${source}\n` : ''}Version: ${version}\nArchitecture: all\nMaintainer: RMM tests <tests@example.invalid>\nSection: misc\nPriority: optional\nDescription: probe package of the agent tests`;

/** Runs dpkg with `args`, retried while another dpkg run (another test, unattended upgrades) holds the lock. */
export async function dpkg(args: string[], timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const error = await new Promise<string | null>((resolve) => execFile('dpkg', args, { timeout: 120_000 }, (e, _out, err) => resolve(e ? `${e.message}\n${err}` : null)));
    if (!error) return;
    if (!/lock/i.test(error) || Date.now() > deadline) throw new Error(`dpkg ${args.join(' ')} failed: ${error}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export interface AptRepo {
  dir: string;
  /** The .deb of a version in the repository. */
  deb(version: string): string;
  /** Environment for the agent: RMM_AGENT_APT_OPTIONS pointing apt at this repository only. */
  agentEnv: Record<string, string>;
  /** Purges the given packages (ignoring those not installed) and deletes the repository. */
  remove(packages: string[]): Promise<void>;
}

/**
 * A trusted local repository serving every version of `pkg` (all stay in the index, so older ones
 * can be installed); `opts.source` makes it a binary package of that source package.
 */
export function makeAptRepo(pkg: string, versions: string[], opts: { source?: string } = {}): AptRepo {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-apt-repo-'));
  const repo = path.join(dir, 'repo');
  mkdirSync(repo);
  mkdirSync(path.join(dir, 'lists/partial'), { recursive: true });
  const stanzas = versions.map((version) => {
    const file = buildDeb(pkg, version, repo, opts.source);
    const bytes = readFileSync(file);
    return `${controlOf(pkg, version, opts.source)}\nFilename: ./${path.basename(file)}\nSize: ${statSync(file).size}\nSHA256: ${createHash('sha256').update(bytes).digest('hex')}\n`;
  });
  writeFileSync(path.join(repo, 'Packages'), stanzas.join('\n'));
  writeFileSync(path.join(dir, 'sources.list'), `deb [trusted=yes] file:${repo} ./\n`);
  const options = [
    `Dir::Etc::SourceList=${path.join(dir, 'sources.list')}`,
    'Dir::Etc::SourceParts=/dev/null',
    `Dir::State::Lists=${path.join(dir, 'lists')}`,
    'Dir::Cache::pkgcache=',
    'Dir::Cache::srcpkgcache=',
  ];
  return {
    dir,
    deb: (version) => path.join(repo, `${pkg}_${version}_all.deb`),
    agentEnv: { RMM_AGENT_APT_OPTIONS: options.map((o) => `-o ${o}`).join(' ') },
    remove: async (packages) => {
      try {
        for (const p of packages) if (dpkgVersion(p) !== null) await dpkg(['--purge', p]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
