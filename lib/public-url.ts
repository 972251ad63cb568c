// The service's public base URL: the one origin (and optional path prefix) every link it builds
// starts with — emails, customer and portal links, install one-liners, agent downloads, the
// OpenAPI server entry. APP_BASE_URL when set; otherwise derived from where the web server
// listens (HOST, PORT), so a service started on another port still links to itself. The web
// server and the worker read the same environment, so both build the same links.
import { env, type Env } from '@/lib/env';

type UrlConfig = Pick<Env, 'APP_BASE_URL' | 'HOST' | 'PORT'>;

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '*']);

/** True for names and addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '0:0:0:0:0:0:0:1';
}

function hostForUrl(host: string): string {
  if (WILDCARD_HOSTS.has(host)) return 'localhost';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The base URL without a trailing slash, e.g. `https://rmm.example.com` or `http://localhost:4567`. */
export function publicBaseUrl(config: UrlConfig = env()): string {
  if (config.APP_BASE_URL) return config.APP_BASE_URL.replace(/\/+$/, '');
  return `http://${hostForUrl(config.HOST)}:${config.PORT}`;
}

/** An absolute link to a path of the service: `publicUrl('/verify-email')`. */
export function publicUrl(pathname: string, config: UrlConfig = env()): string {
  return `${publicBaseUrl(config)}${pathname.startsWith('/') ? pathname : `/${pathname}`}`;
}

/** The scheme, host and port of the public base URL (no path prefix). */
export function publicOrigin(config: UrlConfig = env()): string {
  return new URL(publicBaseUrl(config)).origin;
}

/**
 * What an operator should hear about at start: links that only this machine can open while the
 * server is reachable from others. Empty when the configuration is consistent.
 */
export function publicUrlWarnings(config: UrlConfig = env()): string[] {
  const warnings: string[] = [];
  const base = publicBaseUrl(config);
  const listensBeyondLoopback = !isLoopbackHost(config.HOST);
  if (!config.APP_BASE_URL && WILDCARD_HOSTS.has(config.HOST)) {
    warnings.push(`APP_BASE_URL is not set: links in emails and install commands use ${base}, which other machines cannot open; set APP_BASE_URL to the address users and agents reach this server at`);
  } else if (listensBeyondLoopback && isLoopbackHost(new URL(base).hostname)) {
    warnings.push(`the public base URL ${base} is a loopback address while the server listens on ${config.HOST}: links in emails and install commands only work on this machine; set APP_BASE_URL`);
  }
  return warnings;
}
