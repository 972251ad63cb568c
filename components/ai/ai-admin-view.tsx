'use client';

// /settings/ai: the partner's AI assistant at a glance for `ai:admin` — this month's budget and
// what is left, usage per user and per day, every user's conversations, and the security events
// (refused tools, out-of-scope attempts, prompt text that tries to override the instructions).
import { useState } from 'react';
import Link from 'next/link';
import { Badge, Card, ErrorText, PageHeader, Pager, Tabs } from '@/components/ui/controls';
import { DataTable } from '@/components/ui/data-table';
import { INLINE_INPUT_CLASS } from '@/components/ui/field';
import { useAdminAiSessions, useAiBudget, useAiSecurityEvents, useAiUsage, type AiBudget } from '@/hooks/use-ai';

const usd = (n: number) => `$${n.toFixed(n < 1 ? 4 : 2)}`;
const CELL = 'px-4 py-2';

function Meter({ label, used, limit, format }: { label: string; used: number; limit: number | null; format: (n: number) => string }) {
  const share = limit ? Math.min(1, used / limit) : 0;
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span data-testid={`ai-budget-${label.toLowerCase()}`}>
          {format(used)} of {limit === null ? 'no limit' : format(limit)}
        </span>
      </div>
      <div className="h-2 rounded bg-slate-100 dark:bg-slate-800" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={limit ?? 0} aria-valuenow={used}>
        <div className={`h-2 rounded ${share >= 1 ? 'bg-red-600' : share > 0.8 ? 'bg-amber-500' : 'bg-brand-600'}`} style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}

function BudgetCard({ budget }: { budget: AiBudget }) {
  return (
    <Card title={`Budget for ${budget.month}`} actions={budget.exceeded ? <Badge tone="red">Used up</Badge> : <Badge tone="green">Available</Badge>}>
      {!budget.configured && <p className="mb-3 text-sm text-amber-700 dark:text-amber-300">No model is configured on this service (AI_PROVIDER, AI_MODEL): the assistant is off.</p>}
      <div className="grid gap-4 md:grid-cols-2">
        <Meter label="Tokens" used={budget.usedTokens} limit={budget.tokenLimit} format={(n) => n.toLocaleString()} />
        <Meter label="Cost" used={budget.usedCostUsd} limit={budget.costLimitUsd} format={usd} />
      </div>
      <p className="mt-3 text-xs text-slate-500">
        Resets {new Date(budget.resetsAt).toLocaleString()}. Limits: {budget.source === 'partner' ? 'this partner’s own' : 'the service defaults'}; change them in{' '}
        <Link href="/settings/partner" className="text-brand-700 underline dark:text-brand-300">
          partner settings
        </Link>{' '}
        (<code>settings.ai</code>).
      </p>
    </Card>
  );
}

function UsageTab() {
  const usage = useAiUsage();
  const data = usage.data;
  return (
    <div className="space-y-4">
      <ErrorText error={usage.error} />
      {data && (
        <>
          <p className="text-sm" data-testid="ai-usage-totals">
            {data.totals.calls} model calls · {data.totals.totalTokens.toLocaleString()} tokens · {usd(data.totals.costUsd)}
          </p>
          <DataTable label="Usage per user" columns={['User', 'Calls', 'Input tokens', 'Output tokens', 'Cost']}>
            {data.byUser.map((u) => (
              <tr key={u.userId ?? 'none'} className="border-t border-slate-100 dark:border-slate-800">
                <td className={CELL}>{u.name ?? u.email ?? 'Deleted user'}</td>
                <td className={CELL}>{u.calls}</td>
                <td className={CELL}>{u.inputTokens.toLocaleString()}</td>
                <td className={CELL}>{u.outputTokens.toLocaleString()}</td>
                <td className={CELL}>{usd(u.costUsd)}</td>
              </tr>
            ))}
          </DataTable>
          <DataTable label="Usage per day" columns={['Day', 'Calls', 'Tokens', 'Cost']}>
            {data.byDay.map((d) => (
              <tr key={d.date} className="border-t border-slate-100 dark:border-slate-800">
                <td className={CELL}>{d.date}</td>
                <td className={CELL}>{d.calls}</td>
                <td className={CELL}>{d.totalTokens.toLocaleString()}</td>
                <td className={CELL}>{usd(d.costUsd)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </div>
  );
}

function SessionsTab() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const sessions = useAdminAiSessions({ q: q.trim() || undefined, page });
  return (
    <div className="space-y-3">
      <input type="search" aria-label="Search conversations" placeholder="Search titles and messages" value={q} onChange={(e) => (setQ(e.target.value), setPage(1))} className={`${INLINE_INPUT_CLASS} w-full sm:w-72`} />
      <ErrorText error={sessions.error} />
      <DataTable label="Conversations" testId="ai-admin-sessions" columns={['Conversation', 'User', 'Messages', 'Tokens', 'Status', 'Last activity']}>
        {sessions.data?.data.map((s) => (
          <tr key={s.id} className="border-t border-slate-100 dark:border-slate-800">
            <td className={CELL}>{s.title}</td>
            <td className={CELL}>{s.userName || s.userEmail}</td>
            <td className={CELL}>{s.messageCount}</td>
            <td className={CELL}>{(s.inputTokens + s.outputTokens).toLocaleString()}</td>
            <td className={CELL}>{s.pendingExecutions ? <Badge tone="amber">{s.pendingExecutions} waiting</Badge> : <Badge>{s.status}</Badge>}</td>
            <td className={CELL}>{new Date(s.updatedAt).toLocaleString()}</td>
          </tr>
        ))}
      </DataTable>
      {sessions.data && <Pager page={page} total={sessions.data.pagination.total} limit={sessions.data.pagination.limit} onPage={setPage} />}
    </div>
  );
}

const KIND_LABEL: Record<string, string> = {
  tool_not_permitted: 'Tool not permitted',
  tool_refused: 'Refused by the API',
  out_of_scope: 'Outside the user’s scope',
  prompt_injection: 'Instruction override attempt',
};

function SecurityTab() {
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const events = useAiSecurityEvents({ kind: kind || undefined, page });
  return (
    <div className="space-y-3">
      <select aria-label="Kind" value={kind} onChange={(e) => (setKind(e.target.value), setPage(1))} className={INLINE_INPUT_CLASS}>
        <option value="">All kinds</option>
        {Object.entries(KIND_LABEL).map(([k, label]) => (
          <option key={k} value={k}>
            {label}
          </option>
        ))}
      </select>
      <ErrorText error={events.error} />
      <DataTable label="Security events" testId="ai-security-events" columns={['When', 'Kind', 'User', 'Tool', 'Detail']}>
        {events.data?.data.map((e) => (
          <tr key={e.id} className="border-t border-slate-100 align-top dark:border-slate-800">
            <td className={`${CELL} whitespace-nowrap`}>{new Date(e.createdAt).toLocaleString()}</td>
            <td className={CELL}>
              <Badge tone={e.kind === 'prompt_injection' ? 'amber' : 'red'}>{KIND_LABEL[e.kind] ?? e.kind}</Badge>
            </td>
            <td className={CELL}>{e.userEmail ?? '—'}</td>
            <td className={CELL}>{e.toolName ?? '—'}</td>
            <td className={CELL}>
              <div>{e.detail}</div>
              {e.excerpt && <code className="mt-1 block break-all text-xs text-slate-500">{e.excerpt}</code>}
            </td>
          </tr>
        ))}
      </DataTable>
      {events.data?.data.length === 0 && <p className="text-sm text-slate-500">No security events{kind ? ' of this kind' : ''}.</p>}
      {events.data && <Pager page={page} total={events.data.pagination.total} limit={events.data.pagination.limit} onPage={setPage} />}
    </div>
  );
}

type Tab = 'usage' | 'sessions' | 'security';

export function AiAdminView() {
  const budget = useAiBudget();
  const [tab, setTab] = useState<Tab>('usage');
  return (
    <div className="space-y-4">
      <PageHeader title="AI assistant" description="The assistant acts with each user’s own permissions; changes wait for the user’s approval. Here: the monthly budget, usage, every conversation and what the assistant refused or noticed." />
      <ErrorText error={budget.error} />
      {budget.data && <BudgetCard budget={budget.data} />}
      <Tabs
        label="AI assistant"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'usage', label: 'Usage' },
          { id: 'sessions', label: 'Conversations' },
          { id: 'security', label: 'Security events' },
        ]}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'usage' && <UsageTab />}
        {tab === 'sessions' && <SessionsTab />}
        {tab === 'security' && <SecurityTab />}
      </div>
    </div>
  );
}
