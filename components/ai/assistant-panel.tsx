'use client';

// The assistant's side panel, opened from the console's top bar on any page: a conversation
// whose answer streams in, the tools it used, approve/deny cards for the changes it asks to make
// (showing the exact API call), and the history of conversations with search.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/client/api-client';
import { Badge, ErrorText } from '@/components/ui/controls';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS } from '@/components/ui/field';
import {
  streamAi,
  useAiBudget,
  useAiSession,
  useAiSessions,
  useCreateAiSession,
  useDeleteAiSession,
  useInterruptAiSession,
  useRefreshAi,
  type AiSessionDetail,
  type AiStreamEvent,
} from '@/hooks/use-ai';

type Execution = AiSessionDetail['executions'][number];

/** What the running turn has streamed so far (shown until the stored conversation catches up). */
interface LiveTurn {
  question: string | null;
  text: string;
  tools: Record<string, { name: string; title: string; method: string; path: string; arguments: Record<string, unknown>; status: string; httpStatus: number | null }>;
}

const TOOL_TONE: Record<string, 'green' | 'red' | 'amber' | 'slate' | 'blue'> = {
  succeeded: 'green',
  failed: 'red',
  refused: 'red',
  denied: 'slate',
  cancelled: 'slate',
  pending: 'amber',
  pending_approval: 'amber',
  running: 'blue',
};

type CardExecution = Pick<Execution, 'id' | 'toolName' | 'method' | 'path' | 'arguments' | 'httpStatus'> & { status: string; title?: string };

function ToolCard({ execution, onDecide, busy }: { execution: CardExecution; onDecide?: (approve: boolean) => void; busy?: boolean }) {
  const pending = execution.status === 'pending' || execution.status === 'pending_approval';
  return (
    <div
      data-testid={pending ? 'ai-approval-card' : 'ai-tool-card'}
      className={`rounded-md border px-3 py-2 text-xs ${pending ? 'border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950' : 'border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800'}`}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">{execution.title ?? execution.toolName}</span>
        <Badge tone={TOOL_TONE[execution.status] ?? 'slate'}>{pending ? 'waiting for approval' : execution.status}</Badge>
      </div>
      <code className="mt-1 block break-all font-mono">
        {execution.method} {execution.path}
      </code>
      {pending && (
        <>
          <pre className="mt-1 max-h-32 overflow-auto whitespace-pre-wrap break-all font-mono text-[0.7rem]">{JSON.stringify(execution.arguments, null, 1)}</pre>
          {onDecide && (
            <div className="mt-2 flex gap-2">
              <Button onClick={() => onDecide(true)} disabled={busy}>
                Approve
              </Button>
              <Button variant="secondary" onClick={() => onDecide(false)} disabled={busy}>
                Deny
              </Button>
            </div>
          )}
        </>
      )}
      {execution.httpStatus !== null && !pending && <div className="mt-1 text-slate-500">HTTP {execution.httpStatus}</div>}
    </div>
  );
}

function Conversation({ detail, live, busy, onDecide }: { detail: AiSessionDetail | undefined; live: LiveTurn | null; busy: boolean; onDecide: (executionId: string, approve: boolean) => void }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Braces: newer browsers' scrollIntoView returns a promise, which React would call as a cleanup.
    void end.current?.scrollIntoView({ block: 'end' });
  }, [detail, live]);
  const byMessage = new Map<string, Execution[]>();
  for (const e of detail?.executions ?? []) byMessage.set(e.messageId, [...(byMessage.get(e.messageId) ?? []), e]);
  const liveIds = new Set(Object.keys(live?.tools ?? {}));
  return (
    <div className="flex-1 space-y-3 overflow-y-auto px-4 py-3 text-sm" data-testid="ai-conversation" aria-live="polite">
      {detail?.messages.map((m) => (
        <div key={m.id} className={m.role === 'user' ? 'ml-8 rounded-md bg-brand-50 px-3 py-2 dark:bg-brand-950' : 'space-y-2'} data-testid={`ai-message-${m.role}`}>
          {m.text && <p className="whitespace-pre-wrap">{m.text}</p>}
          {m.stopReason === 'interrupted' && <p className="text-xs text-slate-500">(stopped)</p>}
          {(byMessage.get(m.id) ?? [])
            .filter((e) => !liveIds.has(e.id))
            .map((e) => (
              <ToolCard key={e.id} execution={e} busy={busy} onDecide={(approve) => onDecide(e.id, approve)} />
            ))}
        </div>
      ))}
      {live && (
        <div className="space-y-2" data-testid="ai-live">
          {live.question && <div className="ml-8 rounded-md bg-brand-50 px-3 py-2 whitespace-pre-wrap dark:bg-brand-950">{live.question}</div>}
          {live.text && <p className="whitespace-pre-wrap" data-testid="ai-live-text">{live.text}</p>}
          {Object.entries(live.tools).map(([id, t]) => (
            <ToolCard key={id} execution={{ id, toolName: t.name, title: t.title, method: t.method, path: t.path, arguments: t.arguments, status: t.status, httpStatus: t.httpStatus }} />
          ))}
          {busy && <p className="text-xs text-slate-500" role="status">Thinking…</p>}
        </div>
      )}
      <div ref={end} />
    </div>
  );
}

function History({ onPick, onClose }: { onPick: (id: string) => void; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const sessions = useAiSessions(search);
  const remove = useDeleteAiSession();
  return (
    <div className="flex flex-1 flex-col overflow-hidden">
      <div className="flex items-center gap-2 px-4 py-2">
        <input type="search" aria-label="Search conversations" placeholder="Search conversations" value={search} onChange={(e) => setSearch(e.target.value)} className={INPUT_CLASS} />
        <Button variant="secondary" onClick={onClose}>
          Back
        </Button>
      </div>
      <ErrorText error={sessions.error} />
      <ul className="flex-1 overflow-y-auto px-2" data-testid="ai-history">
        {sessions.data?.data.length === 0 && <li className="px-2 py-3 text-sm text-slate-500">No conversations{search ? ' match' : ' yet'}.</li>}
        {sessions.data?.data.map((s) => (
          <li key={s.id} className="flex items-start gap-2 rounded-md px-2 py-2 hover:bg-slate-100 dark:hover:bg-slate-800">
            <button type="button" className="min-w-0 flex-1 text-left" onClick={() => onPick(s.id)}>
              <div className="truncate text-sm font-medium">{s.title}</div>
              {'match' in s && typeof s.match === 'string' && <div className="truncate text-xs text-slate-500">{s.match}</div>}
              <div className="text-xs text-slate-500">
                {new Date(s.updatedAt).toLocaleString()}
                {s.pendingExecutions > 0 && ` · ${s.pendingExecutions} waiting for approval`}
              </div>
            </button>
            <button type="button" aria-label={`Delete ${s.title}`} className="text-xs text-slate-500 hover:text-red-600" onClick={() => remove.mutate(s.id)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AssistantPanel({ onClose }: { onClose: () => void }) {
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const [draft, setDraft] = useState('');
  const [live, setLive] = useState<LiveTurn | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const detail = useAiSession(sessionId);
  const budget = useAiBudget();
  const create = useCreateAiSession();
  const interrupt = useInterruptAiSession();
  const refresh = useRefreshAi();
  const abort = useRef<AbortController | null>(null);
  const notConfigured = budget.data?.configured === false || (error instanceof ApiError && error.code === 'AI_NOT_CONFIGURED');

  const onEvent = (e: AiStreamEvent) => {
    setLive((cur) => {
      const turn = cur ?? { question: null, text: '', tools: {} };
      switch (e.event) {
        case 'text':
          return { ...turn, text: turn.text + e.data.delta };
        case 'tool_call':
          return { ...turn, tools: { ...turn.tools, [e.data.executionId]: { name: e.data.name, title: e.data.title, method: e.data.method, path: e.data.path, arguments: e.data.arguments, status: e.data.status, httpStatus: null } } };
        case 'tool_result': {
          const t = turn.tools[e.data.executionId];
          return t ? { ...turn, tools: { ...turn.tools, [e.data.executionId]: { ...t, status: e.data.status, httpStatus: e.data.httpStatus } } } : turn;
        }
        default:
          return turn;
      }
    });
    if (e.event === 'error') setError(new ApiError(200, e.data.code, e.data.message));
  };

  const run = async (id: string, path: string, body: unknown, question: string | null) => {
    setBusy(true);
    setError(null);
    setLive({ question, text: '', tools: {} });
    abort.current = new AbortController();
    try {
      await streamAi(path, body, onEvent, abort.current.signal);
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError')) setError(err);
    } finally {
      abort.current = null;
      await detail.refetch().catch(() => undefined);
      refresh(id);
      setLive(null);
      setBusy(false);
    }
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const content = draft.trim();
    if (!content || busy) return;
    let id = sessionId;
    try {
      if (!id) {
        id = (await create.mutateAsync()).id;
        setSessionId(id);
      }
    } catch (err) {
      setError(err);
      return;
    }
    setDraft('');
    await run(id, `/ai/sessions/${id}/messages`, { content }, content);
  };

  const decide = (executionId: string, approve: boolean) => {
    if (sessionId) void run(sessionId, `/ai/sessions/${sessionId}/approve/${executionId}`, { approve }, null);
  };

  const stop = () => {
    if (sessionId) interrupt.mutate(sessionId);
  };

  return (
    <aside role="dialog" aria-modal="false" aria-label="AI assistant" data-testid="ai-panel" className="fixed inset-y-0 right-0 z-40 flex w-full max-w-md flex-col border-l border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <h2 className="truncate text-base font-semibold">{showHistory ? 'Conversations' : (detail.data?.title ?? 'AI assistant')}</h2>
        <div className="flex items-center gap-2">
          <Button variant="secondary" onClick={() => setShowHistory((v) => !v)} disabled={busy}>
            History
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setSessionId(null);
              setShowHistory(false);
              setError(null);
            }}
            disabled={busy}
          >
            New
          </Button>
          <button type="button" aria-label="Close assistant" onClick={onClose} className="rounded px-2 text-xl leading-none text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
            ×
          </button>
        </div>
      </div>
      {showHistory ? (
        <History
          onPick={(id) => {
            setSessionId(id);
            setShowHistory(false);
          }}
          onClose={() => setShowHistory(false)}
        />
      ) : notConfigured ? (
        <div className="p-4 text-sm" data-testid="ai-not-configured">
          The AI assistant is not configured on this service. An operator turns it on by setting <code>AI_PROVIDER</code> and <code>AI_MODEL</code> (and the provider&apos;s key or a local model server&apos;s <code>AI_BASE_URL</code>).
        </div>
      ) : (
        <>
          {!sessionId && !live && (
            <div className="px-4 py-3 text-sm text-slate-600 dark:text-slate-400">
              Ask about your devices, alerts, tickets or patches. The assistant looks things up with your own permissions; anything that changes something waits for your approval here.
            </div>
          )}
          <Conversation detail={sessionId ? detail.data : undefined} live={live} busy={busy} onDecide={decide} />
          {error !== null && (
            <div className="px-4 pb-2" role="alert">
              <ErrorText error={error} />
            </div>
          )}
          {budget.data?.exceeded && <p className="px-4 pb-2 text-xs text-red-700 dark:text-red-400">This month&apos;s AI budget is used up; it resets {new Date(budget.data.resetsAt).toLocaleDateString()}.</p>}
          <form onSubmit={send} className="flex items-end gap-2 border-t border-slate-200 p-3 dark:border-slate-700">
            <label htmlFor="ai-input" className="sr-only">
              Message
            </label>
            <textarea
              id="ai-input"
              rows={2}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) void send(e);
              }}
              placeholder="Ask the assistant…"
              className={INPUT_CLASS}
            />
            {busy ? (
              <Button type="button" variant="secondary" onClick={stop}>
                Stop
              </Button>
            ) : (
              <Button type="submit" disabled={!draft.trim()}>
                Send
              </Button>
            )}
          </form>
        </>
      )}
    </aside>
  );
}
