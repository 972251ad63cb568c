// Doc 2 limits for ticket attachments.
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_PENDING_UPLOADS_PER_USER = 20;
export const UPLOADS_PER_MINUTE_PER_USER = 30;
export const PENDING_UPLOAD_LIFETIME_HOURS = 24;
export const ATTACHMENT_CACHE_CONTROL = 'private, max-age=300';

export const attachmentObjectKey = (attachmentId: string) => `ticket-attachments/${attachmentId}`;
