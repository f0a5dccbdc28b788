export declare function normaliseAddress(raw: string): string | null;
export declare function clientNetwork(address: string): string;
