'use client';

// /settings/mcp: where AI clients connect (the MCP endpoints), a ready client configuration, and
// which API key scopes unlock which tools and resources.
import Link from 'next/link';
import { useMcpCatalog, type McpCatalog } from '@/hooks/use-mcp';
import { Badge, Card, CopyButton, ErrorText, PageHeader } from '@/components/ui/controls';
import { DataTable } from '@/components/ui/data-table';

function clientConfig(catalog: McpCatalog): string {
  return JSON.stringify(
    { mcpServers: { rmm: { type: 'http', url: catalog.endpoints.streamableHttp, headers: { 'X-API-Key': '<your API key>' } } } },
    null,
    2,
  );
}

function Endpoint({ label, url, hint }: { label: string; url: string; hint: string }) {
  return (
    <div className="space-y-1">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-xs dark:bg-slate-800" data-testid={`mcp-endpoint-${label.toLowerCase().replace(/\W+/g, '-')}`}>
          {url}
        </code>
        <CopyButton text={url} />
      </dd>
      <dd className="text-xs text-slate-500">{hint}</dd>
    </div>
  );
}

export function McpView() {
  const catalog = useMcpCatalog();
  const data = catalog.data;
  const scopes = data ? [...new Set([...data.tools.map((t) => t.permission), ...data.resources.map((r) => r.permission)])].sort() : [];
  return (
    <div className="space-y-4">
      <PageHeader
        title="MCP server"
        description="Connect AI assistants and agents (Claude, IDEs, your own) to this service through the Model Context Protocol. They act with an API key: only what the key's scopes allow, only the organizations its owner can reach."
      />
      <ErrorText error={catalog.error} />
      {data && (
        <>
          <Card title="Endpoints">
            <dl className="space-y-4">
              <Endpoint label="Streamable HTTP" url={data.endpoints.streamableHttp} hint="The current MCP transport: the client POSTs JSON-RPC here. Stateless, any client that speaks MCP 2025-03-26 or later." />
              <Endpoint label="SSE stream" url={data.endpoints.sse} hint="The older SSE transport: the client opens this event stream; it names the message endpoint below." />
              <Endpoint label="SSE messages" url={data.endpoints.message} hint="Where an SSE client posts its messages (?sessionId=… from the stream)." />
            </dl>
          </Card>
          <Card title="How to connect" actions={<CopyButton text={clientConfig(data)} label="Copy configuration" />}>
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              <li>
                Create an API key on the <Link href="/settings/api-keys" className="text-brand-700 underline dark:text-brand-300">API keys</Link> page with the scopes the assistant needs (see below), ideally with an expiry.
              </li>
              <li>Give your MCP client the Streamable HTTP endpoint and the key, sent as the <code>X-API-Key</code> header (or <code>Authorization: Bearer</code>).</li>
              <li>Requests come from the client&apos;s machine: if your company uses an IP allowlist, that address must be on it.</li>
            </ol>
            <figure className="mt-3">
              <figcaption className="text-xs text-slate-500">Client configuration (the usual <code>mcpServers</code> shape; put your key in place of the placeholder)</figcaption>
              <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-3 font-mono text-xs dark:bg-slate-800">{clientConfig(data)}</pre>
            </figure>
          </Card>
          <Card title="Key scopes and tools">
            <p className="mb-3 text-sm text-slate-500">
              A tool or resource exists for a key only when the key holds its scope. Give read scopes ({scopes.filter((s) => s.endsWith(':read')).join(', ')}) for an assistant that only looks; add write or execute scopes only for the actions you want it to take. Every action it takes is in the audit log as <code>mcp.tool_call</code>.
            </p>
            <DataTable label="MCP tools" columns={['Tool', 'What it does', 'Scope', 'Kind', 'Your access']}>
              {data.tools.map((t) => (
                <tr key={t.name} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="px-4 py-2 font-mono text-xs">{t.name}</td>
                  <td className="px-4 py-2">{t.title}</td>
                  <td className="px-4 py-2 font-mono text-xs">{t.permission}</td>
                  <td className="px-4 py-2">{t.readOnly ? <Badge tone="slate">read</Badge> : t.destructive ? <Badge tone="red">destructive</Badge> : <Badge tone="amber">change</Badge>}</td>
                  <td className="px-4 py-2">{t.available ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </DataTable>
          </Card>
          <Card title="Resources and prompts">
            <ul className="space-y-1 text-sm">
              {data.resources.map((r) => (
                <li key={r.uriTemplate}>
                  <code className="font-mono text-xs">{r.uriTemplate}</code> — {r.title}, scope <code className="font-mono text-xs">{r.permission}</code>
                </li>
              ))}
            </ul>
            <h3 className="mt-4 text-sm font-medium">Guided workflows (prompts)</h3>
            <ul className="mt-1 space-y-1 text-sm">
              {data.prompts.map((p) => (
                <li key={p.name}>
                  <span className="font-medium">{p.title}</span> <span className="text-slate-500">({p.arguments.map((a) => a.name).join(', ') || 'no arguments'})</span>: {p.description}
                </li>
              ))}
            </ul>
          </Card>
        </>
      )}
    </div>
  );
}
