'use client';

// Drag-and-drop (or pick) up to 5 files. Each is checked here before upload — size, and type
// from its first bytes with the same sniffing the server uses — and the server checks again.
import { useState, type DragEvent } from 'react';
import { SNIFF_BYTES, sniffAttachmentType } from '@/lib/tickets/attachments/sniff-attachment-type';

export const MAX_FILES = 5;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export async function checkFile(file: File): Promise<string | null> {
  if (file.size > MAX_FILE_BYTES) return `${file.name} is larger than 10 MiB`;
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffAttachmentType(head) ? null : `${file.name} is not a JPEG, PNG, WebP or PDF file`;
}

const formatSize = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

export function FileDropZone({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const [over, setOver] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  async function add(list: FileList | File[]) {
    const incoming = [...list];
    const errors: string[] = [];
    const accepted: File[] = [];
    for (const file of incoming) {
      const problem = await checkFile(file);
      if (problem) errors.push(problem);
      else accepted.push(file);
    }
    const room = MAX_FILES - files.length;
    if (accepted.length > room) errors.push(`At most ${MAX_FILES} files per message`);
    setProblems(errors);
    onChange([...files, ...accepted.slice(0, Math.max(0, room))]);
  }

  function drop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault();
    setOver(false);
    if (e.dataTransfer.files.length) void add(e.dataTransfer.files);
  }

  return (
    <div className="space-y-2">
      {/* A label around the file input: clicking anywhere chooses files, the keyboard reaches the
          input itself (its focus ring drawn on the zone), and the visible text is its name. */}
      <label
        data-testid="drop-zone"
        onDragOver={(e) => (e.preventDefault(), setOver(true))}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={`block cursor-pointer rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-[var(--portal-accent)] ${over ? 'border-[var(--portal-accent)] bg-slate-100' : 'border-slate-300 bg-white'}`}
      >
        <span className="block font-medium text-slate-700">Drop files here or click to choose</span>
        <span className="mt-1 block text-xs text-slate-600">JPEG, PNG, WebP or PDF · up to 10 MiB each · at most {MAX_FILES}</span>
        <input
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,application/pdf"
          className="sr-only"
          data-testid="file-input"
          onChange={(e) => {
            if (e.target.files) void add(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      {problems.map((p) => (
        <p key={p} role="alert" className="text-xs text-red-600">
          {p}
        </p>
      ))}
      {files.length > 0 && (
        <ul className="space-y-1" aria-label="Files to attach">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="flex items-center justify-between rounded-md bg-slate-100 px-3 py-1.5 text-sm">
              <span>
                {f.name} <span className="text-xs text-slate-500">({formatSize(f.size)})</span>
              </span>
              <button type="button" className="text-xs text-red-600 hover:underline" onClick={() => onChange(files.filter((_, j) => j !== i))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
