// Which model the assistant talks to, from the configuration (lib/env.ts): a provider and a
// model make it on; without them every route that needs a model answers 409 AI_NOT_CONFIGURED.
import { env } from '@/lib/env';
import { AppError } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';
import { anthropicAdapter } from '@/lib/ai/adapters/anthropic-adapter';
import { openAiAdapter } from '@/lib/ai/adapters/openai-adapter';
import type { ModelAdapter } from '@/lib/ai/adapters/types';
import { modelFetch } from '@/lib/ai/model-fetch';

export interface AiModelSettings {
  provider: 'anthropic' | 'openai';
  model: string;
  apiKey: string | undefined;
  baseUrl: string | undefined;
  maxOutputTokens: number;
  maxToolRounds: number;
  inputCostPerMTok: number;
  outputCostPerMTok: number;
}

export function aiModelSettings(): AiModelSettings | null {
  const config = env();
  if (!config.AI_PROVIDER || !config.AI_MODEL) return null;
  return {
    provider: config.AI_PROVIDER,
    model: config.AI_MODEL,
    apiKey: config.AI_API_KEY,
    baseUrl: config.AI_BASE_URL,
    maxOutputTokens: config.AI_MAX_OUTPUT_TOKENS,
    maxToolRounds: config.AI_MAX_TOOL_ROUNDS,
    inputCostPerMTok: config.AI_INPUT_COST_PER_MTOK_USD,
    outputCostPerMTok: config.AI_OUTPUT_COST_PER_MTOK_USD,
  };
}

let warned = false;

/** The settings, or 409 AI_NOT_CONFIGURED (logged once per process so operators see why). */
export function requireAiModel(): AiModelSettings {
  const settings = aiModelSettings();
  if (settings) return settings;
  if (!warned) {
    warned = true;
    logger.warn('AI assistant is off: set AI_PROVIDER and AI_MODEL (and AI_API_KEY, AI_BASE_URL as the provider needs)');
  }
  throw new AppError('AI_NOT_CONFIGURED', 409, 'The AI assistant is not configured on this service: an operator sets AI_PROVIDER and AI_MODEL (see .env.example)');
}

export function modelAdapter(settings: AiModelSettings): ModelAdapter {
  const options = { apiKey: settings.apiKey, baseUrl: settings.baseUrl, model: settings.model, fetch: modelFetch as typeof fetch };
  return settings.provider === 'anthropic' ? anthropicAdapter(options) : openAiAdapter(options);
}

/** Millionths of a dollar for one call's tokens. */
export function costMicros(settings: Pick<AiModelSettings, 'inputCostPerMTok' | 'outputCostPerMTok'>, inputTokens: number, outputTokens: number): number {
  return Math.round(inputTokens * settings.inputCostPerMTok + outputTokens * settings.outputCostPerMTok);
}
