// The answers of an agent that cannot do something on its operating system: 422
// UNSUPPORTED_ON_PLATFORM with the reason, never an empty list that would read as "nothing there".
import { ToolError } from '../channel';
import type { RegistryTools } from './types';

export const OS_LABEL: Record<string, string> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' };

export function unsupported(message: string): () => Promise<never> {
  return async () => {
    throw new ToolError('UNSUPPORTED_ON_PLATFORM', message);
  };
}

/** The Windows registry operations on an agent of another OS. */
export function registryUnsupported(platform: NodeJS.Platform): RegistryTools {
  const fail = unsupported(`The Windows registry does not exist on ${OS_LABEL[platform] ?? platform}: registry operations need a Windows agent`);
  return { keys: fail, values: fail, getValue: fail, setValue: fail, deleteValue: fail, createKey: fail, deleteKey: fail };
}
