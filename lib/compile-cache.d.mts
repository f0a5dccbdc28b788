export function keepCompiledCode(): void;
