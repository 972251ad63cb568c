// Types of what tests import from build-agent-binaries.mjs.
export declare const NODE_VERSION: string;
export declare const RUNTIMES: { os: string; arch: string; pkg: string; bin: string; format: 'elf' | 'pe' | 'macho'; integrity: string }[];
export declare function binaryName(t: { os: string; arch: string }): string;
export declare function stripMachOSignature(buf: Buffer): Buffer;
export declare function stripPeSignature(buf: Buffer): Buffer;
