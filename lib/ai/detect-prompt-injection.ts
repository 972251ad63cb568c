// Text that tries to override the assistant's instructions: asking it to ignore or forget its
// rules, to reveal its system prompt, to switch into an unrestricted persona, or to act beyond
// the user's permissions. Matching text is logged as a security event; it is not blocked (the
// tools still run with the user's own permissions, so the text gains nothing by succeeding).

const PATTERNS: { name: string; pattern: RegExp }[] = [
  { name: 'ignore_instructions', pattern: /\b(ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}\b(previous|prior|above|earlier|all|your|system|the)\b[^.\n]{0,30}\b(instructions?|rules|prompts?|guidelines|guardrails|restrictions)\b/i },
  { name: 'reveal_system_prompt', pattern: /\b(reveal|show|print|repeat|output|leak|tell me)\b[^.\n]{0,30}\b(system|hidden|initial|original)\s+(prompt|instructions?|message)\b/i },
  { name: 'persona_switch', pattern: /\b(you are now|from now on you are|act as|pretend to be)\b[^.\n]{0,40}\b(unrestricted|jailbroken|DAN|developer mode|no (rules|limits|restrictions)|admin(istrator)?|root)\b/i },
  { name: 'developer_mode', pattern: /\b(developer|god|jailbreak|sudo)\s+mode\b/i },
  { name: 'escalate_permissions', pattern: /\b(without|skip|no)\s+(approval|permission checks?|confirmation)\b|\b(grant|give)\s+(yourself|me)\b[^.\n]{0,20}\b(admin|all permissions|full access)\b/i },
  { name: 'fake_system_turn', pattern: /^\s*(system|assistant)\s*:|<\/?(system|instructions)>|\[\/?INST\]/im },
];

export interface InjectionFinding {
  rule: string;
  excerpt: string;
}

export function detectPromptInjection(text: string): InjectionFinding | null {
  for (const { name, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) {
      const start = Math.max(0, match.index - 40);
      return { rule: name, excerpt: text.slice(start, match.index + match[0].length + 40).replace(/\s+/g, ' ').trim().slice(0, 500) };
    }
  }
  return null;
}
