// GET /api/v1/remote/sessions/:id/transcript — download a terminal session's transcript.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { transcriptResponse } from '@/lib/remote/transcripts';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Download a terminal transcript',
  description:
    'The output the terminal showed (what was typed, as the terminal echoed it; escape sequences included), up to REMOTE_TRANSCRIPT_MAX_BYTES (default 1 MiB; `x-transcript-truncated: true` when cut). Stored in the object store when S3_BUCKET is configured, else in PostgreSQL. 404 before the session ended.',
  tags: ['Remote access'],
  handler: ({ ctx, params }) => transcriptResponse(ctx, params.id),
});
