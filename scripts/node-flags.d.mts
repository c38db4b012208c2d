export const ENGINE_V8_FLAGS: string[];
export function engineNodeOptions(existing?: string): string;
