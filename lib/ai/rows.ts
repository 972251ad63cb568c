// The row types of the assistant's tables, as the domain code passes them around.
import type { AiMessage, AiSession, AiToolExecution } from '@/lib/generated/prisma/client';

export type AiSessionRow = AiSession;
export type AiMessageRow = AiMessage;
export type AiExecution = AiToolExecution;
