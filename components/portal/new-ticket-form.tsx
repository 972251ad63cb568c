'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/client/portal-client';
import { useCreatePortalTicket } from '@/hooks/use-portal';
import { inputClass, primaryButton } from '@/components/portal/brand-style';
import { PortalField } from '@/components/portal/portal-field';
import { FileDropZone } from '@/components/portal/file-drop-zone';

export function NewTicketForm() {
  const router = useRouter();
  const create = useCreatePortalTicket();
  const [files, setFiles] = useState<File[]>([]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = new FormData();
    for (const field of ['subject', 'description', 'priority', 'type']) body.set(field, String(form.get(field) ?? ''));
    for (const file of files) body.append('files', file);
    create.mutate(body, { onSuccess: (ticket) => router.push(`/portal/tickets/${ticket.id}`) });
  }

  const error = create.error instanceof ApiError ? create.error : null;
  return (
    <form onSubmit={submit} className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-label="New ticket">
      <PortalField label="Subject" name="subject" required maxLength={255} placeholder="What do you need help with?" />
      <div className="space-y-1">
        <label htmlFor="description" className="block text-sm font-medium text-slate-700">
          Description
        </label>
        <textarea id="description" name="description" rows={6} maxLength={100_000} className={inputClass} placeholder="What happened, since when, what you already tried" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor="type" className="block text-sm font-medium text-slate-700">
            Kind of request
          </label>
          <select id="type" name="type" defaultValue="incident" className={inputClass}>
            <option value="incident">Something is broken</option>
            <option value="service_request">I need something</option>
            <option value="question">I have a question</option>
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="priority" className="block text-sm font-medium text-slate-700">
            Urgency
          </label>
          <select id="priority" name="priority" defaultValue="p3" className={inputClass}>
            <option value="p1">Critical — work has stopped</option>
            <option value="p2">High</option>
            <option value="p3">Normal</option>
            <option value="p4">Low</option>
          </select>
        </div>
      </div>
      <div className="space-y-1">
        <span className="block text-sm font-medium text-slate-700">Attachments</span>
        <FileDropZone files={files} onChange={setFiles} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error.code === 'service_management_off' ? 'New tickets cannot be opened here at the moment; contact your IT provider directly.' : error.message}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={create.isPending}>
        {create.isPending ? 'Sending…' : 'Open ticket'}
      </button>
    </form>
  );
}
