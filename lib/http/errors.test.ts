import { describe, expect, it } from 'vitest';
import { AppError } from './errors';

describe('AppError', () => {
  it('recognises an AppError made by another copy of the module (the custom server’s)', () => {
    const foreign = Object.assign(new Error('offline'), { name: 'AppError', code: 'AGENT_OFFLINE', status: 409 });
    expect(foreign instanceof AppError).toBe(true);
    expect(new AppError('X', 400, 'x') instanceof AppError).toBe(true);
    expect(new Error('plain') instanceof AppError).toBe(false);
    expect(Object.assign(new Error('x'), { name: 'AppError' }) instanceof AppError).toBe(false);
    expect((null as unknown) instanceof AppError).toBe(false);
  });
});
