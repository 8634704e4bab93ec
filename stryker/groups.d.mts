export declare const groups: Record<string, { mutate: string[]; tests: string[] }>;
